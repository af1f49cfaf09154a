/**
 * Positions inside a JSON string value: a Liquid error at line 2, column 5 of a region's `rawMarkup`
 * points at the character of `editable-regions.stk.config.json` it was written as (escapes such as `\n`
 * and `\u00e9` counted as they stand in the file).
 */
import { findNodeAtLocation, parseTree } from 'jsonc-parser';

/** 1-based line and column. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function positionAt(starts: readonly number[], offset: number): Position {
  let line = 0;
  while (line + 1 < starts.length && (starts[line + 1] ?? Infinity) <= offset) line += 1;
  return { line: line + 1, column: offset - (starts[line] ?? 0) + 1 };
}

const SIMPLE_ESCAPE_LENGTH = 2;
const UNICODE_ESCAPE_LENGTH = 6;

/** Source offsets of each character of the string literal starting at `quote` (index = character of the value). */
function characterOffsets(text: string, quote: number): number[] {
  const offsets: number[] = [];
  let i = quote + 1;
  while (i < text.length && text[i] !== '"') {
    offsets.push(i);
    i += text[i] === '\\' ? (text[i + 1] === 'u' ? UNICODE_ESCAPE_LENGTH : SIMPLE_ESCAPE_LENGTH) : 1;
  }
  offsets.push(i); // the end: an error at the very end of the value points at the closing quote
  return offsets;
}

/** JSON Pointer -> jsonc-parser path (array indexes as numbers). */
function pathOf(pointer: string): Array<string | number> {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^(?:0|[1-9]\d*)$/.test(segment) ? Number(segment) : segment));
}

/**
 * Where `at` (a position inside the string value at `pointer`) stands in the JSON `text`; undefined when
 * the pointer names no string.
 */
export function positionInJsonString(text: string, pointer: string, value: string, at: Position): Position | undefined {
  const tree = parseTree(text);
  const node = tree ? findNodeAtLocation(tree, pathOf(pointer)) : undefined;
  if (!node || node.type !== 'string') return undefined;
  const valueStarts = lineStarts(value);
  const index = Math.min((valueStarts[at.line - 1] ?? value.length) + at.column - 1, value.length);
  const offsets = characterOffsets(text, node.offset);
  const offset = offsets[Math.min(index, offsets.length - 1)] ?? node.offset;
  return positionAt(lineStarts(text), offset);
}

/** 1-based line and column of a character offset in `text`. */
export function positionOf(text: string, offset: number): Position {
  return positionAt(lineStarts(text), offset);
}
