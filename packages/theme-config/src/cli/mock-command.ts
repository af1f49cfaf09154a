/** `<program> mock [--configDir DIR] [--seed N] [--now DATE] [--out FILE] [--pretty] [--strict] [--format FORMAT]` */
import path from 'node:path';
import { flagValue, integerValue, sourceDateEpoch, stringValue } from '@commerce-kit/internal/cli/args';
import { useColor } from '@commerce-kit/internal/cli/color';
import type { Command } from '@commerce-kit/internal/cli/command';
import { EXIT, UsageError, type CliIO } from '@commerce-kit/internal/cli/io';
import { formatReport } from '@commerce-kit/internal/cli/report';
import { normalizeConfig } from '../dir.js';
import { THEME_FILES } from '../files.js';
import type { ThemeConfig } from '../types.js';
import { MockConfigError } from '../mock/errors.js';
import { parseDate } from '../mock/text.js';
import type { WriteMockOptions } from '../mock/write.js';
import { CHECK_HELP, CHECK_OPTIONS, checkThemeDir, readCheckOptions } from './check-dir.js';
import { THEME_CONFIG_TOOL } from './report-tool.js';

/** Seed used when `--seed` is not given, so a plain `mock` run is reproducible too. */
export const DEFAULT_CLI_SEED = 1;

/**
 * `--now`, else the reproducible-builds `SOURCE_DATE_EPOCH`, else undefined (today 00:00 UTC). The
 * variable lets CI pin the date for every run without changing command lines.
 */
function parseNow(text: string | undefined, env: CliIO['env']): number | undefined {
  if (text === undefined) return sourceDateEpoch(env);
  const ms = parseDate(text);
  if (ms === undefined)
    throw new UsageError(`--now must be a date such as 2024-06-01T00:00:00Z, not ${JSON.stringify(text)}`);
  return ms;
}

/**
 * The `mock` subcommand: checks the config files as `validate` does (the report on stderr), then writes
 * the mock store as JSON on stdout or to `--out`. Exit status 0 written, 1 invalid config or write
 * failure, 2 usage error.
 */
export const mockCommand: Command = {
  name: 'mock',
  summary: 'generate the mock store data a theme renders, from the *.stk.config.json files',
  usage: '[--configDir DIR] [--seed N] [--now DATE] [--out FILE] [--pretty] [--strict] [--format FORMAT]',
  help: [
    `  --seed N          seed of the generated data (default: ${DEFAULT_CLI_SEED}); same seed, config and day -> same output`,
    '  --now DATE        the "current date" (default publishedTime); default: SOURCE_DATE_EPOCH if set,',
    '                    else today 00:00 UTC. Give either for output that is byte-identical on every day',
    '  --out FILE        write the JSON to FILE (atomically: left untouched on failure); default: stdout',
    '  --pretty          indent the JSON',
    ...CHECK_HELP,
    '                    (diagnostics go to stderr: stdout carries the JSON)',
    '',
    'Exit status: 0 written, 1 invalid config (nothing written) or write failure, 2 usage error.',
  ].join('\n'),
  options: {
    ...CHECK_OPTIONS,
    seed: { type: 'string' },
    now: { type: 'string' },
    out: { type: 'string' },
    pretty: { type: 'boolean', default: false },
  },
  async run({ program, values }, io) {
    const options = readCheckOptions(values);
    const out = stringValue(values, 'out');
    if (out === '') throw new UsageError('--out needs a file name');
    const seed = integerValue(values, 'seed') ?? DEFAULT_CLI_SEED;
    const now = parseNow(stringValue(values, 'now'), io.env);

    // Exactly what `validate` does, so both report the same diagnostics the same way (on stderr:
    // stdout may carry the JSON), coloured only when stderr itself is a terminal.
    const { analysis, result, files } = await checkThemeDir(io, options);
    if (result.diagnostics.length > 0) {
      io.stderr.write(
        formatReport(THEME_CONFIG_TOOL, options.format, result, {
          files,
          color: useColor(io.stderr, io.env),
          cwd: io.cwd,
        }),
      );
    }
    if (!result.valid) return EXIT.INVALID;

    const config: ThemeConfig = {};
    for (const info of THEME_FILES) {
      const value = analysis.values.get(info.kind);
      if (value !== undefined) (config as Record<string, unknown>)[info.key] = normalizeConfig(info.kind, value);
    }
    const writeOptions: WriteMockOptions = { seed, pretty: flagValue(values, 'pretty'), clock: now };
    try {
      // Loaded here, not at start-up: the fake-data generator and its locales are the CLI's heaviest part.
      const { writeMockData, writeMockDataFile } = await import('../mock/write.js');
      if (out === undefined) await writeMockData(config, writeOptions, io.stdout);
      else await writeMockDataFile(config, writeOptions, path.resolve(io.cwd, out));
    } catch (error) {
      const reason =
        error instanceof MockConfigError
          ? error.message
          : `could not write ${out ?? 'stdout'}: ${describeError(error, out)}`;
      io.stderr.write(`${program} mock: ${reason}\n`);
      return EXIT.INVALID;
    }
    // Which locale the generated text used, where some of it is English (a text report only: the other
    // formats are one document each on stderr). The output's `mockLocale` says the same.
    const { mockLocale } = await import('../mock/locale.js');
    const locale = mockLocale(config.store?.language ?? 'en-US');
    if (options.format === 'text' && locale.english.length > 0)
      io.stderr.write(
        `${program} mock: generated text for ${locale.language} in ${locale.locale}; English where ${locale.locale} has no words: ${locale.english.join(', ')}\n`,
      );
    return EXIT.OK;
  },
};

/** Why a write failed, in words, without the temporary file's name (an implementation detail). */
function describeError(error: unknown, out: string | undefined): string {
  const code =
    typeof error === 'object' && error !== null && 'code' in error
      ? String((error as { code: unknown }).code)
      : undefined;
  if (out !== undefined) {
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return `${code}: the directory \`${path.dirname(out)}\` does not exist`;
    if (code === 'EISDIR') return `${code}: \`${out}\` is a directory`;
    if (code === 'EACCES' || code === 'EPERM') return `${code}: permission denied`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
