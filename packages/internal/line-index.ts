/** Character offsets in a text -> 1-based line and column (columns in UTF-16 code units, as editors count them). */

/** The line starts of one text, for repeated look-ups. */
export class LineIndex {
  readonly #starts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === 10) this.#starts.push(i + 1);
  }

  /** Offset of the start of a 1-based line (the text's length past the last line). */
  lineStart(line: number, fallback: number): number {
    return this.#starts[line - 1] ?? fallback;
  }

  /** 1-based line and column of a character offset. */
  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.#starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.#starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.#starts[lo] ?? 0) + 1 };
  }
}
