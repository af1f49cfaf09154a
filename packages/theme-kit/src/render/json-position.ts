/**
 * Positions inside a JSON string value: a Liquid error at line 2, column 5 of a region's `rawMarkup`
 * points at the character of `editable-regions.stk.config.json` it was written as (escapes such as `\n`
 * and `\u00e9` counted as they stand in the file).
 */
import { LineIndex } from '@commerce-kit/internal/line-index';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';

/** 1-based line and column. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

const SIMPLE_ESCAPE_LENGTH = 2;
const UNICODE_ESCAPE_LENGTH = 6;

/** Source offsets of each character of the string literal starting at `quote` (index = character of the value). */
export function characterOffsets(text: string, quote: number): number[] {
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
export function pathOf(pointer: string): Array<string | number> {
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
  if (node?.type !== 'string') return undefined;
  const index = Math.min(new LineIndex(value).lineStart(at.line, value.length) + at.column - 1, value.length);
  const offsets = characterOffsets(text, node.offset);
  const offset = offsets[Math.min(index, offsets.length - 1)] ?? node.offset;
  return positionOf(text, offset);
}

/** 1-based line and column of a character offset in `text`. */
export function positionOf(text: string, offset: number): Position {
  return new LineIndex(text).position(offset);
}
