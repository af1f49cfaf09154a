/** `theme-config init [DIR]`: writes the starter set, never overwriting an existing file. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { THEME_FILES } from '../files.js';
import type { Command } from './command.js';
import { EXIT, UsageError } from './io.js';
import { starterFiles } from './starter.js';

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;

/** The `init` subcommand. */
export const initCommand: Command = {
  name: 'init',
  summary: 'write a starter set of all seven config files',
  usage: 'theme-config init [DIR]',
  help: '  DIR   directory to write into (default: the current directory; created if missing)\n\nExisting files are never overwritten.',
  async run(args, io) {
    const { positionals } = parseArgs({ args: [...args], options: {}, allowPositionals: true, strict: true });
    if (positionals.length > 1) throw new UsageError(`init takes one directory, got ${positionals.length}`);
    const dir = path.resolve(io.cwd, positionals[0] ?? '.');
    const shownDir = path.relative(io.cwd, dir) || '.';
    try {
      await mkdir(dir, { recursive: true });
    } catch (error) {
      io.stderr.write(`theme-config init: cannot create ${shownDir} (${errorCode(error) ?? 'unknown error'})\n`);
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
        if (errorCode(error) === 'EEXIST') {
          io.stdout.write(`kept    ${path.relative(io.cwd, file)} (already exists)\n`);
        } else {
          failed = true;
          io.stderr.write(`theme-config init: cannot write ${path.relative(io.cwd, file)} (${errorCode(error) ?? 'unknown error'})\n`);
        }
      }
    }
    const arrays = THEME_FILES.filter((f) => f.shape === 'array').map((f) => f.fileName);
    io.stdout.write(
      `\nThe ${arrays.length} array files (${arrays.join(', ')}) cannot hold a "$schema" line;\n` +
        'map them to their schemas in your editor (see the README: "json.schemas").\n',
    );
    return failed ? EXIT.INVALID : EXIT.OK;
  },
};
