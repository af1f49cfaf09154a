/** The counts under a report and its closing line. */
import { createColors } from 'picocolors';
import type { ReportDiagnostic, ReportTool } from '@commerce-kit/internal/cli/diagnostic';

/** Counts shown in the summary line (and in the JSON report's `summary`). */
export interface ReportSummary {
  /** Number of errors. */
  readonly errors: number;
  /** Number of warnings. */
  readonly warnings: number;
  /** Number of files checked. */
  readonly files: number;
}

/** Counts errors and warnings. */
export function summarize(diagnostics: readonly ReportDiagnostic[], files: number): ReportSummary {
  return {
    errors: diagnostics.filter((d) => d.severity === 'error').length,
    warnings: diagnostics.filter((d) => d.severity === 'warning').length,
    files,
  };
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `✔ no problems in 7 config files`, or the counts (coloured when `c` colours). */
export function summaryLine(
  tool: ReportTool,
  summary: ReportSummary,
  filesWithProblems: number,
  c = createColors(false),
): string {
  const checked = plural(summary.files, tool.fileNoun);
  if (summary.errors === 0 && summary.warnings === 0) return c.green(`✔ no problems in ${checked}`);
  const counts = `${plural(summary.errors, 'error')} and ${plural(summary.warnings, 'warning')} in ${plural(filesWithProblems, 'file')} (${checked} checked)`;
  return summary.errors > 0 ? c.red(`✖ ${counts}`) : c.yellow(`⚠ ${counts}`);
}
