import type { Position, Range, WorkspaceEdit } from 'vscode-languageserver';
import type { LanguageContext } from './context.js';

export function prepareRenameAt(
  _ctx: LanguageContext,
  _file: string,
  _position: Position,
): { range: Range; placeholder: string } | null {
  return null;
}
export function renameAt(
  _ctx: LanguageContext,
  _file: string,
  _position: Position,
  _newName: string,
): WorkspaceEdit | null {
  return null;
}
