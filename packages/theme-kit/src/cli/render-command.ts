/** `theme-kit render [--theme DIR] [--configDir DIR] [--out DIR] [--seed N] [--language CODE]` */
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sourceDateEpoch, stringValue } from '@commerce-kit/internal/cli/args';
import type { Command } from '@commerce-kit/internal/cli/command';
import { EXIT, UsageError } from '@commerce-kit/internal/cli/io';
import { confinedFile } from '@commerce-kit/internal/local-server/files';
import { EStoreLanguage } from '@commerce-kit/theme-config';
import type { ThemeDiagnostic } from '../diagnostics.js';
import { ThemeRenderError } from '../errors.js';
import { ASSETS_FOLDER } from '../theme/files.js';
import { openTheme } from '../theme/open.js';
import { mockLocaleNote } from '../theme/mock-locale.js';
import { reportErrors } from './report-tool.js';
import { readThemeOptions, shown, THEME_HELP, THEME_OPTIONS } from './theme-options.js';

const DEFAULT_OUT = 'theme-render';

/** Where a page's HTML goes: `/` -> `index.html`, `/blog/hello` -> `blog/hello/index.html`. */
const fileOf = (out: string, route: string): string =>
  path.join(
    out,
    ...route
      .split('/')
      .filter(Boolean)
      .map((segment) => {
        // A segment that would decode to a step out of --out, or a separator, is written as it is.
        const decoded = decodeURIComponent(segment);
        return decoded === '.' || decoded === '..' || /[\\/\0]/.test(decoded) ? segment : decoded;
      }),
    'index.html',
  );

/** The `render` subcommand. */
export const renderCommand: Command = {
  name: 'render',
  summary: 'render every page of the theme to static HTML (for snapshot tests and sharing)',
  usage: '[--theme DIR] [--configDir DIR] [--out DIR] [--seed N] [--language CODE|all]',
  help: [
    ...THEME_HELP,
    `  --out DIR         where to write (default: ./${DEFAULT_OUT}); replaced as a whole`,
    '  --language all    one tree per language: <out>/da-DK/..., <out>/de-DE/..., each with its assets',
    '',
    'Writes index.html for /, /blog, each article, category and product (as <path>/index.html), 404.html when',
    'the theme has templates/404.liquid, and copies assets/. The mock store is the same on every run of a',
    'day (set SOURCE_DATE_EPOCH to pin the day). Nothing is written when a page fails.',
    '',
    'Exit status: 0 written, 1 the theme has errors (reported as `check` reports them), 2 usage error.',
  ].join('\n'),
  options: { ...THEME_OPTIONS, out: { type: 'string' } },
  async run({ program, values, positionals }, io) {
    if (values['language'] === 'all') {
      // One tree per language: out/da-DK/..., out/de-DE/..., each a complete site with its assets.
      const outText = stringValue(values, 'out') ?? DEFAULT_OUT;
      if (outText === '') throw new UsageError('--out needs a directory');
      const options = readThemeOptions({ ...values, language: undefined }, io);
      const out = path.resolve(io.cwd, outText);
      if (out === options.theme || options.theme.startsWith(`${out}${path.sep}`))
        throw new UsageError('--out must not be the theme directory or contain it: it is replaced as a whole');
      await rm(out, { recursive: true, force: true });
      let status: number = EXIT.OK;
      for (const language of Object.values(EStoreLanguage)) {
        const code = await renderCommand.run(
          { program, positionals, values: { ...values, language, out: path.join(out, language) } },
          io,
        );
        status = Math.max(status, code);
        if (code !== EXIT.OK) break;
      }
      return status;
    }
    const options = readThemeOptions(values, io);
    const outText = stringValue(values, 'out') ?? DEFAULT_OUT;
    if (outText === '') throw new UsageError('--out needs a directory');
    const out = path.resolve(io.cwd, outText);
    if (out === options.theme || options.theme.startsWith(`${out}${path.sep}`))
      throw new UsageError('--out must not be the theme directory or contain it: it is replaced as a whole');
    const theme = await openTheme({ ...options, clock: sourceDateEpoch(io.env) });
    const pages = new Map<string, string>();
    const problems: ThemeDiagnostic[] = [];
    if (theme.diagnostics.some((d) => d.severity === 'error')) problems.push(...theme.diagnostics);
    else {
      for (const route of theme.routes()) {
        try {
          pages.set(fileOf(out, route), (await theme.render(route)).html);
        } catch (error) {
          if (!(error instanceof ThemeRenderError)) throw error;
          for (const d of error.diagnostics)
            if (!problems.some((p) => JSON.stringify(p) === JSON.stringify(d))) problems.push(d);
        }
      }
      if (theme.files.has('templates/404.liquid') && problems.length === 0) {
        const missing = await theme.render('/404.html').catch((error: unknown) => {
          if (error instanceof ThemeRenderError) problems.push(...error.diagnostics);
          return undefined;
        });
        if (missing) pages.set(path.join(out, '404.html'), missing.html);
      }
    }
    if (problems.length > 0) {
      reportErrors(io, problems, theme.files.size);
      io.stderr.write(`${program} render: nothing written\n`);
      return EXIT.INVALID;
    }
    try {
      await rm(out, { recursive: true, force: true });
      for (const [file, html] of pages) {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, html);
      }
      // The listed assets only, each read through its real path inside assets/: no link out, no dotfile.
      const assetsDir = path.join(options.theme, ASSETS_FOLDER);
      for (const asset of theme.assets) {
        const source = await confinedFile(assetsDir, asset.split('/'));
        if (source === undefined) continue;
        const target = path.join(out, ASSETS_FOLDER, ...asset.split('/'));
        await mkdir(path.dirname(target), { recursive: true });
        await copyFile(source, target);
      }
    } catch (error) {
      io.stderr.write(
        `${program} render: cannot write ${shown(io, out)} (${(error as NodeJS.ErrnoException).code ?? String(error)})\n`,
      );
      return EXIT.INVALID;
    }
    io.stdout.write(
      `${program} render: ${pages.size} pages and ${theme.assets.length} assets written to ${shown(io, out)}\n`,
    );
    const note = mockLocaleNote(theme.mockLocale);
    if (note !== undefined) io.stdout.write(`${program} render: ${note}\n`);
    return EXIT.OK;
  },
};
