import type { CompletionItem, Position } from 'vscode-languageserver';
import type { LanguageContext } from './context.js';

export function completeAt(_ctx: LanguageContext, _file: string, _position: Position): CompletionItem[] {
  return [];
}
