/**
 * Positions of LiquidJS tokens in linear time. LiquidJS computes a token's line and column by scanning its
 * source from the start (`Token#getPosition`), once per token its static analysis reports: on a template of
 * n characters with a variable every few characters, that is quadratic (minutes for a 1 MB template). Here
 * each source gets one line index, and a look-up is a binary search.
 */
import { LineIndex } from '@commerce-kit/internal/line-index';
import { Token } from 'liquidjs';

/** A 1-based span: start, and end exclusive. */
export interface Span {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** One line index per source text, for one run of the checks. */
export class Positions {
  readonly #indexes = new Map<string, LineIndex>();
  #last: { readonly text: string; readonly index: LineIndex } | undefined;

  /** The line index of `text` (built once per text). */
  index(text: string): LineIndex {
    if (this.#last?.text === text) return this.#last.index;
    let index = this.#indexes.get(text);
    if (index === undefined) {
      index = new LineIndex(text);
      this.#indexes.set(text, index);
    }
    this.#last = { text, index };
    return index;
  }

  /** 1-based line and column of `offset` in `text`. */
  at(text: string, offset: number): { line: number; column: number } {
    return this.index(text).position(offset);
  }

  /** The span of `[begin, end)` in `text`. */
  span(text: string, begin: number, end: number): Span {
    const index = this.index(text);
    const start = index.position(begin);
    const stop = index.position(end);
    return { line: start.line, column: start.column, endLine: stop.line, endColumn: stop.column };
  }

  /** Character offset of a 1-based line and column of `text`. */
  offset(text: string, line: number, column: number): number {
    return Math.min(this.index(text).lineStart(line, text.length) + column - 1, text.length);
  }

  /**
   * Runs `work` (synchronous) with every LiquidJS token answering `getPosition()` from these line indexes,
   * then puts LiquidJS's own method back: the same answers, in time proportional to the source once.
   */
  run<T>(work: () => T): T {
    const proto = Token.prototype as unknown as { getPosition(this: Token): number[] };
    const original = proto.getPosition;
    const at = (text: string, offset: number): { line: number; column: number } => this.at(text, offset);
    proto.getPosition = function getPosition(this: Token): number[] {
      const { line, column } = at(this.input, this.begin);
      return [line, column];
    };
    try {
      return work();
    } finally {
      proto.getPosition = original;
    }
  }
}
