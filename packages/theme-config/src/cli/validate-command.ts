/** `theme-config validate [--configDir DIR] [--strict] [--format text|json]` */
import { parseArgs } from 'node:util';
import { checkThemeDir } from './check-dir.js';
import type { Command } from './command.js';
import { EXIT } from './io.js';

/** The `validate` subcommand. */
export const validateCommand: Command = {
  name: 'validate',
  summary: 'check the *.stk.config.json files of a theme directory',
  usage: 'theme-config validate [--configDir DIR] [--strict] [--format text|json]',
  help: [
    '  --configDir DIR   directory holding the config files (default: the current directory)',
    '  --strict          treat warnings as errors',
    '  --format FORMAT   text (default) or json',
    '',
    'Exit status: 0 valid, 1 invalid, 2 usage error.',
  ].join('\n'),
  async run(args, io) {
    const { values } = parseArgs({
      args: [...args],
      options: {
        configDir: { type: 'string' },
        strict: { type: 'boolean', default: false },
        format: { type: 'string', default: 'text' },
      },
      allowPositionals: false,
      strict: true,
    });
    const { result, report } = await checkThemeDir(io, values);
    io.stdout.write(report);
    return result.valid ? EXIT.OK : EXIT.INVALID;
  },
};
