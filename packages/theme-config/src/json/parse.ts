/**
 * JSON text -> a safe value plus a way back from JSON Pointers to line and column.
 *
 * jsonc-parser gives a syntax tree with offsets; the value is rebuilt from it key by key. The house
 * policy for dangerous keys (`__proto__`, and `constructor` holding a `prototype` key) applies with
 * the 'error' action: such a key is never assigned and is reported, so no user file can pollute an
 * object prototype; `constructor` and `prototype` keys with ordinary values are data and are kept.
 */
import { dangerousKeyMessage, isDangerousEntry } from '@commerce-kit/internal/safe-json';
import { LineIndex } from '@commerce-kit/internal/line-index';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Diagnostic } from '../diagnostics.js';
import { childPointer } from './pointer.js';

/** The `forbidden-key` diagnostic for a dangerous key (the house wording, shared by every package). */
export function forbiddenKey(key: '__proto__' | 'constructor', pointer: string): Diagnostic {
  return { severity: 'error', code: 'forbidden-key', message: dangerousKeyMessage({ key, pointer }), pointer };
}

/** A parsed JSON value: primitives, arrays, and objects holding only own keys, none of them dangerous. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Maps offsets and pointers in one source text to 1-based lines and columns. */
export class SourceMap {
  readonly #text: string;
  readonly #root: Node | undefined;
  /** Built on the first look-up: a file without diagnostics never needs its line starts. */
  #lines: LineIndex | undefined;

  constructor(text: string, root: Node | undefined) {
    this.#text = text;
    this.#root = root;
  }

  /** 1-based line and column of a character offset. */
  position(offset: number): { line: number; column: number } {
    this.#lines ??= new LineIndex(this.#text);
    return this.#lines.position(offset);
  }

  /**
   * Position of the value at `segments`; with `key: true`, of its property name instead. Falls back
   * to the deepest existing ancestor, so a missing property points at the object that lacks it.
   */
  locate(segments: readonly string[], options: { key?: boolean } = {}): { line: number; column: number } {
    let node = this.#root;
    if (!node) return { line: 1, column: 1 };
    let keyNode: Node | undefined;
    for (const segment of segments) {
      const next = childNode(node, segment);
      if (!next) break;
      node = next.value;
      keyNode = next.key;
    }
    const target = options.key && keyNode ? keyNode : node;
    return this.position(target.offset);
  }
}

function childNode(node: Node, segment: string): { value: Node; key?: Node } | undefined {
  if (node.type === 'array') {
    if (!/^(?:0|[1-9]\d*)$/.test(segment)) return undefined;
    const value = node.children?.[Number(segment)];
    return value ? { value } : undefined;
  }
  if (node.type !== 'object') return undefined;
  let found: { value: Node; key?: Node } | undefined;
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key?.value === segment && value) found = { value, key }; // the last duplicate wins, as in JSON.parse
  }
  return found;
}

/** The result of parsing one file's text. */
export interface ParsedJson {
  /** The value (undefined when the text is not JSON). */
  value: JsonValue | undefined;
  /** Syntax, forbidden-key and duplicate-key diagnostics (without `file`). */
  diagnostics: Diagnostic[];
  /** Position lookup for the text. */
  sourceMap: SourceMap;
}

/**
 * Deepest nesting of arrays and objects accepted. The parser, the validators, the rules and the mock
 * generator all recurse, so a hostile file of 100,000 `[` would otherwise overflow the stack; real
 * configs nest a few levels (a menu 250 links deep still fits).
 */
export const MAX_NESTING_DEPTH = 512;

/** Diagnostic for input nested deeper than {@link MAX_NESTING_DEPTH}. */
export function tooDeep(pointer: string): Diagnostic {
  return {
    severity: 'error',
    code: 'too-deep',
    message: `the value is nested more than ${MAX_NESTING_DEPTH} levels deep; flatten it`,
    pointer,
  };
}

/** Offset of the bracket that opens level MAX_NESTING_DEPTH + 1, or -1: one pass, strings skipped. */
function excessiveNestingOffset(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > MAX_NESTING_DEPTH) return i;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
  return -1;
}

/** Parses strict JSON (no comments, no trailing commas). */
export function parseJson(text: string): ParsedJson {
  const tooDeepAt = excessiveNestingOffset(text);
  if (tooDeepAt >= 0) {
    const sourceMap = new SourceMap(text, undefined);
    return { value: undefined, diagnostics: [{ ...tooDeep(''), ...sourceMap.position(tooDeepAt) }], sourceMap };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const sourceMap = new SourceMap(text, root);
  const diagnostics: Diagnostic[] = [];
  if (errors.length > 0 || !root) {
    const first = errors[0];
    const at = sourceMap.position(first?.offset ?? 0);
    diagnostics.push({
      severity: 'error',
      code: 'invalid-json',
      message: `invalid JSON: ${describeParseError(first ? printParseErrorCode(first.error) : 'ValueExpected')}`,
      pointer: '',
      ...at,
    });
    return { value: undefined, diagnostics, sourceMap };
  }
  const value = toValue(root, '', sourceMap, diagnostics);
  return { value, diagnostics, sourceMap };
}

const PARSE_ERROR_TEXT: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected `:` after the property name',
  CommaExpected: 'expected `,` between entries',
  CloseBraceExpected: 'expected `}` to close the object',
  CloseBracketExpected: 'expected `]` to close the array',
  EndOfFileExpected: 'unexpected content after the end of the JSON value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unexpected end of number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character in string',
  InvalidCharacter: 'invalid character in string (control characters must be escaped)',
};

function describeParseError(code: string): string {
  return PARSE_ERROR_TEXT[code] ?? code;
}

function toValue(node: Node, pointer: string, sourceMap: SourceMap, diagnostics: Diagnostic[]): JsonValue {
  switch (node.type) {
    case 'object': {
      // A plain object is safe here: the only keys that could reach a prototype are refused before the
      // assignment, and plain objects keep V8's fast property access for the validators.
      const out: { [key: string]: JsonValue } = {};
      const seen = new Set<string>();
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (!keyNode || !valueNode) continue;
        const key = String(keyNode.value);
        const keyPointer = childPointer(pointer, key);
        // Decided on the syntax tree, before the value is built: only whether it is an object with a `prototype`
        // key matters, and only for a `constructor` key (built for it alone: this runs on every property).
        const shape =
          key === 'constructor' && valueNode.type === 'object'
            ? Object.fromEntries((valueNode.children ?? []).map((p) => [String(p.children?.[0]?.value), null]))
            : null;
        if (isDangerousEntry(key, shape)) {
          diagnostics.push({
            ...forbiddenKey(key as '__proto__' | 'constructor', keyPointer),
            ...sourceMap.position(keyNode.offset),
          });
          continue;
        }
        if (seen.has(key)) {
          diagnostics.push({
            severity: 'warning',
            code: 'duplicate-key',
            message: `\`${key}\` appears more than once in this object; the last value is used`,
            pointer: keyPointer,
            ...sourceMap.position(keyNode.offset),
          });
        }
        seen.add(key);
        out[key] = toValue(valueNode, keyPointer, sourceMap, diagnostics);
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map((child, index) =>
        toValue(child, childPointer(pointer, index), sourceMap, diagnostics),
      );
    default:
      return node.value as JsonValue;
  }
}
