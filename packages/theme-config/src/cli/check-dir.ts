/** What `validate` and `mock` share: reading their report options and checking a theme directory. */
import path from 'node:path';
import { stringValue } from '@commerce-kit/internal/cli/args';
import { UsageError, type CliIO } from '@commerce-kit/internal/cli/io';
import {
  readReportOptions,
  REPORT_HELP,
  REPORT_OPTIONS,
  type ReportOptions,
} from '@commerce-kit/internal/cli/report-options';
import { finishResult, type ValidationResult } from '../diagnostics.js';
import { analyzeDir, type DirAnalysis } from '../dir.js';

/** The options both commands take, checked. */
export interface CheckOptions extends ReportOptions {
  /** `--configDir` (undefined: the current directory). */
  readonly configDir: string | undefined;
}

/** `--configDir`, `--strict` and `--format` as `parseArgs` options. */
export const CHECK_OPTIONS = {
  configDir: { type: 'string' },
  ...REPORT_OPTIONS,
} as const;

/** The `--help` lines of {@link CHECK_OPTIONS}. */
export const CHECK_HELP: readonly string[] = [
  '  --configDir DIR   directory holding the config files (default: the current directory)',
  ...REPORT_HELP,
];

/** Reads and checks the shared options; a bad `--format` or an empty `--configDir` is a {@link UsageError}. */
export function readCheckOptions(values: Record<string, string | boolean | undefined>): CheckOptions {
  const report = readReportOptions(values);
  const configDir = stringValue(values, 'configDir');
  if (configDir === '') throw new UsageError('--configDir needs a directory');
  return { configDir, ...report };
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
