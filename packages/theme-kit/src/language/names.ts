/** What a string of a Liquid statement names, and the named entries of the config files. */
import { findNodeAtLocation, type Node as JsonNode } from 'jsonc-parser';
import type { LanguageContext } from './context.js';
import { type Lexeme, pathsOf, type PathStep, type Statement } from './liquid-document.js';

/** What a string literal stands for. */
export type StringRole =
  | { readonly kind: 'snippet' | 'layout' | 'region' | 'menu' | 'asset' }
  | { readonly kind: 'enum'; readonly path: readonly PathStep[] };

/** The role of the string lexeme `i` of a statement. */
export function stringRole(statement: Statement, lexemes: readonly Lexeme[], i: number): StringRole | undefined {
  if (i === 0 && (statement.name === 'render' || statement.name === 'include')) return { kind: 'snippet' };
  if (i === 0 && statement.name === 'editable_region') return { kind: 'region' };
  if (i === 0 && statement.name === 'layout') return { kind: 'layout' };
  const prev = lexemes[i - 1];
  if (prev?.text === '[' && lexemes[i - 2]?.text === 'menus' && lexemes[i - 3]?.text !== '.') return { kind: 'menu' };
  if (lexemes[i + 1]?.text === '|' && lexemes[i + 2]?.text === 'asset_url') return { kind: 'asset' };
  if (prev?.text === '==' || prev?.text === '!=') {
    const path = pathsOf(lexemes.slice(0, i - 1)).find((p) => p.last === i - 1 && p.trailingDot === undefined);
    if (path) return { kind: 'enum', path: path.steps };
  }
  return undefined;
}

/** One named entry of an array config file (a region by `regionName`, a menu by `name`). */
export interface ConfigEntry {
  readonly name: string;
  /** The entry's object. */
  readonly entry: JsonNode;
  /** The name's string value. */
  readonly value: JsonNode;
}

/** The entries of `fileName` (an array of objects) named by their `key`. */
export function configEntries(ctx: LanguageContext, fileName: string, key: string): ConfigEntry[] {
  const tree = ctx.config(fileName)?.tree;
  if (tree?.type !== 'array') return [];
  const out: ConfigEntry[] = [];
  for (const entry of tree.children ?? []) {
    if (entry.type !== 'object') continue;
    const value = findNodeAtLocation(entry, [key]);
    if (value?.type === 'string' && typeof value.value === 'string') out.push({ name: value.value, entry, value });
  }
  return out;
}

/** The names of `fileName`'s entries, in file order. */
export function configNames(ctx: LanguageContext, fileName: string, key: string): string[] {
  return configEntries(ctx, fileName, key).map((entry) => entry.name);
}
