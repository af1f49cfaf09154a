/**
 * Rename a region (every `editable_region` tag and the config file's `regionName`) or a snippet (its file,
 * as a `RenameFile`, and every `render` tag), as one workspace edit.
 */
import type { Position, Range, RenameFile, TextDocumentEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { type LanguageContext, rangeOf } from './context.js';
import { configValuesOf, nameAt, usesOf } from './navigation.js';

/** The range and current name of a renamable region or snippet name at `position`, else null. */
export function prepareRenameAt(
  ctx: LanguageContext,
  file: string,
  position: Position,
): { range: Range; placeholder: string } | null {
  const found = nameAt(ctx, file, position);
  if (!found || (found.at.kind !== 'region' && found.at.kind !== 'snippet')) return null;
  return { range: rangeOf(found.doc.lines, found.at.begin, found.at.end), placeholder: found.at.name };
}

/** A name a snippet file or a region may take: not empty, no path separator, quote or control character. */
const validName = (name: string): boolean =>
  name.trim() === name && name !== '' && !/[/\\'"\u0000-\u001f]/.test(name) && name !== '.' && name !== '..';

/** The edit renaming the region or snippet at `position` to `newName`, or null. */
export function renameAt(
  ctx: LanguageContext,
  file: string,
  position: Position,
  newName: string,
): WorkspaceEdit | null {
  const found = nameAt(ctx, file, position);
  if (!found || !validName(newName)) return null;
  const { kind, name } = found.at;
  if (kind !== 'region' && kind !== 'snippet') return null;
  if (name === newName) return { documentChanges: [] };
  const byUri = new Map<string, TextEdit[]>();
  const edit = (uri: string, range: Range, newText: string): void => {
    const edits = byUri.get(uri) ?? [];
    edits.push({ range, newText });
    byUri.set(uri, edits);
  };
  for (const use of usesOf(ctx, kind, name)) edit(use.uri, use.range, newName);
  if (kind === 'region')
    for (const value of configValuesOf(ctx, 'region', name))
      edit(value.uri, value.range, JSON.stringify(newName).slice(1, -1));
  const changes: Array<TextDocumentEdit | RenameFile> = [...byUri].map(([uri, edits]) => ({
    textDocument: { uri, version: null },
    edits,
  }));
  if (kind === 'snippet') {
    const from = `snippets/${name}.liquid`;
    const to = `snippets/${newName}.liquid`;
    if (ctx.snapshot.files.has(to)) return null;
    if (ctx.snapshot.files.has(from))
      changes.push({ kind: 'rename', oldUri: ctx.uri(from), newUri: ctx.uri(to), options: { overwrite: false } });
  }
  return { documentChanges: changes };
}
