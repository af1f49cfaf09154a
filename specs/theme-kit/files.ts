/**
 * The seven theme kit config files and the type of each file's top-level value. These are the roots
 * the JSON Schemas are generated from.
 */
import type { IArticleConfig } from './blog';
import type { ICategoryConfig } from './categories';
import type { IEditableRegionConfig } from './editable-regions';
import type { IMenuConfig } from './menus';
import type { IPageConfig } from './page';
import type { IPaginationConfig } from './pagination';
import type { IStoreConfig } from './store';

/** The optional `$schema` line editors add to a JSON file (object files only: an array cannot hold it). */
export interface SchemaReference {
  /** JSON Schema of this file, for editors (ignored by the theme kit). */
  $schema?: string;
}

/** `store.stk.config.json`: the mock store (an object). */
export type StoreConfigFile = SchemaReference & IStoreConfig;
/** `page.stk.config.json`: the mock page (an object). */
export type PageConfigFile = SchemaReference & IPageConfig;
/** `blog.stk.config.json`: the mock blog articles (an array). */
export type BlogConfigFile = IArticleConfig[];
/** `categories.stk.config.json`: the mock categories (an array). */
export type CategoriesConfigFile = ICategoryConfig[];
/** `editable-regions.stk.config.json`: the editable regions (an array). */
export type EditableRegionsConfigFile = IEditableRegionConfig[];
/** `menus.stk.config.json`: the mock menus (an array). */
export type MenusConfigFile = IMenuConfig[];
/** `pagination.stk.config.json`: the mock paginator (an object). */
export type PaginationConfigFile = SchemaReference & IPaginationConfig;
