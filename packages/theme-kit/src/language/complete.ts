/** Completions: Liquid (objects, members, filters, tags, snippet/region/layout/menu/asset names, render parameters) and the config files' names. */
import { getLocation } from 'jsonc-parser';
import type { CompletionItem, CompletionItemKind, MarkupContent, Position, Range } from 'vscode-languageserver';
import { CONTRACT_FILTERS, CONTRACT_TAGS } from '../render/contract.js';
import {
  type ConfigDoc,
  type LanguageContext,
  type LiquidDoc,
  MENUS_FILE,
  offsetAt,
  PAGE_FILE,
  rangeOf,
  REGIONS_FILE,
} from './context.js';
import { FILTER_DOCS, filterSignature, TAG_DOCS } from './docs.js';
import { configNames, stringRole } from './names.js';
import { type Lexeme, lex, pathsOf, type Statement, statementAt, stringContent } from './liquid-document.js';
import { describe, enumMembers, type JsonSchema, memberOf, membersOf, typeLabel } from './schema.js';
import { type Scope, scopeAt, stepsOf, targetOf, typeOf } from './scope.js';

const KIND = {
  function: 3,
  field: 5,
  variable: 6,
  property: 10,
  value: 12,
  keyword: 14,
  file: 17,
  reference: 18,
  enumMember: 20,
} as const satisfies Record<string, CompletionItemKind>;

const SNIPPET_FORMAT = 2;

const markdown = (value: string): MarkupContent => ({ kind: 'markdown', value });

function documentation(node: JsonSchema): MarkupContent | undefined {
  const parts: string[] = [];
  const text = describe(node);
  if (text) parts.push(text);
  const members = enumMembers(node);
  if (members) parts.push(`One of: ${members.map((m) => `\`${JSON.stringify(m)}\``).join(', ')}.`);
  return parts.length > 0 ? markdown(parts.join('\n\n')) : undefined;
}

function typedItem(name: string, node: JsonSchema | undefined, kind: CompletionItemKind, range: Range): CompletionItem {
  const item: CompletionItem = { label: name, kind, textEdit: { range, newText: name } };
  if (node) {
    item.detail = typeLabel(node);
    const doc = documentation(node);
    if (doc) item.documentation = doc;
  }
  return item;
}

function nameItems(names: Iterable<string>, kind: CompletionItemKind, range: Range, detail: string): CompletionItem[] {
  return [...new Set(names)].map((name) => ({ label: name, kind, detail, textEdit: { range, newText: name } }));
}

const EXPRESSION_TAGS = new Set(['', 'echo', 'if', 'elsif', 'unless', 'case', 'when', 'render_blocks', 'cycle']);
const OPERATORS = new Set([':', ',', '=', '==', '!=', '<>', '<', '>', '<=', '>=', '(', '..', 'and', 'or', 'contains']);

/** Whether a value may start after `prev` in a statement of this tag. */
function valuePosition(statement: Statement, prev: Lexeme | undefined): boolean {
  const p = prev?.type === 'string' || prev?.type === 'number' ? undefined : prev?.text;
  switch (statement.name) {
    case 'assign':
      return p === '=';
    case 'for':
    case 'tablerow':
      return p === 'in' || p === ':';
    case 'render':
    case 'include':
      return p === ':' || p === 'with' || p === 'for';
    default:
      if (!EXPRESSION_TAGS.has(statement.name) || (statement.kind === 'tag' && statement.name === '')) return false;
      if (prev === undefined) return true;
      return prev.type === 'punct' || prev.type === 'ident' ? OPERATORS.has(prev.text) || prev.text === 'in' : false;
  }
}

function rootItems(scope: Scope, range: Range): CompletionItem[] {
  const items: CompletionItem[] = [];
  for (const [name, target] of scope.locals) {
    const { schema } = typeOf(target);
    items.push(typedItem(name, schema, KIND.variable, range));
  }
  for (const [name, schema] of scope.roots)
    if (!scope.locals.has(name)) items.push(typedItem(name, schema, KIND.variable, range));
  return items;
}

function filterItems(range: Range): CompletionItem[] {
  return [...CONTRACT_FILTERS].sort().map((name) => {
    const doc = FILTER_DOCS[name];
    const required = doc?.args.filter((arg) => !arg.endsWith('?')) ?? [];
    const item: CompletionItem = {
      label: name,
      kind: KIND.function,
      detail: filterSignature(name),
      textEdit: {
        range,
        newText: required.length > 0 ? `${name}: ${required.map((arg, i) => `\${${i + 1}:${arg}}`).join(', ')}` : name,
      },
    };
    if (required.length > 0) item.insertTextFormat = SNIPPET_FORMAT;
    if (doc) item.documentation = markdown(doc.description);
    return item;
  });
}

function tagItems(scope: Scope, range: Range): CompletionItem[] {
  const items: CompletionItem[] = [];
  const open = scope.open.at(-1);
  if (open)
    items.push({
      label: `end${open}`,
      kind: KIND.keyword,
      detail: `closes {% ${open} %}`,
      textEdit: { range, newText: `end${open}` },
      sortText: '0',
    });
  if (open === 'if' || open === 'unless' || open === 'case' || open === 'for')
    for (const branch of open === 'case' ? ['when', 'else'] : open === 'for' ? ['else'] : ['elsif', 'else'])
      items.push({ label: branch, kind: KIND.keyword, textEdit: { range, newText: branch }, sortText: '1' });
  for (const name of [...CONTRACT_TAGS].sort()) {
    const doc = TAG_DOCS[name];
    const item: CompletionItem = {
      label: name,
      kind: KIND.keyword,
      textEdit: { range, newText: name },
      sortText: `2${name}`,
    };
    if (doc) {
      item.detail = doc.syntax;
      item.documentation = markdown(doc.description);
    }
    items.push(item);
  }
  return items;
}

function completeLiquid(ctx: LanguageContext, doc: LiquidDoc, offset: number): CompletionItem[] {
  const statement = statementAt(doc.statements, offset, doc.text);
  if (!statement) return [];
  const { text, lines } = doc;
  const range = (begin: number, end: number): Range => rangeOf(lines, begin, end);
  const scope = (): Scope => scopeAt(doc.statements, text, offset, ctx.roots(doc), doc.scopes);
  if (
    statement.kind === 'tag' &&
    offset <= statement.nameEnd &&
    (offset >= statement.nameBegin || statement.name === '')
  ) {
    const word = statement.name === '' ? range(offset, offset) : range(statement.nameBegin, statement.nameEnd);
    return tagItems(scope(), word);
  }
  if (statement.kind === 'tag' && (statement.name === 'comment' || statement.name === '#' || statement.name === 'raw'))
    return [];
  const lexemes = lex(text, statement.argsBegin, statement.argsEnd);
  // inside a string: the names a string there stands for
  const stringIndex = lexemes.findIndex(
    (lexeme) =>
      lexeme.type === 'string' && lexeme.begin < offset && (lexeme.closed ? offset < lexeme.end : offset <= lexeme.end),
  );
  if (stringIndex >= 0) {
    const lexeme = lexemes[stringIndex]!;
    const content = stringContent(lexeme);
    const replace = range(content.begin, lexeme.closed ? content.end : offset);
    const role = stringRole(statement, lexemes, stringIndex);
    switch (role?.kind) {
      case 'snippet':
        return nameItems(ctx.names('snippets'), KIND.file, replace, 'snippet');
      case 'layout':
        return nameItems(ctx.names('layout'), KIND.file, replace, 'layout');
      case 'region':
        return nameItems(configNames(ctx, REGIONS_FILE, 'regionName'), KIND.reference, replace, 'editable region');
      case 'menu':
        return nameItems(configNames(ctx, MENUS_FILE, 'name'), KIND.reference, replace, 'menu');
      case 'asset':
        return nameItems(ctx.snapshot.assets, KIND.file, replace, 'asset');
      case 'enum': {
        const target = targetOf(scope(), role.path[0]!.name, stepsOf(role.path));
        const members = target ? enumMembers(typeOf(target).schema ?? {}) : undefined;
        return nameItems((members ?? []).map(String), KIND.enumMember, replace, 'enum member');
      }
      default:
        return [];
    }
  }
  // the word being typed, and the lexeme before it
  let index = lexemes.findIndex((lexeme) => lexeme.begin >= offset);
  if (index < 0) index = lexemes.length;
  let word = range(offset, offset);
  const before = lexemes[index - 1];
  if (before?.type === 'ident' && before.end === offset) {
    index--;
    word = range(before.begin, before.end);
  } else if (before?.type === 'ident' && before.begin < offset && offset < before.end) {
    index--;
    word = range(before.begin, before.end);
  }
  const prev = lexemes[index - 1];
  const wordBegin = lexemes[index]?.begin ?? offset;
  if (prev?.text === '.' && prev.end === Math.min(wordBegin, offset)) {
    const paths = pathsOf(lexemes.slice(0, index));
    const path = paths.find((p) => p.trailingDot === prev.end);
    if (!path) return [];
    const target = targetOf(scope(), path.steps[0]!.name, stepsOf(path.steps));
    const { schema } = target ? typeOf(target) : { schema: undefined };
    if (!schema) return [];
    const members = membersOf(schema).map(([name, node]) => typedItem(name, node, KIND.field, word));
    // `menus.` : the configured menus (a key of the map)
    if (target?.root === 'menus' && target.steps.length === 0) {
      const menu = memberOf(schema, '');
      for (const name of configNames(ctx, MENUS_FILE, 'name'))
        if (/^[A-Za-z_][\w-]*$/.test(name)) members.push(typedItem(name, menu, KIND.reference, word));
    }
    return members;
  }
  if (prev?.text === '|') return filterItems(word);
  if ((statement.name === 'render' || statement.name === 'include') && prev?.text === ',') {
    const snippet = lexemes[0];
    if (snippet?.type !== 'string') return [];
    const given = new Set(
      lexemes.filter((lexeme, i) => lexeme.type === 'ident' && lexemes[i + 1]?.text === ':').map((l) => l.text),
    );
    return ctx
      .snippetParams(stringContent(snippet).value)
      .filter((name) => !given.has(name))
      .map((name) => ({
        label: name,
        kind: KIND.property,
        detail: 'snippet parameter',
        textEdit: { range: word, newText: `${name}: ` },
      }));
  }
  // a filter's arguments are values
  const inFilter = lexemes.slice(0, index).some((lexeme) => lexeme.text === '|');
  if (valuePosition(statement, prev) || (inFilter && (prev?.text === ':' || prev?.text === ',')))
    return rootItems(scope(), word);
  return [];
}

function completeConfig(ctx: LanguageContext, doc: ConfigDoc, offset: number): CompletionItem[] {
  const location = getLocation(doc.text, offset);
  if (location.isAtPropertyKey) return [];
  const node = location.previousNode;
  const inString = node?.type === 'string' && offset > node.offset && offset < node.offset + node.length;
  const replace = inString
    ? rangeOf(doc.lines, node.offset + 1, node.offset + node.length - 1)
    : rangeOf(doc.lines, offset, offset);
  const items = (names: Iterable<string>, kind: CompletionItemKind, detail: string): CompletionItem[] =>
    [...new Set(names)].sort().map((name) => ({
      label: name,
      kind,
      detail,
      textEdit: { range: replace, newText: inString ? name : JSON.stringify(name) },
    }));
  const { path } = location;
  if (doc.fileName === PAGE_FILE && path.length === 1 && path[0] === 'template')
    return items(ctx.names('templates'), KIND.file, 'template');
  if (doc.fileName === REGIONS_FILE && path.length === 2 && typeof path[0] === 'number' && path[1] === 'regionName')
    return items(
      ctx
        .index()
        .uses.filter(({ use }) => use.kind === 'region')
        .map(({ use }) => use.name),
      KIND.reference,
      'editable region used by the templates',
    );
  if (doc.fileName === MENUS_FILE && path.length === 2 && typeof path[0] === 'number' && path[1] === 'name')
    return items(
      ctx
        .index()
        .uses.filter(({ use }) => use.kind === 'menu')
        .map(({ use }) => use.name),
      KIND.reference,
      'menu used by the templates',
    );
  return [];
}

/** Completion items at `position` of `file`. */
export function completeAt(ctx: LanguageContext, file: string, position: Position): CompletionItem[] {
  const doc = ctx.document(file);
  if (!doc) return [];
  const offset = offsetAt(doc.lines, doc.text.length, position);
  return doc.kind === 'liquid' ? completeLiquid(ctx, doc, offset) : completeConfig(ctx, doc, offset);
}
