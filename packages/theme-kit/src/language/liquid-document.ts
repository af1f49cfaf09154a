/**
 * A Liquid document as the editor features read it: LiquidJS's tokenizer splits it into tags and outputs
 * (an unterminated last one, the half-typed tag of a keystroke, included); each `{% liquid %}` line is a
 * statement of its own; then only a statement's own text is read, by the small lexer below (names, strings,
 * numbers, punctuation), and paths (`menus['main-menu'].links`) are read from those lexemes.
 */
import { defaultOptions, Tokenizer, TokenKind } from 'liquidjs';

/** One `{% … %}` / `{{ … }}` / `{% liquid %}` line: a tag name (`''` for an output) and its arguments. */
export interface Statement {
  readonly kind: 'tag' | 'output';
  /** The tag's name (`render`, `endfor`, `#`); `''` for an output or a tag without a name yet. */
  readonly name: string;
  /** Offsets of the name. */
  readonly nameBegin: number;
  readonly nameEnd: number;
  /** Offsets of the arguments (an output's whole expression). */
  readonly argsBegin: number;
  readonly argsEnd: number;
  /** Offsets of the whole token (delimiters included); for a `{% liquid %}` line, the line. */
  readonly begin: number;
  readonly end: number;
  /** False for the unterminated last token of the document. */
  readonly closed: boolean;
  /** A line of a `{% liquid %}` tag (it follows its tag in the list). */
  readonly line?: true;
}

/** A lexeme of a statement's arguments. */
export interface Lexeme {
  readonly type: 'ident' | 'string' | 'number' | 'punct';
  /** The text (a string's with its quotes). */
  readonly text: string;
  readonly begin: number;
  readonly end: number;
  /** Strings: whether the closing quote is there. */
  readonly closed: boolean;
}

/** A string's content (without quotes) and its offsets. */
export function stringContent(lexeme: Lexeme): { value: string; begin: number; end: number } {
  const begin = lexeme.begin + 1;
  const end = lexeme.closed ? lexeme.end - 1 : lexeme.end;
  return { value: lexeme.text.slice(1, lexeme.closed ? -1 : undefined), begin, end };
}

const isIdentStart = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 127;
const isIdentPart = (c: number): boolean => isIdentStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 63;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isBlank = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 12;

const PUNCT2 = new Set(['==', '!=', '<>', '<=', '>=', '..']);

/** Lexes `text` from `begin` to `end`. */
export function lex(text: string, begin: number, end: number): Lexeme[] {
  const out: Lexeme[] = [];
  let p = begin;
  while (p < end) {
    const c = text.charCodeAt(p);
    if (isBlank(c)) {
      p++;
      continue;
    }
    const start = p;
    if (c === 39 || c === 34) {
      p++;
      while (p < end && text.charCodeAt(p) !== c) p++;
      const closed = p < end;
      if (closed) p++;
      out.push({ type: 'string', text: text.slice(start, p), begin: start, end: p, closed });
      continue;
    }
    if (isDigit(c) || (c === 45 && p + 1 < end && isDigit(text.charCodeAt(p + 1)))) {
      p++;
      while (p < end && (isDigit(text.charCodeAt(p)) || (text.charCodeAt(p) === 46 && isDigit(text.charCodeAt(p + 1)))))
        p++;
      out.push({ type: 'number', text: text.slice(start, p), begin: start, end: p, closed: true });
      continue;
    }
    if (isIdentStart(c)) {
      p++;
      while (p < end && isIdentPart(text.charCodeAt(p))) p++;
      out.push({ type: 'ident', text: text.slice(start, p), begin: start, end: p, closed: true });
      continue;
    }
    const two = text.slice(p, p + 2);
    p += PUNCT2.has(two) && p + 2 <= end ? 2 : 1;
    out.push({ type: 'punct', text: text.slice(start, p), begin: start, end: p, closed: true });
  }
  return out;
}

/** One step of a path: `.name`, `['key']` / `[0]`, or `[expression]`. */
export interface PathStep {
  readonly kind: 'name' | 'key' | 'dynamic';
  /** The name or key (`''` for a dynamic step). */
  readonly name: string;
  /** Offsets of the name (of the key's string, quotes included). */
  readonly begin: number;
  readonly end: number;
  /** For a key: its lexeme (a string or a number). */
  readonly lexeme?: Lexeme | undefined;
}

/** A variable and the steps after it: `menus['main-menu'].links`. */
export interface PathExpr {
  /** The root variable and then each step. */
  readonly steps: readonly PathStep[];
  /** Index of the root's lexeme and one past the last lexeme of the path. */
  readonly first: number;
  readonly last: number;
  /** Offset just after a trailing `.` with no name after it yet (`store.`), else undefined. */
  readonly trailingDot?: number | undefined;
  /** A `[` not closed yet: the offset after it (`menus['ma` has the partial key as a string lexeme). */
  readonly openBracket?: number | undefined;
}

const KEYWORDS = new Set([
  'and',
  'or',
  'contains',
  'in',
  'with',
  'as',
  'for',
  'true',
  'false',
  'nil',
  'null',
  'empty',
  'blank',
]);

/** Reads the path starting at lexeme `i` (an identifier), or undefined. */
export function readPath(lexemes: readonly Lexeme[], i: number): PathExpr | undefined {
  const root = lexemes[i];
  if (root?.type !== 'ident') return undefined;
  const steps: PathStep[] = [{ kind: 'name', name: root.text, begin: root.begin, end: root.end }];
  let j = i + 1;
  for (;;) {
    const next = lexemes[j];
    if (next?.type !== 'punct') break;
    if (next.text === '.') {
      const name = lexemes[j + 1];
      if (name?.type === 'ident' && name.begin === next.end) {
        steps.push({ kind: 'name', name: name.text, begin: name.begin, end: name.end });
        j += 2;
        continue;
      }
      return { steps, first: i, last: j + 1, trailingDot: next.end };
    }
    if (next.text === '[') {
      const key = lexemes[j + 1];
      const close = lexemes[j + 2];
      if (key && (key.type === 'string' || key.type === 'number')) {
        const name = key.type === 'string' ? stringContent(key).value : key.text;
        steps.push({ kind: 'key', name, begin: key.begin, end: key.end, lexeme: key });
        if (close?.text === ']') {
          j += 3;
          continue;
        }
        return { steps, first: i, last: j + 2, openBracket: next.end };
      }
      if (key === undefined) return { steps, first: i, last: j + 1, openBracket: next.end };
      // `[expression]`: skip to the matching `]`
      let depth = 0;
      let k = j;
      for (; k < lexemes.length; k++) {
        const t = lexemes[k]!.text;
        if (t === '[') depth++;
        else if (t === ']' && --depth === 0) break;
      }
      steps.push({ kind: 'dynamic', name: '', begin: next.begin, end: lexemes[k]?.end ?? next.end });
      if (k >= lexemes.length) return { steps, first: i, last: k, openBracket: next.end };
      j = k + 1;
      continue;
    }
    break;
  }
  return { steps, first: i, last: j };
}

/** Every path of a statement's lexemes that starts a value (not a keyword, not a filter's name or a named argument). */
export function pathsOf(lexemes: readonly Lexeme[]): PathExpr[] {
  const out: PathExpr[] = [];
  let i = 0;
  while (i < lexemes.length) {
    const lexeme = lexemes[i]!;
    const prev = lexemes[i - 1];
    const next = lexemes[i + 1];
    if (
      lexeme.type === 'ident' &&
      !KEYWORDS.has(lexeme.text) &&
      prev?.text !== '|' &&
      prev?.text !== '.' &&
      !(next?.text === ':' && next.begin === lexeme.end)
    ) {
      const path = readPath(lexemes, i);
      if (path) {
        out.push(path);
        // the paths inside `[expression]` steps are read too
        i++;
        while (i < path.last && lexemes[i]?.text !== '[') i++;
        if (i >= path.last) i = path.last;
        continue;
      }
    }
    i++;
  }
  return out;
}

/**
 * Offsets of the first character of each line. With the line starts of a previous text that shares its
 * first `same` characters, only the rest is read.
 */
export function lineStarts(text: string, previous?: readonly number[], same = 0): number[] {
  const starts = [0];
  let from = 0;
  if (previous && same > 0) {
    // keep the lines that start before the change (a line starting at `same` may follow a changed `\r`)
    let keep = 0;
    while (keep < previous.length && previous[keep]! < same) keep++;
    starts.length = 0;
    for (let i = 0; i < keep; i++) starts.push(previous[i]!);
    if (starts.length === 0) starts.push(0);
    from = Math.max(0, starts.at(-1)!);
  }
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return starts;
}

function tagName(text: string, from: number, to: number): { name: string; begin: number; end: number } {
  let p = from;
  while (p < to && isBlank(text.charCodeAt(p))) p++;
  const begin = p;
  if (text.charCodeAt(p) === 35 /* # */) return { name: '#', begin, end: p + 1 };
  while (p < to && isIdentPart(text.charCodeAt(p))) p++;
  return { name: text.slice(begin, p), begin, end: p };
}

function tagStatement(text: string, begin: number, end: number, closed: boolean): Statement {
  let contentBegin = begin + 2;
  if (text.charCodeAt(contentBegin) === 45 /* - */) contentBegin++;
  let contentEnd = closed ? end - 2 : end;
  if (closed && contentEnd > contentBegin && text.charCodeAt(contentEnd - 1) === 45) contentEnd--;
  const name = tagName(text, contentBegin, contentEnd);
  let argsBegin = name.end;
  while (argsBegin < contentEnd && isBlank(text.charCodeAt(argsBegin))) argsBegin++;
  return {
    kind: 'tag',
    name: name.name,
    nameBegin: name.begin,
    nameEnd: name.end,
    argsBegin: Math.min(argsBegin, contentEnd),
    argsEnd: contentEnd,
    begin,
    end,
    closed,
  };
}

function outputStatement(text: string, begin: number, end: number, closed: boolean): Statement {
  let contentBegin = begin + 2;
  if (text.charCodeAt(contentBegin) === 45) contentBegin++;
  let contentEnd = closed ? end - 2 : end;
  if (closed && contentEnd > contentBegin && text.charCodeAt(contentEnd - 1) === 45) contentEnd--;
  return {
    kind: 'output',
    name: '',
    nameBegin: contentBegin,
    nameEnd: contentBegin,
    argsBegin: contentBegin,
    argsEnd: contentEnd,
    begin,
    end,
    closed,
  };
}

/** The lines of a `{% liquid %}` tag, each a statement. */
function liquidLines(text: string, tag: Statement, out: Statement[]): void {
  let p = tag.argsBegin;
  while (p < tag.argsEnd) {
    let lineEnd = p;
    while (lineEnd < tag.argsEnd && text.charCodeAt(lineEnd) !== 10) lineEnd++;
    const name = tagName(text, p, lineEnd);
    if (name.name !== '') {
      let argsBegin = name.end;
      while (argsBegin < lineEnd && isBlank(text.charCodeAt(argsBegin))) argsBegin++;
      let argsEnd = lineEnd;
      while (argsEnd > argsBegin && isBlank(text.charCodeAt(argsEnd - 1))) argsEnd--;
      out.push({
        kind: 'tag',
        name: name.name,
        nameBegin: name.begin,
        nameEnd: name.end,
        argsBegin,
        argsEnd,
        begin: p,
        end: lineEnd,
        closed: tag.closed || lineEnd < tag.argsEnd,
        line: true,
      });
    }
    p = lineEnd + 1;
  }
}

/** The statements of a Liquid document, in order; comment bodies are left out. */
export function scanStatements(text: string): Statement[] {
  return scanFrom(text, [], 0);
}

/** Length of the common prefix of two texts (compared a chunk at a time, then a character at a time). */
export function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  const CHUNK = 8192;
  let i = 0;
  while (i + CHUNK <= n && a.slice(i, i + CHUNK) === b.slice(i, i + CHUNK)) i += CHUNK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/**
 * The statements of `text`, an edit of `previous` whose statements are `statements`: the statements that
 * end before the first changed character are kept (unless a `comment` or `raw` is open there) and the
 * tokenizer starts again after them. Typing re-reads the document from the edit on, not from its start.
 */
export function rescanStatements(previous: string, statements: readonly Statement[], text: string): Statement[] {
  const changed = commonPrefix(previous, text);
  let keep = 0;
  while (keep < statements.length) {
    const s = statements[keep]!;
    if (!s.closed || s.end > changed) break;
    keep++;
  }
  let open = -1;
  for (let i = 0; i < keep; i++) {
    const name = statements[i]!.name;
    if ((name === 'comment' || name === 'raw') && open < 0) open = i;
    else if ((name === 'endcomment' || name === 'endraw') && open >= 0) open = -1;
  }
  if (open >= 0) keep = open;
  const kept = statements.slice(0, keep);
  let restart = 0;
  for (const s of kept) if (s.end > restart) restart = s.end;
  return scanFrom(text, kept, restart);
}

function scanFrom(text: string, kept: Statement[], restart: number): Statement[] {
  const out: Statement[] = kept;
  const tokenizer = new Tokenizer(text, defaultOptions.operators);
  tokenizer.p = restart;
  const n = text.length;
  let inComment = 0;
  const push = (statement: Statement): void => {
    if (statement.kind === 'tag') {
      if (statement.name === 'comment') {
        inComment++;
        if (inComment > 1) return;
      } else if (statement.name === 'endcomment' && inComment > 0) {
        inComment--;
        if (inComment > 0) return;
      } else if (inComment > 0) return;
      out.push(statement);
      if (statement.name === 'liquid') liquidLines(text, statement, out);
      return;
    }
    if (inComment === 0) out.push(statement);
  };
  // LiquidJS's own tokenizer finds where each tag and output ends (quotes in outputs respected); only the
  // delimiters are looked for here. Building LiquidJS's TagTokens would build two tries per tag.
  const raw = tokenizer as unknown as { rawBeginAt: number };
  while (tokenizer.p < n) {
    const begin = tokenizer.p;
    if (tokenizer.match('{%')) {
      if (tokenizer.readToDelimiter('%}') === -1) {
        push(tagStatement(text, begin, n, false));
        break;
      }
      const statement = tagStatement(text, begin, tokenizer.p, true);
      push(statement);
      if (statement.name === 'raw') {
        // the body up to `{% endraw %}`, as LiquidJS reads it
        raw.rawBeginAt = begin;
        try {
          while (raw.rawBeginAt > -1 && tokenizer.p < n) {
            const token = tokenizer.readTopLevelToken(defaultOptions);
            if (token.kind === TokenKind.Tag) push(tagStatement(text, token.begin, token.end, true));
          }
        } catch {
          break; // an unclosed raw: the rest is its body
        }
      }
    } else if (tokenizer.match('{{')) {
      if (tokenizer.readToDelimiter('}}', true) === -1) {
        push(outputStatement(text, begin, n, false));
        break;
      }
      push(outputStatement(text, begin, tokenizer.p, true));
    } else {
      const tag = text.indexOf('{%', begin);
      const output = text.indexOf('{{', begin);
      const next = Math.min(tag < 0 ? n : tag, output < 0 ? n : output);
      tokenizer.p = next;
    }
    if (tokenizer.p <= begin) break;
  }
  return out;
}

/**
 * The statement whose name or arguments hold `offset`, or undefined (plain HTML, a delimiter). With the
 * document's `text`, a blank line of a `{% liquid %}` tag is an empty tag (a tag name may be typed there).
 */
export function statementAt(statements: readonly Statement[], offset: number, text?: string): Statement | undefined {
  // binary search for the last statement beginning before offset
  let lo = 0;
  let hi = statements.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (statements[mid]!.begin < offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const s = statements[found];
  if (!s) return undefined;
  const start = s.kind === 'output' ? s.argsBegin : Math.min(s.nameBegin, s.begin + 2);
  if (offset >= start && offset <= s.argsEnd && (s.name !== 'liquid' || offset <= s.nameEnd)) return s;
  if (text !== undefined && (s.name === 'liquid' || s.line)) {
    // a blank line of a `{% liquid %}` tag: an empty tag where the cursor is
    let i = found;
    while (i > 0 && statements[i]!.line) i--;
    const tag = statements[i]!;
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    let blank = lineStart > tag.nameEnd;
    for (let p = lineStart; blank && p < offset; p++) blank = isBlank(text.charCodeAt(p));
    if (tag.name === 'liquid' && blank && offset <= tag.argsEnd)
      return {
        kind: 'tag',
        name: '',
        nameBegin: offset,
        nameEnd: offset,
        argsBegin: offset,
        argsEnd: offset,
        begin: lineStart,
        end: offset,
        closed: true,
        line: true,
      };
  }
  return undefined;
}
