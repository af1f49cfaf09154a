/** `theme-kit console [--theme DIR] [--configDir DIR] [--url /products/...] [--seed N] [--language CODE]` */
import { stringValue } from '@commerce-kit/internal/cli/args';
import { useColor } from '@commerce-kit/internal/cli/color';
import type { Command } from '@commerce-kit/internal/cli/command';
import { EXIT, UsageError } from '@commerce-kit/internal/cli/io';
import { diagnosticLine } from '@commerce-kit/internal/cli/report';
import { createColors } from 'picocolors';
import { runConsole } from '../console/console.js';
import { resolveRoute } from '../render/routes.js';
import { openTheme } from '../theme/open.js';
import { reportErrors } from './report-tool.js';
import { readThemeOptions, THEME_HELP, THEME_OPTIONS } from './theme-options.js';

/** The `console` subcommand. */
export const consoleCommand: Command = {
  name: 'console',
  summary: 'evaluate Liquid on the mock store, with the objects of a page (a REPL; piped input works too)',
  usage: '[--theme DIR] [--configDir DIR] [--url PATH] [--seed N] [--language CODE]',
  help: [
    ...THEME_HELP,
    '  --url PATH        the page whose objects the entries see (default: /), e.g. /products/harbor-blend',
    '',
    'Each line is rendered as Liquid: {{ store.storeName | upcase }}, a tag ({% assign n = 3 %}: kept for the',
    'next lines), or a bare expression (read as {{ ... }}). A block tag left open continues on the next lines.',
    'On a terminal: history, and Tab completes objects and their fields, filters after | and tags after {%.',
    'From a pipe: prints each result and ends with the input.',
    '',
    'Exit status: 0 done, 1 the theme has errors or an entry failed (piped input), 2 usage error.',
  ].join('\n'),
  options: { ...THEME_OPTIONS, url: { type: 'string' } },
  async run({ program, values }, io) {
    const options = readThemeOptions(values, io);
    const url = stringValue(values, 'url') ?? '/';
    if (!url.startsWith('/')) throw new UsageError(`--url must be a path starting with /, not ${JSON.stringify(url)}`);
    const theme = await openTheme(options);
    const c = createColors(useColor(io.stderr, io.env));
    const errors = theme.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0 || !theme.data) {
      reportErrors(io, errors, theme.files.size);
      io.stderr.write(`${program} console: the theme cannot render\n`);
      return EXIT.INVALID;
    }
    const page = resolveRoute(url, theme.data);
    if (!page.found) throw new UsageError(`--url ${url} names no page of the mock store: ${page.reason}`);
    const stdin = process.stdin;
    const terminal = stdin.isTTY === true && io.stdout.isTTY === true;
    const result = await runConsole({
      renderer: theme.renderer,
      data: theme.data,
      url,
      input: stdin,
      output: io.stdout,
      errors: io.stderr,
      terminal,
      formatDiagnostic: (d) => diagnosticLine(d, c),
    });
    return !terminal && result.failed > 0 ? EXIT.INVALID : EXIT.OK;
  },
};
