/**
 * GitHub Actions workflow commands: one `::error` / `::warning` annotation per diagnostic (shown on the
 * pull request's changed lines), then the summary line as plain log output.
 */
import type { ReportDiagnostic, ReportTool } from '@commerce-kit/internal/cli/diagnostic';
import { summaryLine, type ReportSummary } from '@commerce-kit/internal/cli/report-summary';

/** Escaping of a command's message (GitHub's toolkit rules). */
const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** Escaping of a property value: also `:` and `,`, which separate properties. */
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

function annotation(tool: ReportTool, d: ReportDiagnostic): string {
  const properties = [
    ...(d.file === undefined
      ? []
      : [`file=${escapeProperty(d.file.replace(/\\/g, '/'))}`, `line=${d.line ?? 1}`, `col=${d.column ?? 1}`]),
    `title=${escapeProperty(`${tool.name} ${d.code}`)}`,
  ];
  const message = d.suggestion ? `${d.message} (${d.suggestion})` : d.message;
  return `::${d.severity} ${properties.join(',')}::${escapeData(message)}`;
}

/** The annotations of a check (titled `<tool name> <code>`), then its summary line. */
export function formatGithub(
  tool: ReportTool,
  diagnostics: readonly ReportDiagnostic[],
  summary: ReportSummary,
): string {
  const files = new Set(diagnostics.map((d) => d.file ?? '<input>')).size;
  return `${[...diagnostics.map((d) => annotation(tool, d)), summaryLine(tool, summary, files)].join('\n')}\n`;
}
