/**
 * The template contract as types: the JSON Schema `theme-context.schema.json`, walked along an expression's
 * path (following `$ref`s, `items` and `additionalProperties`), and the settings of each block type from
 * theme-config's schema of `editable-regions.stk.config.json` (with their enum members).
 */
// Bundled from the sibling package's sources: Node's ESM loader refuses a package's JSON imported without an
// import attribute, which the build does not keep for external modules.
import regionsSchema from '../../../theme-config/src/generated/schemas/editable-regions.stk.config.schema.json' with {
  type: 'json',
};
import contextSchema from '../generated/schemas/theme-context.schema.json' with { type: 'json' };
import { BLOCK_OBJECTS, LAYOUT_OBJECTS, PAGE_OBJECTS } from '../render/contract.js';

/** The part of JSON Schema the contract uses. */
export interface JsonSchema {
  readonly $ref?: string;
  readonly description?: string;
  readonly title?: string;
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly items?: JsonSchema;
  readonly additionalProperties?: JsonSchema | boolean;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly format?: string;
  readonly definitions?: Readonly<Record<string, JsonSchema>>;
  readonly oneOf?: readonly JsonSchema[];
}

const CONTEXT = contextSchema as unknown as JsonSchema;
const REGIONS = regionsSchema as unknown as JsonSchema;

function resolveIn(doc: JsonSchema, node: JsonSchema): JsonSchema {
  let current = node;
  for (let i = 0; i < 16 && current.$ref !== undefined; i++) {
    const name = /^#\/definitions\/(.+)$/.exec(current.$ref)?.[1];
    const target = name === undefined ? undefined : doc.definitions?.[name];
    if (!target) return {};
    current = target;
  }
  return current;
}

/** The schema a node stands for (its `$ref` followed). */
export const resolve = (node: JsonSchema): JsonSchema => resolveIn(CONTEXT, node);

/** A node's description: its own (a property's) first, else its type's. */
export function describe(node: JsonSchema): string | undefined {
  return node.description ?? resolve(node).description;
}

const refName = (node: JsonSchema): string | undefined => /([^/]+)$/.exec(node.$ref ?? '')?.[1];

const typeNames = (node: JsonSchema): string[] =>
  node.type === undefined ? [] : typeof node.type === 'string' ? [node.type] : [...node.type];

/** A TypeScript-like label: `string`, `StoreDrop`, `ArticleDrop[]`, `Record<string, MenuDrop>`, `'left' | 'right'`. */
export function typeLabel(node: JsonSchema, depth = 0): string {
  const ref = refName(node);
  const resolved = resolve(node);
  if (resolved.enum) return resolved.enum.map((member) => JSON.stringify(member).replaceAll('"', "'")).join(' | ');
  if (ref !== undefined) return ref;
  const types = typeNames(resolved);
  if (types.includes('array'))
    return `${resolved.items && depth < 4 ? typeLabel(resolved.items, depth + 1) : 'unknown'}[]`;
  if (types.includes('object') || resolved.properties) {
    const extra = resolved.additionalProperties;
    if (!resolved.properties && typeof extra === 'object' && Object.keys(extra).length > 0 && depth < 4)
      return `Record<string, ${typeLabel(extra, depth + 1)}>`;
    return 'object';
  }
  if (types.length > 0) return types.join(' | ');
  return 'unknown';
}

/** The enum members of a node's type, if it has some. */
export function enumMembers(node: JsonSchema): readonly unknown[] | undefined {
  return resolve(node).enum;
}

const isArray = (node: JsonSchema): boolean => typeNames(node).includes('array');
const isString = (node: JsonSchema): boolean => typeNames(node).includes('string') && !node.enum;

const INTEGER: JsonSchema = { type: 'integer' };

/** The members Liquid adds to arrays and strings. */
function liquidMembers(node: JsonSchema): Record<string, JsonSchema> {
  if (isArray(node)) {
    const items = node.items ?? {};
    return {
      first: { ...items, description: 'The first item.' },
      last: { ...items, description: 'The last item.' },
      size: { ...INTEGER, description: 'The number of items.' },
    };
  }
  if (isString(node)) return { size: { ...INTEGER, description: 'The number of characters.' } };
  return {};
}

/** The members of a type, for completion: its properties, then Liquid's `first` / `last` / `size`. */
export function membersOf(node: JsonSchema): Array<[string, JsonSchema]> {
  const resolved = resolve(node);
  return [...Object.entries(resolved.properties ?? {}), ...Object.entries(liquidMembers(resolved))];
}

/** The type of `node.name`, or undefined when the contract has no such member. */
export function memberOf(node: JsonSchema, name: string): JsonSchema | undefined {
  const resolved = resolve(node);
  if (resolved.properties && Object.hasOwn(resolved.properties, name)) return resolved.properties[name];
  const liquid = liquidMembers(resolved);
  if (Object.hasOwn(liquid, name)) return liquid[name];
  const extra = resolved.additionalProperties;
  if (typeof extra === 'object') return extra;
  return undefined;
}

/** The type of an item (`node[0]`, a loop variable over it, a dynamic key of a map). */
export function itemOf(node: JsonSchema): JsonSchema | undefined {
  const resolved = resolve(node);
  if (isArray(resolved)) return resolved.items ?? {};
  const extra = resolved.additionalProperties;
  if (typeof extra === 'object') return extra;
  return undefined;
}

/** `node['key']` / `node[0]`. */
export function keyOf(node: JsonSchema, key: string | number): JsonSchema | undefined {
  const resolved = resolve(node);
  if (isArray(resolved)) return typeof key === 'number' ? (resolved.items ?? {}) : memberOf(resolved, key);
  return memberOf(resolved, String(key));
}

/** Where a Liquid file is, which decides what objects it sees. */
export type FileRole =
  | { readonly folder: 'templates' | 'snippets' | 'layout' | 'other' }
  | { readonly folder: 'blocks'; readonly type: string };

const ROOT = CONTEXT.properties ?? {};
const LAYOUT_ROOT = CONTEXT.definitions?.['LayoutContext']?.properties ?? {};
const BLOCK_ROOT = CONTEXT.definitions?.['BlockContext']?.properties ?? {};

/** The block types (`EBlockType`). */
export const BLOCK_TYPES: readonly string[] = (CONTEXT.definitions?.['EBlockType']?.enum ?? []).map(String);

/** Inlines the `$ref`s of a node of theme-config's regions schema (its definitions are not in the contract's). */
function inline(node: JsonSchema, depth = 0): JsonSchema {
  const resolved =
    node.$ref === undefined
      ? node
      : { ...resolveIn(REGIONS, node), ...(node.description ? { description: node.description } : {}) };
  if (depth > 6) return resolved;
  const out: Record<string, unknown> = { ...resolved };
  delete out['$ref'];
  delete out['title'];
  if (resolved.properties)
    out['properties'] = Object.fromEntries(
      Object.entries(resolved.properties).map(([k, v]) => [k, inline(v, depth + 1)]),
    );
  if (resolved.items) out['items'] = inline(resolved.items, depth + 1);
  return out as JsonSchema;
}

const blockSettingsCache = new Map<string, JsonSchema | null>();

/** `block.settings` of one block type: its settings (canonical `background_*` spelling), the drops typed as the contract's. */
export function blockSettingsSchema(type: string): JsonSchema | undefined {
  const cached = blockSettingsCache.get(type);
  if (cached !== undefined) return cached ?? undefined;
  let result: JsonSchema | null = null;
  const entry = Object.values(REGIONS.definitions ?? {}).find(
    (definition) => definition.properties?.['type']?.const === type,
  );
  const props = entry?.properties?.['props'] ? resolveIn(REGIONS, entry.properties['props']) : undefined;
  const settingsNode = props?.properties?.['settings'];
  if (settingsNode) {
    const settings = resolveIn(REGIONS, settingsNode);
    const drops = resolve(CONTEXT.definitions?.['BlockSettingsDrop'] ?? {}).properties ?? {};
    const properties: Record<string, JsonSchema> = {};
    for (const [name, node] of Object.entries(settings.properties ?? {})) {
      if (name.startsWith('backgound_')) continue;
      const drop = drops[name];
      properties[name] = drop
        ? { ...drop, ...(node.description ? { description: node.description } : {}) }
        : inline(node);
    }
    result = {
      type: 'object',
      description: `The settings of a \`${type}\` block.`,
      properties,
    };
  }
  blockSettingsCache.set(type, result);
  return result ?? undefined;
}

/** `block` in `blocks/<type>.liquid`: the contract's BlockDrop with that type's settings. */
function blockSchema(type: string): JsonSchema | undefined {
  const base = BLOCK_ROOT['block'];
  if (!base) return undefined;
  const settings = blockSettingsSchema(type);
  if (!settings) return base;
  const resolved = resolve(base);
  const description = base.description ?? resolved.description;
  return {
    ...resolved,
    ...(description === undefined ? {} : { description }),
    properties: { ...resolved.properties, settings },
  };
}

/** The objects a file sees, by name, with their types. */
export function rootObjects(role: FileRole): Map<string, JsonSchema> {
  const roots = new Map<string, JsonSchema>();
  for (const name of PAGE_OBJECTS) {
    const node = ROOT[name];
    if (node) roots.set(name, node);
  }
  if (role.folder === 'layout')
    for (const name of LAYOUT_OBJECTS) {
      const node = LAYOUT_ROOT[name];
      if (node) roots.set(name, node);
    }
  if (role.folder === 'blocks')
    for (const name of BLOCK_OBJECTS) {
      const node = name === 'block' ? blockSchema(role.type) : BLOCK_ROOT[name];
      if (node) roots.set(name, node);
    }
  return roots;
}

/** `forloop` (LiquidJS's fields). */
export const FORLOOP: JsonSchema = {
  type: 'object',
  description: 'The current `for` loop.',
  properties: {
    first: { type: 'boolean', description: 'Whether this is the first iteration.' },
    last: { type: 'boolean', description: 'Whether this is the last iteration.' },
    index: { type: 'integer', description: 'The 1-based index of the iteration.' },
    index0: { type: 'integer', description: 'The 0-based index of the iteration.' },
    rindex: { type: 'integer', description: 'The iterations left, this one included (1-based).' },
    rindex0: { type: 'integer', description: 'The iterations left after this one (0-based).' },
    length: { type: 'integer', description: 'The number of iterations.' },
    name: { type: 'string', description: 'The loop variable and collection (`c-categories`).' },
  },
};

/** `tablerowloop` (LiquidJS's fields). */
export const TABLEROWLOOP: JsonSchema = {
  type: 'object',
  description: 'The current `tablerow` loop.',
  properties: {
    ...FORLOOP.properties,
    col: { type: 'integer', description: 'The 1-based column of the cell.' },
    col0: { type: 'integer', description: 'The 0-based column of the cell.' },
    col_first: { type: 'boolean', description: 'Whether the cell is the first of its row.' },
    col_last: { type: 'boolean', description: 'Whether the cell is the last of its row.' },
    row: { type: 'integer', description: 'The 1-based row.' },
  },
};
