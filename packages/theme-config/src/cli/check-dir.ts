/** What `validate` and `mock` share: reading their options and checking a theme directory. */
import path from 'node:path';
import { finishResult, type ValidationResult } from '../diagnostics.js';
import { analyzeDir, type DirAnalysis } from '../dir.js';
import { UsageError, type CliIO } from './io.js';
import { formatJson, formatText, summarize } from './report.js';

/** How diagnostics are printed. */
export type ReportFormat = 'text' | 'json';

/** The options both commands take, as parsed by `parseArgs`. */
export interface CheckOptions {
  configDir?: string | undefined;
  strict: boolean;
  format: string;
}

/** A checked theme directory and its diagnostics, formatted for the terminal or for CI. */
export interface DirCheck {
  analysis: DirAnalysis;
  result: ValidationResult;
  report: string;
}

/** Throws {@link UsageError} for a bad `--format` or an empty `--configDir`. */
export function checkUsage(options: CheckOptions): ReportFormat {
  if (options.format !== 'text' && options.format !== 'json') {
    throw new UsageError(`--format must be text or json, not ${JSON.stringify(options.format)}`);
  }
  if (options.configDir === '') throw new UsageError('--configDir needs a directory');
  return options.format;
}

/**
 * Checks `--configDir` (default: the current directory) and formats its diagnostics, with paths
 * relative to where the command was run, as compilers print them.
 */
export async function checkThemeDir(io: CliIO, options: CheckOptions): Promise<DirCheck> {
  const format = checkUsage(options);
  const analysis = await analyzeDir(path.resolve(io.cwd, options.configDir ?? '.'));
  const shown = analysis.diagnostics.map((d) => (d.file ? { ...d, file: path.relative(io.cwd, d.file) || '.' } : d));
  const result = finishResult(shown, { strict: options.strict });
  const summary = summarize(result.diagnostics, analysis.files.length);
  const forced = io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== '0';
  const color = format === 'text' && (forced || (io.isTTY && !io.env.NO_COLOR));
  const report = format === 'json' ? formatJson(result.valid, result.diagnostics, summary) : formatText(result.diagnostics, summary, color);
  return { analysis, result, report };
}
