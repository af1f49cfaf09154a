/**
 * SARIF 2.1.0 (the OASIS standard GitHub code scanning reads): one run of the tool, a rule per
 * diagnostic code (id = code, help text = what it means), a result per diagnostic with its file, line
 * and column.
 */
import { pathToFileURL } from 'node:url';
import type { ReportDiagnostic, ReportTool } from '@commerce-kit/internal/cli/diagnostic';

const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** A relative path as a SARIF URI reference: forward slashes, each segment percent-encoded. */
function uriOf(file: string): string {
  return file.split(/[\\/]/).map(encodeURIComponent).join('/');
}

function rule(tool: ReportTool, code: string): Record<string, unknown> {
  const meaning = tool.codes[code] ?? '';
  return {
    id: code,
    name: code.replace(/(^|-)([a-z])/g, (_m, _dash: string, letter: string) => letter.toUpperCase()),
    shortDescription: { text: meaning },
    fullDescription: { text: meaning },
    help: { text: `${meaning} ${tool.helpText}` },
    helpUri: tool.helpUri,
  };
}

function result(codes: readonly string[], d: ReportDiagnostic): Record<string, unknown> {
  const text = d.suggestion ? `${d.message} (${d.suggestion})` : d.message;
  const out: Record<string, unknown> = {
    ruleId: d.code,
    ruleIndex: codes.indexOf(d.code),
    level: d.severity,
    message: { text },
  };
  if (d.file !== undefined) {
    out.locations = [
      {
        physicalLocation: {
          artifactLocation: { uri: uriOf(d.file), uriBaseId: '%SRCROOT%' },
          region: { startLine: d.line ?? 1, startColumn: d.column ?? 1 },
        },
        ...(d.pointer === '' ? {} : { logicalLocations: [{ fullyQualifiedName: d.pointer, kind: 'member' }] }),
      },
    ];
  }
  return out;
}

/** The SARIF log of a check by `tool`; `cwd` is what the relative file paths are relative to. */
export function formatSarif(tool: ReportTool, diagnostics: readonly ReportDiagnostic[], cwd: string): string {
  const codes = Object.keys(tool.codes);
  const root = pathToFileURL(cwd.endsWith('/') ? cwd : `${cwd}/`).href;
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            semanticVersion: tool.version,
            informationUri: tool.informationUri,
            rules: codes.map((code) => rule(tool, code)),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: root } },
        columnKind: 'utf16CodeUnits',
        results: diagnostics.map((d) => result(codes, d)),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
