/**
 * SARIF 2.1.0 (the OASIS standard GitHub code scanning reads): one run of the `theme-config` tool, a rule
 * per diagnostic code (id = code, help text = what it means), a result per diagnostic with its file,
 * line and column.
 */
import { pathToFileURL } from 'node:url';
import { DIAGNOSTIC_CODES, type Diagnostic, type DiagnosticCode } from '../diagnostics.js';
import { VERSION } from './version.js';

const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
const INFORMATION_URI = 'https://github.com/commerce-kit/commerce-kit/tree/main/packages/theme-config';
const HELP_URI = `${INFORMATION_URI}#diagnostics`;
const CODES = Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[];

/** A relative path as a SARIF URI reference: forward slashes, each segment percent-encoded. */
function uriOf(file: string): string {
  return file.split(/[\\/]/).map(encodeURIComponent).join('/');
}

function rule(code: DiagnosticCode): Record<string, unknown> {
  const meaning = DIAGNOSTIC_CODES[code];
  return {
    id: code,
    name: code.replace(/(^|-)([a-z])/g, (_m, _dash: string, letter: string) => letter.toUpperCase()),
    shortDescription: { text: meaning },
    fullDescription: { text: meaning },
    help: { text: `${meaning} See the diagnostics table of the @commerce-kit/theme-config README for when it is reported and how to fix it.` },
    helpUri: HELP_URI,
  };
}

function result(d: Diagnostic): Record<string, unknown> {
  const text = d.suggestion ? `${d.message} (${d.suggestion})` : d.message;
  const out: Record<string, unknown> = {
    ruleId: d.code,
    ruleIndex: CODES.indexOf(d.code),
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

/** The SARIF log of a validation; `cwd` is what the relative file paths are relative to. */
export function formatSarif(diagnostics: readonly Diagnostic[], cwd: string): string {
  const root = pathToFileURL(cwd.endsWith('/') ? cwd : `${cwd}/`).href;
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'theme-config', version: VERSION, semanticVersion: VERSION, informationUri: INFORMATION_URI, rules: CODES.map(rule) } },
        originalUriBaseIds: { '%SRCROOT%': { uri: root } },
        columnKind: 'utf16CodeUnits',
        results: diagnostics.map(result),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
