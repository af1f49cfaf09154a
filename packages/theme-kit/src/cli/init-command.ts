/** `theme-kit init [DIR]`: writes the starter theme (never overwriting a file) and maps the config schemas in DIR's editor settings. */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from '@commerce-kit/internal/cli/command';
import { EXIT } from '@commerce-kit/internal/cli/io';
import { editorCommand } from '@commerce-kit/theme-config/cli';
import { starterTheme } from '../starter/files.js';
import { shown } from './theme-options.js';
import { errnoCode } from '@commerce-kit/internal/errno';

/** The `init` subcommand. */
export const initCommand: Command = {
  name: 'init',
  summary: 'write a starter theme that renders at once (templates, snippets, assets, the seven config files)',
  usage: '[DIR]',
  help: [
    '  DIR   directory to write into (default: the current directory; created if missing)',
    '',
    'Writes a layout, index, blog, article, category, product and 404 templates, snippets, a stylesheet,',
    'both menus, one editable region using every block type and the seven config files. Existing files are',
    'never overwritten. The config files are mapped to their JSON Schemas in DIR/.vscode/settings.json.',
  ].join('\n'),
  options: {},
  maxPositionals: 1,
  async run({ program, positionals }, io) {
    const dir = path.resolve(io.cwd, positionals[0] ?? '.');
    const existing = await stat(dir).catch(() => undefined);
    if (existing && !existing.isDirectory()) {
      io.stderr.write(`${program} init: ${shown(io, dir)} is not a directory\n`);
      return EXIT.INVALID;
    }
    let failed = false;
    const unmade = new Set<string>();
    for (const [relative, contents] of starterTheme()) {
      const file = path.join(dir, relative);
      try {
        await mkdir(path.dirname(file), { recursive: true });
      } catch (error) {
        // EEXIST here is a file where a folder must be, not the file kept.
        failed = true;
        if (unmade.has(path.dirname(file))) continue;
        unmade.add(path.dirname(file));
        io.stderr.write(
          `${program} init: cannot create ${shown(io, path.dirname(file))} (${errnoCode(error) === 'EEXIST' ? 'a file of that name exists' : errnoCode(error)})\n`,
        );
        continue;
      }
      try {
        // `wx` fails if the file exists: checking first and writing after would race.
        await writeFile(file, contents, { flag: 'wx' });
        io.stdout.write(`created ${shown(io, file)}\n`);
      } catch (error) {
        if (errnoCode(error) === 'EEXIST') io.stdout.write(`kept    ${shown(io, file)} (already exists)\n`);
        else {
          failed = true;
          io.stderr.write(`${program} init: cannot write ${shown(io, file)} (${errnoCode(error)})\n`);
        }
      }
    }
    const editor = await editorCommand.run({ program, values: {}, positionals: [dir] }, io);
    if (failed || editor !== EXIT.OK) return EXIT.INVALID;
    const where = shown(io, dir);
    io.stdout.write(
      `\nNext: ${program} dev${where === '.' ? '' : ` --theme ${where}`}   (then open http://127.0.0.1:9292)\n`,
    );
    return EXIT.OK;
  },
};
