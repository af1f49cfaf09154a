/** `theme-config validate [--configDir DIR] [--strict] [--format text|json]` */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { analyzeDir } from '../dir.js';
import { finishResult } from '../diagnostics.js';
import type { Command } from './command.js';
import { EXIT, UsageError } from './io.js';
import { formatJson, formatText, summarize } from './report.js';

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
    if (values.format !== 'text' && values.format !== 'json') {
      throw new UsageError(`--format must be text or json, not ${JSON.stringify(values.format)}`);
    }
    if (values.configDir === '') throw new UsageError('--configDir needs a directory');
    const dir = path.resolve(io.cwd, values.configDir ?? '.');
    const analysis = await analyzeDir(dir);
    // Paths relative to where the command was run, as compilers print them (`theme-config mock` does the same).
    const shown = analysis.diagnostics.map((d) => (d.file ? { ...d, file: path.relative(io.cwd, d.file) || '.' } : d));
    const result = finishResult(shown, { strict: values.strict });
    const summary = summarize(result.diagnostics, analysis.files.length);
    const forced = io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== '0';
    const color = values.format === 'text' && (forced || (io.isTTY && !io.env.NO_COLOR));
    io.stdout.write(values.format === 'json' ? formatJson(result.valid, result.diagnostics, summary) : formatText(result.diagnostics, summary, color));
    return result.valid ? EXIT.OK : EXIT.INVALID;
  },
};
