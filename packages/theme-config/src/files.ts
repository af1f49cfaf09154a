/** The seven theme kit config files (document 001) and how each maps onto the loaded {@link ThemeConfig}. */
import type { ThemeConfig } from './types.js';

/** Kind of a config file: the file name without `.stk.config.json`. */
export type ConfigKind = 'store' | 'page' | 'blog' | 'categories' | 'editable-regions' | 'menus' | 'pagination';

/** Description of one config file. */
export interface ThemeFileInfo {
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
}

const file = (kind: ConfigKind, shape: 'object' | 'array', key: keyof ThemeConfig): ThemeFileInfo =>
  Object.freeze({ kind, fileName: `${kind}.stk.config.json`, shape, key, schemaFile: `${kind}.stk.config.schema.json` });

/** The seven config files, in the document's order. */
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

/**
 * The file description of a kind, given by any of its names.
 * @throws TypeError for a name that is none of the seven files
 */
export function fileInfo(kind: ConfigKindName): ThemeFileInfo {
  const info = THEME_FILES.find((f) => f.kind === kind || f.fileName === kind || f.key === kind);
  if (!info) {
    throw new TypeError(`unknown config kind ${JSON.stringify(String(kind))}; expected one of ${THEME_FILES.map((f) => f.kind).join(', ')}`);
  }
  return info;
}

/** Whether a string names one of the seven kinds. */
export function isConfigKind(value: unknown): value is ConfigKind {
  return THEME_FILES.some((f) => f.kind === value);
}
