/**
 * The checks' diagnostics as LSP diagnostics, grouped by document, and their fixes as quick fixes. The
 * codes, messages and positions are `theme-kit check`'s; the server adds only what it says about files it
 * analysed in part ({@link FileNote}).
 */
import {
  type CodeAction,
  CodeActionKind,
  type CreateFile,
  type Diagnostic,
  DiagnosticSeverity,
  type Range,
  type TextDocumentEdit,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node.js';
import type { ThemeDiagnostic, ThemeFix } from '../diagnostics.js';
import type { ThemeSnapshot } from '../workspace/snapshot.js';
import type { FileNote } from '../workspace/workspace-theme.js';
import { relativePath } from '../workspace/theme-entry.js';
import { spanRange, TextLines } from './ranges.js';

/** The `source` of every diagnostic the server publishes. */
export const DIAGNOSTIC_SOURCE = 'theme-kit';

/** One published diagnostic and the fixes it carries. */
export interface PublishedDiagnostic {
  readonly diagnostic: Diagnostic;
  readonly fixes: readonly ThemeFix[];
}

/** The diagnostics of one theme, by absolute file path (only files of the theme: Liquid and config files). */
export type DiagnosticsByFile = Map<string, PublishedDiagnostic[]>;

/** The text of a file of the snapshot (absolute path), Liquid or config. */
function textOf(snapshot: ThemeSnapshot, file: string): string | undefined {
  for (const config of snapshot.configTexts.values()) if (config.file === file) return config.text;
  return snapshot.files.get(relativePath(snapshot.root, file));
}

/**
 * Groups `diagnostics` by file and maps them to LSP. Diagnostics about no file of the theme (the config
 * directory itself, a built-in template) are left out; a file with a note shows the note instead of its own.
 */
export function toPublished(
  snapshot: ThemeSnapshot,
  diagnostics: readonly ThemeDiagnostic[],
  notes: ReadonlyMap<string, FileNote>,
): DiagnosticsByFile {
  const out: DiagnosticsByFile = new Map();
  const lines = new Map<string, TextLines | undefined>();
  for (const d of diagnostics) {
    const file = d.file;
    if (file === undefined || notes.get(file)?.kind === 'partial' || notes.get(file)?.kind === 'binary') continue;
    if (!lines.has(file)) {
      const text = textOf(snapshot, file);
      lines.set(file, text === undefined ? undefined : new TextLines(text));
    }
    const text = lines.get(file);
    if (text === undefined) continue;
    const range = spanRange(
      { line: d.line ?? 1, column: d.column ?? 1, endLine: d.endLine, endColumn: d.endColumn },
      text,
    );
    const list = out.get(file) ?? [];
    list.push({
      diagnostic: {
        range,
        severity: d.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
        code: d.code,
        source: DIAGNOSTIC_SOURCE,
        message: d.suggestion ? `${d.message} (${d.suggestion})` : d.message,
      },
      fixes: d.fixes ?? [],
    });
    out.set(file, list);
  }
  for (const note of notes.values()) {
    const list = out.get(note.file) ?? [];
    list.unshift({
      diagnostic: {
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        severity: note.kind === 'unreadable' ? DiagnosticSeverity.Error : DiagnosticSeverity.Information,
        code: note.kind === 'unreadable' ? 'read-error' : `analysed-${note.kind}`,
        source: DIAGNOSTIC_SOURCE,
        message: note.message,
      },
      fixes: [],
    });
    out.set(note.file, list);
  }
  return out;
}

/** What turning fixes into workspace edits needs to know of the editor. */
export interface EditTarget {
  /** The URI of a file (absolute path). */
  uri(file: string): string;
  /** The version of the open document at `uri`, or null. */
  version(uri: string): number | null;
  /** The client takes `documentChanges` (needed to create files). */
  readonly documentChanges: boolean;
}

const sameRange = (a: Range, b: Range): boolean =>
  a.start.line === b.start.line &&
  a.start.character === b.start.character &&
  a.end.line === b.end.line &&
  a.end.character === b.end.character;

const intersects = (a: Range, b: Range): boolean =>
  !(
    a.end.line < b.start.line ||
    (a.end.line === b.start.line && a.end.character < b.start.character) ||
    b.end.line < a.start.line ||
    (b.end.line === a.start.line && b.end.character < a.start.character)
  );

/** The workspace edit of a fix, or undefined when the client cannot apply it (a new file without `documentChanges`). */
function fixEdit(fix: ThemeFix, target: EditTarget): WorkspaceEdit | undefined {
  const byFile = new Map<string, TextEdit[]>();
  for (const edit of fix.edits) {
    const list = byFile.get(edit.file) ?? [];
    list.push({ range: spanRange(edit, undefined), newText: edit.newText });
    byFile.set(edit.file, list);
  }
  const creates = fix.createFiles ?? [];
  if (!target.documentChanges) {
    if (creates.length > 0) return undefined;
    return { changes: Object.fromEntries([...byFile].map(([file, edits]) => [target.uri(file), edits])) };
  }
  const changes: Array<CreateFile | TextDocumentEdit> = [];
  for (const create of creates) {
    const uri = target.uri(create.file);
    changes.push({ kind: 'create', uri, options: { ignoreIfExists: true } });
    if (create.text !== '') {
      changes.push({
        textDocument: { uri, version: null },
        edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: create.text }],
      });
    }
  }
  for (const [file, edits] of byFile) {
    const uri = target.uri(file);
    changes.push({ textDocument: { uri, version: target.version(uri) }, edits });
  }
  return { documentChanges: changes };
}

/**
 * The quick fixes for the diagnostics the editor asks about (matched to the published ones by range,
 * code and message), or for the published diagnostics that meet `range` when it names none.
 */
export function quickFixes(
  published: readonly PublishedDiagnostic[],
  asked: readonly Diagnostic[],
  range: Range,
  target: EditTarget,
): CodeAction[] {
  const chosen =
    asked.length > 0
      ? published.filter((p) =>
          asked.some(
            (a) =>
              sameRange(a.range, p.diagnostic.range) &&
              a.message === p.diagnostic.message &&
              (a.code === undefined || a.code === p.diagnostic.code),
          ),
        )
      : published.filter((p) => intersects(p.diagnostic.range, range));
  const actions: CodeAction[] = [];
  for (const { diagnostic, fixes } of chosen) {
    for (const fix of fixes) {
      const edit = fixEdit(fix, target);
      if (edit === undefined) continue;
      actions.push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        ...(fixes.length === 1 && fix.safe ? { isPreferred: true } : {}),
        edit,
      });
    }
  }
  return actions;
}
