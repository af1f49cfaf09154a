/**
 * Fixes as data, shared by `theme-kit check --fix` and the editor's quick fixes: a did-you-mean
 * replacement of the exact name, "create the missing snippet", "add this region to the config".
 */
import path from 'node:path';
import { applyEdits, modify, parseTree, type FormattingOptions } from 'jsonc-parser';
import type { ThemeDiagnostic, ThemeFix, ThemeTextEdit } from '../diagnostics.js';
import { closest, didYouMean } from '@commerce-kit/internal/suggest';
import { liquidPath } from '../theme/files.js';
import type { CheckContext, Location } from './context.js';

/** The config file of the regions. */
export const REGIONS_FILE = 'editable-regions.stk.config.json';

/** A did-you-mean `suggestion` field, as every diagnostic words it. */
export function suggestion(name: string, candidates: Iterable<string>): { suggestion?: string } {
  const near = closest(name, candidates);
  return near ? { suggestion: didYouMean(near) } : {};
}

/** The location of a diagnostic, and its end when the span is known. */
export function at(location: Location): Pick<ThemeDiagnostic, 'file' | 'line' | 'column' | 'pointer'> & {
  endLine?: number;
  endColumn?: number;
} {
  const { file, line, column, pointer, endLine, endColumn } = location;
  return endLine === undefined || endColumn === undefined
    ? { file, line, column, pointer }
    : { file, line, column, pointer, endLine, endColumn };
}

/** `span` when the text of its file there is `name`, else undefined. */
export function verifiedSpan(context: CheckContext, span: Location | undefined, name: string): Location | undefined {
  if (!span || span.endLine === undefined || span.endColumn === undefined) return undefined;
  const text = context.textOf(span.file);
  if (text === undefined) return undefined;
  const begin = context.positions.offset(text, span.line, span.column);
  return text.slice(begin, context.positions.offset(text, span.endLine, span.endColumn)) === name ? span : undefined;
}

/**
 * "Replace `from` with `to`" at `span` of `file`, when the text there is `from` (so that an escaped JSON
 * string or a position that could not be mapped never gets an edit at the wrong place).
 */
export function replacement(
  context: CheckContext,
  span: Location | undefined,
  from: string,
  to: string,
  safe: boolean,
): ThemeFix | undefined {
  if (!span || span.endLine === undefined || span.endColumn === undefined) return undefined;
  const text = context.textOf(span.file);
  if (text === undefined) return undefined;
  const begin = context.positions.offset(text, span.line, span.column);
  const end = context.positions.offset(text, span.endLine, span.endColumn);
  if (text.slice(begin, end) !== from) return undefined;
  const edit: ThemeTextEdit = {
    file: span.file,
    line: span.line,
    column: span.column,
    endLine: span.endLine,
    endColumn: span.endColumn,
    newText: to,
  };
  return { title: `replace \`${from}\` with \`${to}\``, edits: [edit], safe };
}

/** The did-you-mean fix of `name` at `span` (safe: one clear candidate), plus its `suggestion` field. */
export function didYouMeanFix(
  context: CheckContext,
  span: Location | undefined,
  name: string,
  candidates: Iterable<string>,
  safe = true,
): { suggestion?: string; fix?: ThemeFix } {
  const near = closest(name, candidates);
  if (near === undefined) return {};
  const fix = replacement(context, span, name, near, safe);
  return fix ? { suggestion: didYouMean(near), fix } : { suggestion: didYouMean(near) };
}

/** "Create snippets/<name>.liquid". */
export function createSnippetFix(context: CheckContext, name: string, safe: boolean): ThemeFix {
  const relative = liquidPath('snippets', name);
  return {
    title: `create ${relative}`,
    edits: [],
    createFiles: [{ file: context.inTheme(relative), text: `{% comment %} The ${name} snippet. {% endcomment %}\n` }],
    safe,
  };
}

/** The formatting of a JSON text: its indentation and line ends. */
function formattingOf(text: string): FormattingOptions {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  return {
    insertSpaces: !indent.startsWith('\t'),
    tabSize: indent.startsWith('\t') ? 1 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

/**
 * "Add region `name` to editable-regions.stk.config.json": an entry appended to the file's array (its
 * formatting kept), or the file created when the theme has none. Undefined when the file is not an array.
 */
export function addRegionFix(context: CheckContext, name: string, safe: boolean): ThemeFix | undefined {
  const title = `add region \`${name}\` to ${REGIONS_FILE}`;
  const entry = { regionName: name, rawMarkup: '' };
  const config = context.snapshot.configTexts.get(REGIONS_FILE);
  if (!config) {
    const file = path.join(context.snapshot.configDir, REGIONS_FILE);
    return { title, edits: [], createFiles: [{ file, text: `${JSON.stringify([entry], null, 2)}\n` }], safe };
  }
  const tree = parseTree(config.text);
  if (tree?.type !== 'array') return undefined;
  const edits = modify(config.text, [tree.children?.length ?? 0], entry, {
    isArrayInsertion: true,
    formattingOptions: formattingOf(config.text),
  });
  return {
    title,
    edits: edits.map((edit) => {
      const start = context.positions.at(config.text, edit.offset);
      const end = context.positions.at(config.text, edit.offset + edit.length);
      return {
        file: config.file,
        line: start.line,
        column: start.column,
        endLine: end.line,
        endColumn: end.column,
        newText: edit.content,
      };
    }),
    safe,
  };
}

/** `text` with `edits` (1-based spans of it, not overlapping) applied. */
export function applyTextEdits(
  text: string,
  edits: readonly ThemeTextEdit[],
  offset: (line: number, column: number) => number,
): string {
  return applyEdits(
    text,
    edits.map((e) => {
      const begin = offset(e.line, e.column);
      return { offset: begin, length: offset(e.endLine, e.endColumn) - begin, content: e.newText };
    }),
  );
}
