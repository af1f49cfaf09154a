/** Rendering diagnostics: compiler-style text, JSON, SARIF or GitHub workflow annotations. */
import { createColors } from 'picocolors';
import type { ReportDiagnostic, ReportResult, ReportTool } from '@commerce-kit/internal/cli/diagnostic';
import { formatGithub } from '@commerce-kit/internal/cli/report-github';
import type { ReportFormat } from '@commerce-kit/internal/cli/report-options';
import { formatSarif } from '@commerce-kit/internal/cli/report-sarif';
import { summarize, summaryLine, type ReportSummary } from '@commerce-kit/internal/cli/report-summary';

/** Colours as picocolors' `createColors` makes them (all no-ops when colour is off). */
export type Colors = ReturnType<typeof createColors>;

/** `file:line:column severity code message (suggestion)`: always the full triple, so tools can parse every line. */
export function diagnosticLine(d: ReportDiagnostic, c: Colors): string {
  const where = `${d.file ?? '<input>'}:${d.line ?? 1}:${d.column ?? 1}`;
  const severity = d.severity === 'error' ? c.red('error') : c.yellow('warning');
  const hint = d.suggestion ? ` (${d.suggestion})` : '';
  return `${c.bold(where)} ${severity} ${c.dim(d.code)} ${d.message}${hint}`;
}

/** One {@link diagnosticLine} per diagnostic, grouped by file, then a summary line. */
export function formatText(
  tool: ReportTool,
  diagnostics: readonly ReportDiagnostic[],
  summary: ReportSummary,
  color: boolean,
): string {
  const c = createColors(color);
  const groups = new Map<string, ReportDiagnostic[]>();
  for (const d of diagnostics) {
    const key = d.file ?? '<input>';
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  const lines: string[] = [];
  for (const items of groups.values()) {
    for (const d of items) lines.push(diagnosticLine(d, c));
    lines.push('');
  }
  lines.push(summaryLine(tool, summary, groups.size, c));
  return `${lines.join('\n')}\n`;
}

/** The JSON report: `{ valid, summary, diagnostics }`. */
export function formatJson(valid: boolean, diagnostics: readonly ReportDiagnostic[], summary: ReportSummary): string {
  return `${JSON.stringify({ valid, summary, diagnostics }, null, 2)}\n`;
}

/** What {@link formatReport} needs besides the tool and the result. */
export interface ReportContext {
  /** Number of files checked. */
  readonly files: number;
  /** Colour the text format (the other formats never are). */
  readonly color: boolean;
  /** Directory the paths are relative to (SARIF's `%SRCROOT%`). */
  readonly cwd: string;
}

/** The report of a check by `tool` in one of the {@link ReportFormat}s. */
export function formatReport(
  tool: ReportTool,
  format: ReportFormat,
  result: ReportResult,
  context: ReportContext,
): string {
  const summary = summarize(result.diagnostics, context.files);
  switch (format) {
    case 'json':
      return formatJson(result.valid, result.diagnostics, summary);
    case 'sarif':
      return formatSarif(tool, result.diagnostics, context.cwd);
    case 'github':
      return formatGithub(tool, result.diagnostics, summary);
    case 'text':
      return formatText(tool, result.diagnostics, summary, context.color);
  }
}
