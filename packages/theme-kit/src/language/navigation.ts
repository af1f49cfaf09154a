/**
 * Go to definition, find references and document links: between `render` / `layout` / `editable_region`
 * tags, `asset_url` strings and `menus[...]` and the snippets, layouts, assets and config entries they name;
 * from `page.stk.config.json`'s `template` to the template and from a block's `type` to its template.
 */
import { getLocation, type Node as JsonNode } from 'jsonc-parser';
import { pathToFileURL } from 'node:url';
import type { DocumentLink, Location, Position, Range } from 'vscode-languageserver';
import {
  type ConfigDoc,
  type LanguageContext,
  type LiquidDoc,
  MENUS_FILE,
  type NameUse,
  offsetAt,
  PAGE_FILE,
  rangeOf,
  REGIONS_FILE,
} from './context.js';
import { lex, statementAt, stringContent } from './liquid-document.js';
import { configEntries, stringRole } from './names.js';

/** A name at a position, with the offsets of the name in its document. */
export interface NameAt {
  readonly kind: NameUse['kind'] | 'template' | 'block';
  readonly name: string;
  readonly begin: number;
  readonly end: number;
}

const START: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** The name a Liquid document has at `offset`. */
function liquidNameAt(doc: LiquidDoc, offset: number): NameAt | undefined {
  const use = doc.uses.find((u) => u.begin <= offset && offset <= u.end);
  if (use) return use;
  const statement = statementAt(doc.statements, offset);
  if (!statement) return undefined;
  // a half-typed string (no closing quote yet) is no use; a string in a closed statement is
  const lexemes = lex(doc.text, statement.argsBegin, statement.argsEnd);
  const index = lexemes.findIndex((l) => l.type === 'string' && l.begin < offset && offset <= l.end);
  const lexeme = lexemes[index];
  if (!lexeme?.closed) return undefined;
  const role = stringRole(statement, lexemes, index);
  if (!role || role.kind === 'enum') return undefined;
  const content = stringContent(lexeme);
  return { kind: role.kind, name: content.value, begin: content.begin, end: content.end };
}

/** The string value of a config document at `offset`, with its JSON path. */
function configStringAt(
  doc: ConfigDoc,
  offset: number,
): { node: JsonNode; path: ReadonlyArray<string | number> } | undefined {
  const location = getLocation(doc.text, offset);
  const node = location.previousNode;
  if (location.isAtPropertyKey || node?.type !== 'string' || typeof node.value !== 'string') return undefined;
  if (offset < node.offset || offset > node.offset + node.length) return undefined;
  return { node, path: location.path };
}

/** Whether a JSON path is a block's `type` in `editable-regions.stk.config.json` (grid columns' blocks included). */
const isBlockType = (path: ReadonlyArray<string | number>): boolean =>
  path.at(-1) === 'type' && typeof path.at(-2) === 'number' && path.at(-3) === 'blocks';

/** The name a config document has at `offset`. */
function configNameAt(doc: ConfigDoc, offset: number): NameAt | undefined {
  const found = configStringAt(doc, offset);
  if (!found) return undefined;
  const { node, path } = found;
  const name = node.value as string;
  const at = (kind: NameAt['kind']): NameAt => ({
    kind,
    name,
    begin: node.offset + 1,
    end: node.offset + node.length - 1,
  });
  if (doc.fileName === PAGE_FILE && path.length === 1 && path[0] === 'template') return at('template');
  if (doc.fileName === REGIONS_FILE && path.length === 2 && path[1] === 'regionName') return at('region');
  if (doc.fileName === REGIONS_FILE && isBlockType(path)) return at('block');
  if (doc.fileName === MENUS_FILE && path.length === 2 && path[1] === 'name') return at('menu');
  return undefined;
}

/** The snippet, region, menu, layout, asset, template or block type named at `position` of `file`. */
export function nameAt(
  ctx: LanguageContext,
  file: string,
  position: Position,
): { doc: LiquidDoc | ConfigDoc; at: NameAt } | undefined {
  const doc = ctx.document(file);
  if (!doc) return undefined;
  const offset = offsetAt(doc.lines, doc.text.length, position);
  const at = doc.kind === 'liquid' ? liquidNameAt(doc, offset) : configNameAt(doc, offset);
  return at ? { doc, at } : undefined;
}

/** The config entry of a region or menu: the entry's object and its name's value. */
function entryOf(ctx: LanguageContext, kind: 'region' | 'menu', name: string) {
  const fileName = kind === 'region' ? REGIONS_FILE : MENUS_FILE;
  const entry = configEntries(ctx, fileName, kind === 'region' ? 'regionName' : 'name').find((e) => e.name === name);
  const doc = ctx.config(fileName);
  return entry && doc ? { entry, doc } : undefined;
}

/** The file a name is defined in, or its config entry. */
function targetOf(ctx: LanguageContext, kind: NameAt['kind'], name: string): Location | undefined {
  const file = (rel: string): Location | undefined =>
    ctx.snapshot.files.has(rel) ? { uri: ctx.uri(rel), range: START } : undefined;
  switch (kind) {
    case 'snippet':
      return file(`snippets/${name}.liquid`);
    case 'layout':
      return file(`layout/${name}.liquid`);
    case 'template':
      return file(`templates/${name}.liquid`);
    case 'asset':
      return ctx.snapshot.assets.includes(name) ? { uri: ctx.uri(`assets/${name}`), range: START } : undefined;
    case 'block': {
      const own = file(`blocks/${name}.liquid`);
      if (own) return own;
      const builtin = /^[a-z0-9-]+$/.test(name) ? ctx.builtinBlock(name) : undefined;
      return builtin ? { uri: pathToFileURL(builtin).href, range: START } : undefined;
    }
    case 'region':
    case 'menu': {
      const found = entryOf(ctx, kind, name);
      if (!found) return undefined;
      const { entry, doc } = found;
      return {
        uri: ctx.configUri(doc.fileName),
        range: rangeOf(doc.lines, entry.entry.offset, entry.entry.offset + entry.entry.length),
      };
    }
  }
}

/** Definition of the name at `position`. */
export function definitionAt(ctx: LanguageContext, file: string, position: Position): Location[] {
  const found = nameAt(ctx, file, position);
  if (!found) return [];
  const target = targetOf(ctx, found.at.kind, found.at.name);
  return target ? [target] : [];
}

/** The uses of a snippet, region or menu in the theme's Liquid files, in path order. */
export function usesOf(ctx: LanguageContext, kind: NameUse['kind'], name: string): Location[] {
  return ctx
    .index()
    .uses.filter(({ use }) => use.kind === kind && use.name === name)
    .map(({ doc, use }) => ({ uri: ctx.uri(doc.rel), range: rangeOf(doc.lines, use.begin, use.end) }));
}

/** The config values naming a region or menu (their content, without the quotes). */
export function configValuesOf(ctx: LanguageContext, kind: 'region' | 'menu', name: string): Location[] {
  const fileName = kind === 'region' ? REGIONS_FILE : MENUS_FILE;
  const doc = ctx.config(fileName);
  if (!doc) return [];
  return configEntries(ctx, fileName, kind === 'region' ? 'regionName' : 'name')
    .filter((entry) => entry.name === name)
    .map(({ value }) => ({
      uri: ctx.configUri(fileName),
      range: rangeOf(doc.lines, value.offset + 1, value.offset + value.length - 1),
    }));
}

/** References of the snippet, region or menu at `position`: its definition (file or config value) first, then every use. */
export function referencesAt(ctx: LanguageContext, file: string, position: Position): Location[] {
  const found = nameAt(ctx, file, position);
  if (!found) return [];
  const { kind, name } = found.at;
  if (kind === 'snippet') {
    const definition = targetOf(ctx, 'snippet', name);
    return [...(definition ? [definition] : []), ...usesOf(ctx, 'snippet', name)];
  }
  if (kind === 'region' || kind === 'menu') return [...configValuesOf(ctx, kind, name), ...usesOf(ctx, kind, name)];
  return [];
}

/** `file://…#L<line>,<column>`: a link to a position (VS Code opens the file there). */
function linkTo(location: Location): string {
  if (location.range.start.line === 0 && location.range.start.character === 0) return location.uri;
  return `${location.uri}#L${location.range.start.line + 1},${location.range.start.character + 1}`;
}

/** The links of a document. */
export function documentLinksOf(ctx: LanguageContext, file: string): DocumentLink[] {
  const doc = ctx.document(file);
  if (!doc) return [];
  const links: DocumentLink[] = [];
  const add = (kind: NameAt['kind'], name: string, begin: number, end: number): void => {
    const target = targetOf(ctx, kind, name);
    if (target) links.push({ range: rangeOf(doc.lines, begin, end), target: linkTo(target) });
  };
  if (doc.kind === 'liquid') {
    for (const use of doc.uses) add(use.kind, use.name, use.begin, use.end);
    return links;
  }
  const visit = (node: JsonNode, path: Array<string | number>): void => {
    if (node.type === 'string' && typeof node.value === 'string') {
      const kind =
        doc.fileName === PAGE_FILE && path.length === 1 && path[0] === 'template'
          ? 'template'
          : doc.fileName === REGIONS_FILE && isBlockType(path)
            ? 'block'
            : undefined;
      if (kind) add(kind, node.value, node.offset + 1, node.offset + node.length - 1);
      return;
    }
    if (path.length > 12) return;
    if (node.type === 'array') for (const [i, child] of (node.children ?? []).entries()) visit(child, [...path, i]);
    if (node.type === 'object')
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value && typeof key.value === 'string') visit(value, [...path, key.value]);
      }
  };
  if (doc.tree) visit(doc.tree, []);
  return links;
}
