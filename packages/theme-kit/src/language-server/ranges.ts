/**
 * Positions of the checks (1-based lines and columns, UTF-16 code units, end exclusive) as LSP ranges
 * (0-based). A diagnostic without an end spans the word at its position: a name, or a quoted string.
 */
import { LineIndex } from '@commerce-kit/internal/line-index';
import type { Range } from 'vscode-languageserver/node.js';

const WORD = /[\p{L}\p{N}_$-]/u;

/** The lines of one text, for the ranges of its diagnostics. */
export class TextLines {
  readonly #text: string;
  #index: LineIndex | undefined;

  constructor(text: string) {
    this.#text = text;
  }

  /** The text of a 1-based line, without its line break ('' past the end). */
  line(line: number): string {
    this.#index ??= new LineIndex(this.#text);
    const start = this.#index.lineStart(line, this.#text.length);
    const next = this.#index.lineStart(line + 1, this.#text.length + 1);
    return this.#text.slice(start, Math.max(start, next - 1)).replace(/\r$/, '');
  }
}

/** 1-based, end exclusive. */
export interface Span {
  readonly line: number;
  readonly column: number;
  readonly endLine?: number | undefined;
  readonly endColumn?: number | undefined;
}

/** The LSP range of a span; without an end, the word (or quoted string) at its start in `lines`. */
export function spanRange(span: Span, lines: TextLines | undefined): Range {
  const line = Math.max(0, span.line - 1);
  const character = Math.max(0, span.column - 1);
  if (span.endLine !== undefined && span.endColumn !== undefined) {
    return {
      start: { line, character },
      end: { line: Math.max(line, span.endLine - 1), character: Math.max(0, span.endColumn - 1) },
    };
  }
  const text = lines?.line(span.line) ?? '';
  return { start: { line, character }, end: { line, character: character + wordLength(text, character) } };
}

/** How long the word or quoted string starting at `start` of `text` is (1 for another character, 0 at the end). */
function wordLength(text: string, start: number): number {
  const first = text[start];
  if (first === undefined) return 0;
  if (first === '"' || first === "'") {
    for (let i = start + 1; i < text.length; i += 1) {
      if (text[i] === '\\') i += 1;
      else if (text[i] === first) return i + 1 - start;
    }
    return text.length - start;
  }
  let end = start;
  while (end < text.length && WORD.test(text[end] as string)) end += 1;
  return Math.max(1, end - start);
}
