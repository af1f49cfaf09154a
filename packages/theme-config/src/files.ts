/** The seven theme kit config files and how each maps onto the loaded {@link ThemeConfig}. */
import { ThemeConfigConfigurationError } from './errors.js';
import type { ConfigKind, ThemeConfig } from './types.js';

// The kinds are declared with the loaded config's types (which are keyed by them), so that this module,
// which reads those types, is not imported back by them.
export type { ConfigKind } from './types.js';

/** Description of one config file. */
export type ThemeFileInfo = {
  /** Kind of the file. */
  readonly kind: ConfigKind;
  /** File name, e.g. `store.stk.config.json`. */
  readonly fileName: string;
  /** Top-level JSON shape the file must have. */
  readonly shape: 'object' | 'array';
  /** Key of the file's contents in the loaded {@link ThemeConfig}. */
  readonly key: keyof ThemeConfig;
  /** File name of its JSON Schema (under `@commerce-kit/theme-config/schemas/`). */
  readonly schemaFile: string;
};

const file = (kind: ConfigKind, shape: 'object' | 'array', key: keyof ThemeConfig): ThemeFileInfo =>
  Object.freeze({
    kind,
    fileName: `${kind}.stk.config.json`,
    shape,
    key,
    schemaFile: `${kind}.stk.config.schema.json`,
  });

/** The seven config files, in the order of the platform's documentation. */
export const THEME_FILES: readonly ThemeFileInfo[] = Object.freeze([
  file('store', 'object', 'store'),
  file('page', 'object', 'page'),
  file('blog', 'array', 'blog'),
  file('categories', 'array', 'categories'),
  file('editable-regions', 'array', 'editableRegions'),
  file('menus', 'array', 'menus'),
  file('pagination', 'object', 'pagination'),
]);

/** Suffix every theme kit config file name ends with. */
export const CONFIG_FILE_SUFFIX = '.stk.config.json';

/** Where the published JSON Schemas can be fetched (their `$id` prefix). */
export const SCHEMA_BASE_URL = 'https://unpkg.com/@commerce-kit/theme-config/dist/schemas/';

/**
 * Any name of a config file kind: the kind (`editable-regions`), the file name
 * (`editable-regions.stk.config.json`) or the {@link ThemeConfig} key (`editableRegions`).
 */
export type ConfigKindName = ConfigKind | `${ConfigKind}.stk.config.json` | keyof ThemeConfig;

/** Other natural names of the kinds: what the file configures, singular forms, the mock output's keys. */
const KIND_ALIASES: ReadonlyMap<string, ConfigKind> = new Map<string, ConfigKind>([
  ['article', 'blog'],
  ['articles', 'blog'],
  ['category', 'categories'],
  ['editable-region', 'editable-regions'],
  ['region', 'editable-regions'],
  ['regions', 'editable-regions'],
  ['menu', 'menus'],
  ['paginator', 'pagination'],
]);

/** The kind a name spells, ignoring case, a leading path, `_` for `-`, and the `.stk.config(.schema).json` / `.json` endings. */
function kindOf(name: string): ConfigKind | undefined {
  const base = name.trim().split(/[\\/]/).pop() ?? '';
  const lower = base.toLowerCase();
  // `editableRegions` (camelCase key) -> `editable-regions`
  const stem = base
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/(\.stk\.config)?(\.schema)?\.json$|\.stk\.config$/, '')
    .replace(/_/g, '-');
  const direct = THEME_FILES.find((f) => f.kind === stem || f.fileName === lower || f.schemaFile === lower);
  return direct?.kind ?? KIND_ALIASES.get(stem);
}

/**
 * The file description of a kind, given by any of its names: the kind (`'editable-regions'`), the file
 * name (`'editable-regions.stk.config.json'`, also as a path), the {@link ThemeConfig} key
 * (`'editableRegions'`) or the schema file name. Case, `_` for `-`, and the singular or output name
 * (`'article'`, `'articles'`, `'paginator'`, `'menu'`, `'category'`, `'region'`) are accepted too.
 * @throws {ThemeConfigConfigurationError} for a name that is none of the seven files
 */
export function fileInfo(kind: ConfigKindName): ThemeFileInfo {
  const found = typeof kind === 'string' ? kindOf(kind) : undefined;
  const info = THEME_FILES.find((f) => f.kind === found);
  if (!info) {
    throw new ThemeConfigConfigurationError(
      `unknown config kind ${typeof kind === 'string' ? JSON.stringify(kind) : String(kind)}; expected one of ${THEME_FILES.map((f) => f.kind).join(', ')} (or a file name such as store.stk.config.json)`,
    );
  }
  return info;
}

/** Whether a string names one of the seven kinds. */
export function isConfigKind(value: unknown): value is ConfigKind {
  return THEME_FILES.some((f) => f.kind === value);
}
