/** Rendering diagnostics: compiler-style text, JSON, SARIF or GitHub workflow annotations. */
import { createColors } from 'picocolors';
import type { Diagnostic, ValidationResult } from '../diagnostics.js';
import type { ReportFormat } from './check-dir.js';
import { formatGithub } from './report-github.js';
import { formatSarif } from './report-sarif.js';
import { summarize, summaryLine, type ReportSummary } from './report-summary.js';

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
  lines.push(summaryLine(summary, groups.size, c));
  return `${lines.join('\n')}\n`;
}

/** The JSON report: `{ valid, summary, diagnostics }`. */
export function formatJson(valid: boolean, diagnostics: readonly Diagnostic[], summary: ReportSummary): string {
  return `${JSON.stringify({ valid, summary, diagnostics }, null, 2)}\n`;
}

/** What {@link formatReport} needs besides the diagnostics. */
export interface ReportContext {
  /** Number of config files read. */
  readonly files: number;
  /** Colour the text format (the other formats never are). */
  readonly color: boolean;
  /** Directory the paths are relative to (SARIF's `%SRCROOT%`). */
  readonly cwd: string;
}

/** The report of a validation in one of the {@link ReportFormat}s. */
export function formatReport(format: ReportFormat, result: ValidationResult, context: ReportContext): string {
  const summary = summarize(result.diagnostics, context.files);
  switch (format) {
    case 'json':
      return formatJson(result.valid, result.diagnostics, summary);
    case 'sarif':
      return formatSarif(result.diagnostics, context.cwd);
    case 'github':
      return formatGithub(result.diagnostics, summary);
    case 'text':
      return formatText(result.diagnostics, summary, context.color);
  }
}
