/** `<program> validate [--configDir DIR] [--strict] [--format FORMAT] [--watch]` */
import { flagValue } from '@commerce-kit/internal/cli/args';
import { useColor } from '@commerce-kit/internal/cli/color';
import type { Command } from '@commerce-kit/internal/cli/command';
import { EXIT, UsageError } from '@commerce-kit/internal/cli/io';
import { formatReport } from '@commerce-kit/internal/cli/report';
import { CHECK_HELP, CHECK_OPTIONS, checkThemeDir, readCheckOptions } from './check-dir.js';
import { THEME_CONFIG_TOOL } from './report-tool.js';
import { watchThemeDir } from './watch.js';

/**
 * The `validate` subcommand: checks the config files of `--configDir` (default: `io.cwd`) and prints the
 * report on stdout in `--format` (text, json, sarif, github); `--watch` checks again on every change
 * until `io.interrupted` aborts. Exit status 0 valid, 1 invalid, 2 usage error.
 */
export const validateCommand: Command = {
  name: 'validate',
  summary: 'check the *.stk.config.json files of a theme directory',
  usage: '[--configDir DIR] [--strict] [--format text|json|sarif|github] [--watch]',
  help: [
    ...CHECK_HELP,
    '  --watch           validate again whenever a file of the directory changes, printing only',
    '                    what changed, until Ctrl-C (text format only)',
    '',
    'Exit status: 0 valid, 1 invalid, 2 usage error (with --watch: 0 when stopped with Ctrl-C).',
  ].join('\n'),
  options: { ...CHECK_OPTIONS, watch: { type: 'boolean', default: false } },
  async run({ program, values }, io) {
    const options = readCheckOptions(values);
    if (flagValue(values, 'watch')) {
      if (options.format !== 'text') throw new UsageError('--watch prints text reports; leave out --format');
      return watchThemeDir(io, options, program);
    }
    const { result, files } = await checkThemeDir(io, options);
    io.stdout.write(
      formatReport(THEME_CONFIG_TOOL, options.format, result, {
        files,
        color: useColor(io.stdout, io.env),
        cwd: io.cwd,
      }),
    );
    return result.valid ? EXIT.OK : EXIT.INVALID;
  },
};
