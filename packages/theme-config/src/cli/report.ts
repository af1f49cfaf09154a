/** Rendering diagnostics: compiler-style text (grouped by file, with a summary) or JSON for CI. */
import { createColors } from 'picocolors';
import type { Diagnostic } from '../diagnostics.js';

/** Counts shown in the summary line. */
export interface ReportSummary {
  /** Number of errors. */
  errors: number;
  /** Number of warnings. */
  warnings: number;
  /** Number of config files checked. */
  files: number;
}

/** Counts errors and warnings. */
export function summarize(diagnostics: readonly Diagnostic[], files: number): ReportSummary {
  return {
    errors: diagnostics.filter((d) => d.severity === 'error').length,
    warnings: diagnostics.filter((d) => d.severity === 'warning').length,
    files,
  };
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `file:line:column severity code message`, one per line, grouped by file, then a summary line. */
export function formatText(diagnostics: readonly Diagnostic[], summary: ReportSummary, color: boolean): string {
  const c = createColors(color);
  const groups = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    const key = d.file ?? '<input>';
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  const lines: string[] = [];
  for (const [file, items] of groups) {
    for (const d of items) {
      const where = `${file}:${d.line ?? 1}:${d.column ?? 1}`; // always the full triple, so tools can parse every line
      const severity = d.severity === 'error' ? c.red('error') : c.yellow('warning');
      const hint = d.suggestion ? ` (${d.suggestion})` : '';
      lines.push(`${c.bold(where)} ${severity} ${c.dim(d.code)} ${d.message}${hint}`);
    }
    lines.push('');
  }
  const checked = plural(summary.files, 'config file');
  if (summary.errors === 0 && summary.warnings === 0) {
    lines.push(c.green(`✔ no problems in ${checked}`));
  } else {
    const counts = `${plural(summary.errors, 'error')} and ${plural(summary.warnings, 'warning')} in ${plural(groups.size, 'file')} (${checked} checked)`;
    lines.push(summary.errors > 0 ? c.red(`✖ ${counts}`) : c.yellow(`⚠ ${counts}`));
  }
  return `${lines.join('\n')}\n`;
}

/** The JSON report: `{ valid, summary, diagnostics }`. */
export function formatJson(valid: boolean, diagnostics: readonly Diagnostic[], summary: ReportSummary): string {
  return `${JSON.stringify({ valid, summary, diagnostics }, null, 2)}\n`;
}
