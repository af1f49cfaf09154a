/** The options of every command that prints a report: `--strict` and `--format`. */
import { flagValue, stringValue } from '@commerce-kit/internal/cli/args';
import { UsageError } from '@commerce-kit/internal/cli/io';

/** How diagnostics are printed. */
export type ReportFormat = 'text' | 'json' | 'sarif' | 'github';

/** Every {@link ReportFormat}, in the order `--help` lists them. */
export const REPORT_FORMATS: readonly ReportFormat[] = ['text', 'json', 'sarif', 'github'];

/** `--strict` and `--format`, checked. */
export interface ReportOptions {
  /** `--strict`: warnings count as errors. */
  readonly strict: boolean;
  /** `--format` (default `text`). */
  readonly format: ReportFormat;
}

/** `--strict` and `--format` as `parseArgs` options (spread them into a command's `options`). */
export const REPORT_OPTIONS = {
  strict: { type: 'boolean', default: false },
  format: { type: 'string', default: 'text' },
} as const;

/** The `--help` lines of {@link REPORT_OPTIONS}. */
export const REPORT_HELP: readonly string[] = [
  '  --strict          treat warnings as errors',
  `  --format FORMAT   ${REPORT_FORMATS.join(', ')} (default: text): text for people, json for scripts,`,
  '                    sarif for code scanning, github for workflow annotations',
];

/**
 * Reads `--strict` and `--format` from parsed option values.
 * @throws {UsageError} naming `--format` and the formats when it is not one of {@link REPORT_FORMATS}
 */
export function readReportOptions(values: Record<string, string | boolean | undefined>): ReportOptions {
  const format = stringValue(values, 'format') ?? 'text';
  if (!(REPORT_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be one of ${REPORT_FORMATS.join(', ')}, not ${JSON.stringify(format)}`);
  }
  return { strict: flagValue(values, 'strict'), format: format as ReportFormat };
}
