import type { DocumentLink, Location, Position } from 'vscode-languageserver';
import type { LanguageContext } from './context.js';

export function definitionAt(_ctx: LanguageContext, _file: string, _position: Position): Location[] {
  return [];
}
export function referencesAt(_ctx: LanguageContext, _file: string, _position: Position): Location[] {
  return [];
}
export function documentLinksOf(_ctx: LanguageContext, _file: string): DocumentLink[] {
  return [];
}
