/**
 * Every syntax error of a Liquid source, not only the first: LiquidJS stops at the first error, so when a
 * source does not parse, each `{{ … }}` and `{% … %}` is parsed on its own (a block tag with its end tag
 * appended, a branch tag inside a block of its kind), and the blocks are balanced separately (an `if`
 * never closed, an `endif` that closes nothing, an `else` outside any block). Linear in the source: one
 * scan, one small parse per distinct tag (`fragments` remembers them: across runs, an edit parses the tags
 * it changed).
 */
import type { Liquid } from 'liquidjs';
import type { ThemeDiagnostic } from '../diagnostics.js';
import type { Positions } from './positions.js';

/** Tags whose body runs to an end tag (LiquidJS's). */
const BLOCK_TAGS: ReadonlySet<string> = new Set(['if', 'unless', 'for', 'case', 'capture', 'tablerow', 'block']);
/** Tags whose body is not Liquid (skipped to their end tag). */
const VERBATIM_TAGS: ReadonlySet<string> = new Set(['comment', 'raw']);
/** Branch tags, and the blocks they may stand in. */
const BRANCHES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['else', new Set(['if', 'unless', 'for', 'case'])],
  ['elsif', new Set(['if', 'unless'])],
  ['when', new Set(['case'])],
]);
/** How a branch tag is parsed on its own: inside a block of its kind. */
const BRANCH_WRAPPERS: ReadonlyMap<string, readonly [string, string]> = new Map([
  ['else', ['{% if true %}', '{% endif %}']],
  ['elsif', ['{% if true %}', '{% endif %}']],
  ['when', ['{% case 1 %}', '{% endcase %}']],
]);

const TAG_NAME = /^\{%-?\s*([#\w]*)/;
const SNAPSHOT_LENGTH = 32;
/** Tags and outputs whose parse is remembered (a template repeats most of its tags; an edit changes one). */
const MAX_FRAGMENTS = 20_000;

/** Diagnostics of one error: LiquidJS's error -> positioned diagnostics (the renderer's `diagnose`). */
type Diagnose = (error: unknown) => ThemeDiagnostic[];

interface OpenBlock {
  readonly name: string;
  readonly begin: number;
  readonly text: string;
}

/** The start of `text` as LiquidJS quotes it in its messages (`"{{ x }\n</bod..."`). */
const snapshot = (text: string): string =>
  JSON.stringify(text.length > SNAPSHOT_LENGTH ? `${text.slice(0, SNAPSHOT_LENGTH - 3)}...` : text);

/**
 * The syntax errors of `source`, positioned in it (1-based lines and columns; `file` unset). Call it when
 * LiquidJS's parse of the whole source failed.
 */
export function recoverSyntaxErrors(
  liquid: Liquid,
  source: string,
  diagnose: Diagnose,
  positions: Positions,
  fragments: Map<string, readonly ThemeDiagnostic[]> = new Map(),
): ThemeDiagnostic[] {
  // Each broken tag throws an error whose stack nobody reads: without frames, a throw costs microseconds.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return recover(liquid, source, diagnose, positions, fragments);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

function recover(
  liquid: Liquid,
  source: string,
  diagnose: Diagnose,
  positions: Positions,
  fragments: Map<string, readonly ThemeDiagnostic[]>,
): ThemeDiagnostic[] {
  const out: ThemeDiagnostic[] = [];
  const stack: OpenBlock[] = [];
  const error = (begin: number, end: number, message: string): void => {
    out.push({ severity: 'error', code: 'liquid-syntax', message, pointer: '', ...positions.span(source, begin, end) });
  };
  /** Parses `fragment` (the source from `begin`), wrapped in `prefix`/`suffix`, and maps its errors back. */
  const parseAlone = (begin: number, fragment: string, prefix = '', suffix = ''): void => {
    const wrapped = `${prefix}${fragment}${suffix}`;
    let found = fragments.get(wrapped);
    if (found === undefined) {
      try {
        liquid.parse(wrapped);
        found = [];
      } catch (thrown) {
        found = diagnose(thrown);
      }
      if (fragments.size >= MAX_FRAGMENTS) fragments.clear();
      fragments.set(wrapped, found);
    }
    if (found.length > 0) {
      const start = positions.at(source, begin);
      for (const d of found) {
        const { file: _file, ...rest } = d;
        if (d.line === undefined || d.column === undefined) {
          out.push({ ...rest, line: start.line, column: start.column });
          continue;
        }
        const line = start.line + d.line - 1;
        const column = d.line === 1 ? Math.max(start.column, start.column + d.column - 1 - prefix.length) : d.column;
        out.push({ ...rest, line, column });
      }
    }
  };

  let at = 0;
  while (at < source.length) {
    const output = source.indexOf('{{', at);
    const tag = source.indexOf('{%', at);
    if (output < 0 && tag < 0) break;
    const begin = output < 0 ? tag : tag < 0 ? output : Math.min(output, tag);
    const isTag = begin === tag;
    const closer = isTag ? '%}' : '}}';
    const close = source.indexOf(closer, begin + 2);
    const nextOutput = source.indexOf('{{', begin + 2);
    const nextTag = source.indexOf('{%', begin + 2);
    const next = nextOutput < 0 ? nextTag : nextTag < 0 ? nextOutput : Math.min(nextOutput, nextTag);
    if (close < 0 || (next >= 0 && next < close)) {
      error(
        begin,
        begin + 2,
        `${isTag ? 'tag' : 'output'} ${snapshot(source.slice(begin, begin + SNAPSHOT_LENGTH + 1))} not closed`,
      );
      if (next < 0) break;
      at = next;
      continue;
    }
    const end = close + 2;
    const text = source.slice(begin, end);
    at = end;
    if (!isTag) {
      parseAlone(begin, text);
      continue;
    }
    const name = TAG_NAME.exec(text)?.[1] ?? '';
    if (name === '' || name.startsWith('#')) {
      if (name === '') parseAlone(begin, text); // LiquidJS says what is wrong
      continue;
    }
    if (VERBATIM_TAGS.has(name)) {
      const endTag = new RegExp(`\\{%-?\\s*end${name}\\s*-?%\\}`, 'g');
      endTag.lastIndex = end;
      const found = endTag.exec(source);
      if (!found) {
        error(begin, end, `tag ${text} not closed`);
        break;
      }
      at = found.index + found[0].length;
      continue;
    }
    if (name.startsWith('end') && (BLOCK_TAGS.has(name.slice(3)) || VERBATIM_TAGS.has(name.slice(3)))) {
      const opened = name.slice(3);
      const index = stack.map((b) => b.name).lastIndexOf(opened);
      if (index < 0) {
        error(begin, end, `${text} closes no open \`${opened}\``);
        continue;
      }
      for (const unclosed of stack.splice(index).slice(1).reverse())
        error(unclosed.begin, unclosed.begin + unclosed.text.length, `tag ${unclosed.text} not closed`);
      continue;
    }
    const branch = BRANCHES.get(name);
    if (branch) {
      const open = stack[stack.length - 1];
      if (!open || !branch.has(open.name))
        error(begin, end, `${text} stands outside ${[...branch].map((b) => `\`${b}\``).join(', ')}`);
      const [prefix, suffix] = BRANCH_WRAPPERS.get(name) ?? ['', ''];
      parseAlone(begin, text, prefix, suffix);
      continue;
    }
    if (BLOCK_TAGS.has(name)) {
      stack.push({ name, begin, text });
      parseAlone(begin, text, '', `{% end${name} %}`);
      continue;
    }
    parseAlone(begin, text);
  }
  for (const unclosed of stack.reverse())
    error(unclosed.begin, unclosed.begin + unclosed.text.length, `tag ${unclosed.text} not closed`);
  return out;
}
