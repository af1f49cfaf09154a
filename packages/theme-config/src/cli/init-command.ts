/** `<program> init [DIR]`: writes the starter set, never overwriting an existing file, and maps the schemas in the editor. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from '@commerce-kit/internal/cli/command';
import { EXIT } from '@commerce-kit/internal/cli/io';
import { writeEditorSettings } from './editor-command.js';
import { starterFiles } from './starter.js';
import { errnoCode } from '@commerce-kit/internal/errno';

/** The `init` subcommand. */
export const initCommand: Command = {
  name: 'init',
  summary: 'write a starter set of all seven config files and map them to their schemas in the editor',
  usage: '[DIR]',
  help: [
    '  DIR   directory to write into (default: the current directory; created if missing)',
    '',
    'Existing files are never overwritten. The object files get a "$schema" line; all seven are mapped',
    'in DIR/.vscode/settings.json, for DIR opened as a folder in the editor (as `editor DIR` does).',
  ].join('\n'),
  options: {},
  maxPositionals: 1,
  async run({ program, positionals }, io) {
    const dir = path.resolve(io.cwd, positionals[0] ?? '.');
    const shownDir = path.relative(io.cwd, dir) || '.';
    try {
      await mkdir(dir, { recursive: true });
    } catch (error) {
      io.stderr.write(`${program} init: cannot create ${shownDir} (${errnoCode(error)})\n`);
      return EXIT.INVALID;
    }
    let failed = false;
    for (const [name, text] of starterFiles()) {
      const file = path.join(dir, name);
      try {
        // `wx` fails if the file exists: checking first and writing after would race.
        await writeFile(file, text, { flag: 'wx' });
        io.stdout.write(`created ${path.relative(io.cwd, file)}\n`);
      } catch (error) {
        if (errnoCode(error) === 'EEXIST') {
          io.stdout.write(`kept    ${path.relative(io.cwd, file)} (already exists)\n`);
        } else {
          failed = true;
          io.stderr.write(`${program} init: cannot write ${path.relative(io.cwd, file)} (${errnoCode(error)})\n`);
        }
      }
    }
    // Into DIR: the new theme folder is the folder opened in the editor, whose settings VS Code reads.
    const editor = await writeEditorSettings(io, dir, program, 'init');
    return failed || editor !== EXIT.OK ? EXIT.INVALID : EXIT.OK;
  },
};
