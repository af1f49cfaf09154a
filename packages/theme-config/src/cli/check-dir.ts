/** What `validate` and `mock` share: reading their report options and checking a theme directory. */
import path from 'node:path';
import { finishResult, type ValidationResult } from '../diagnostics.js';
import { analyzeDir, type DirAnalysis } from '../dir.js';
import { stringValue, flagValue } from './args.js';
import { UsageError, type CliIO } from './io.js';

/** How diagnostics are printed. */
export type ReportFormat = 'text' | 'json' | 'sarif' | 'github';

/** Every {@link ReportFormat}, in the order `--help` lists them. */
export const REPORT_FORMATS: readonly ReportFormat[] = ['text', 'json', 'sarif', 'github'];

/** The options both commands take, checked. */
export interface CheckOptions {
  /** `--configDir` (undefined: the current directory). */
  readonly configDir: string | undefined;
  /** `--strict`: warnings count as errors. */
  readonly strict: boolean;
  /** `--format`. */
  readonly format: ReportFormat;
}

/** `--configDir`, `--strict` and `--format` as `parseArgs` options. */
export const CHECK_OPTIONS = {
  configDir: { type: 'string' },
  strict: { type: 'boolean', default: false },
  format: { type: 'string', default: 'text' },
} as const;

/** The `--help` lines of {@link CHECK_OPTIONS}. */
export const CHECK_HELP = [
  '  --configDir DIR   directory holding the config files (default: the current directory)',
  '  --strict          treat warnings as errors',
  `  --format FORMAT   ${REPORT_FORMATS.join(', ')} (default: text): text for people, json for scripts,`,
  '                    sarif for code scanning, github for workflow annotations',
];

/** Reads and checks the shared options; a bad `--format` or an empty `--configDir` is a {@link UsageError}. */
export function readCheckOptions(values: Record<string, string | boolean | undefined>): CheckOptions {
  const format = stringValue(values, 'format') ?? 'text';
  if (!(REPORT_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be one of ${REPORT_FORMATS.join(', ')}, not ${JSON.stringify(format)}`);
  }
  const configDir = stringValue(values, 'configDir');
  if (configDir === '') throw new UsageError('--configDir needs a directory');
  return { configDir, strict: flagValue(values, 'strict'), format: format as ReportFormat };
}

/** A checked theme directory: its analysis and its diagnostics, with paths as the user typed them. */
export interface DirCheck {
  /** What was read. */
  readonly analysis: DirAnalysis;
  /** Diagnostics with paths relative to where the command was run, sorted, `strict` applied. */
  readonly result: ValidationResult;
  /** Number of config files read. */
  readonly files: number;
}

/** The absolute directory `--configDir` names. */
export const themeDirOf = (io: CliIO, options: CheckOptions): string => path.resolve(io.cwd, options.configDir ?? '.');

/**
 * Checks `--configDir` (default: the current directory); paths in the diagnostics are relative to
 * where the command was run, as compilers print them.
 */
export async function checkThemeDir(io: CliIO, options: CheckOptions): Promise<DirCheck> {
  const analysis = await analyzeDir(themeDirOf(io, options));
  const shown = analysis.diagnostics.map((d) => (d.file ? { ...d, file: path.relative(io.cwd, d.file) || '.' } : d));
  return { analysis, result: finishResult(shown, { strict: options.strict }), files: analysis.files.length };
}
