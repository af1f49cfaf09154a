/**
 * VS Code's `.vscode/settings.json` `json.schemas`: maps each of the seven config files to its JSON
 * Schema. The file is JSON with comments; it is merged with the smallest possible edit (comments,
 * order and formatting kept), an entry is added only for a file no entry maps yet, and a file that
 * cannot be parsed is never touched.
 */
import {
  findNodeAtLocation,
  modify,
  applyEdits,
  parseTree,
  printParseErrorCode,
  type Node,
  type ParseError,
} from 'jsonc-parser';
import { SCHEMA_BASE_URL, THEME_FILES } from '../files.js';

/** One `json.schemas` entry. */
export interface SchemaMapping {
  /** Glob patterns of the files the schema applies to. */
  readonly fileMatch: readonly string[];
  /** Where the schema is: a workspace-relative `./` path or a URL. */
  readonly url: string;
}

/** The package's schemas as installed in a workspace (relative to it). */
export const INSTALLED_SCHEMAS = 'node_modules/@commerce-kit/theme-config/dist/schemas/';

/**
 * The seven mappings. `installed`: point at the copies in the workspace's `node_modules` (offline, and
 * the installed version); otherwise at the published URL.
 */
export function schemaMappings(installed: boolean): SchemaMapping[] {
  const base = installed ? `./${INSTALLED_SCHEMAS}` : SCHEMA_BASE_URL;
  return THEME_FILES.map((f) => ({ fileMatch: [`**/${f.fileName}`], url: `${base}${f.schemaFile}` }));
}

/** What merging did. */
export type MergeResult =
  | { readonly ok: true; readonly text: string; readonly added: readonly string[]; readonly kept: readonly string[] }
  | { readonly ok: false; readonly reason: string };

/** Whether an existing entry already maps `fileName` (by a pattern naming it, or by our schema URL). */
function maps(entry: unknown, fileName: string, url: string): boolean {
  if (typeof entry !== 'object' || entry === null) return false;
  const { fileMatch, url: entryUrl } = entry as { fileMatch?: unknown; url?: unknown };
  if (entryUrl === url) return true;
  if (!Array.isArray(fileMatch)) return false;
  return fileMatch.some(
    (p) => typeof p === 'string' && !p.startsWith('!') && (p === fileName || p.endsWith(`/${fileName}`)),
  );
}

interface Layout {
  readonly unit: string;
  readonly eol: string;
}

function layoutOf(text: string): Layout {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indented = /^([ \t]+)\S/m.exec(text)?.[1];
  return {
    eol,
    unit: indented === undefined ? '  ' : indented.startsWith('\t') ? '\t' : ' '.repeat(Math.min(indented.length, 8)),
  };
}

/** The indentation of the line holding `offset`. */
function indentAt(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))?.[0] ?? '';
}

const entryText = (m: SchemaMapping): string =>
  `{ "fileMatch": ${JSON.stringify(m.fileMatch)}, "url": ${JSON.stringify(m.url)} }`;

function position(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

/**
 * Merges `mappings` into the text of a settings file (`undefined`: the file does not exist).
 * Refuses (and changes nothing) when the text is not JSON with comments, its top level is not an
 * object, or its `json.schemas` is not an array.
 */
export function mergeSchemaMappings(text: string | undefined, mappings: readonly SchemaMapping[]): MergeResult {
  if (text === undefined || text.trim() === '') {
    const body = mappings.map((m) => `    ${entryText(m)}`).join(',\n');
    return {
      ok: true,
      text: `{\n  "json.schemas": [\n${body}\n  ]\n}\n`,
      added: mappings.map((m) => m.fileMatch[0] ?? ''),
      kept: [],
    };
  }
  const errors: ParseError[] = [];
  let root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || root === undefined) {
    const first = errors[0];
    return {
      ok: false,
      reason: `it is not valid JSON (${first ? `${printParseErrorCode(first.error)} at ${position(text, first.offset)}` : 'empty'})`,
    };
  }
  if (root.type !== 'object') return { ok: false, reason: 'its top level is not an object' };
  const layout = layoutOf(text);
  let node = findNodeAtLocation(root, ['json.schemas']);
  if (node !== undefined && node.type !== 'array') return { ok: false, reason: '"json.schemas" is not an array' };
  const existing: unknown[] = node?.children?.map(jsonValueOf) ?? [];
  const missing = mappings.filter(
    (m) => !existing.some((e) => maps(e, m.fileMatch[0]?.replace(/^\*\*\//, '') ?? '', m.url)),
  );
  const kept = mappings.filter((m) => !missing.includes(m)).map((m) => m.fileMatch[0] ?? '');
  if (missing.length === 0) return { ok: true, text, added: [], kept };
  if (node === undefined) {
    const formattingOptions = {
      insertSpaces: layout.unit !== '\t',
      tabSize: layout.unit === '\t' ? 1 : layout.unit.length,
      eol: layout.eol,
    };
    text = applyEdits(text, modify(text, ['json.schemas'], [], { formattingOptions }));
    root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false })!;
    node = findNodeAtLocation(root, ['json.schemas'])!;
  }
  const last = node.children?.[node.children.length - 1];
  let edited: string;
  if (last === undefined) {
    const outer = indentAt(text, node.offset);
    const inner = outer + layout.unit;
    const body = missing.map((m) => `${inner}${entryText(m)}`).join(`,${layout.eol}`);
    edited = `${text.slice(0, node.offset)}[${layout.eol}${body}${layout.eol}${outer}]${text.slice(node.offset + node.length)}`;
  } else {
    const indent = indentAt(text, last.offset);
    const end = last.offset + last.length;
    const insertion = missing.map((m) => `,${layout.eol}${indent}${entryText(m)}`).join('');
    edited = text.slice(0, end) + insertion + text.slice(end);
  }
  return { ok: true, text: edited, added: missing.map((m) => m.fileMatch[0] ?? ''), kept };
}

function jsonValueOf(node: Node): unknown {
  switch (node.type) {
    case 'object':
      return Object.fromEntries(
        (node.children ?? []).map((p) => [
          String(p.children?.[0]?.value),
          p.children?.[1] ? jsonValueOf(p.children[1]) : undefined,
        ]),
      );
    case 'array':
      return (node.children ?? []).map(jsonValueOf);
    default:
      return node.value as unknown;
  }
}
