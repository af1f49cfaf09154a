import type { Hover, Position } from 'vscode-languageserver';
import type { LanguageContext } from './context.js';

export function hoverAt(_ctx: LanguageContext, _file: string, _position: Position): Hover | null {
  return null;
}
