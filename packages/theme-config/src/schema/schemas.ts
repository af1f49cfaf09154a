/** The generated JSON Schemas and precompiled validators, by config kind. */
import type { ConfigKind } from '../files.js';
import {
  validateBlog,
  validateCategories,
  validateEditableRegions,
  validateMenus,
  validatePage,
  validatePagination,
  validateStore,
  type PrecompiledValidator,
} from '../generated/validators.js';
import storeSchema from '../generated/schemas/store.stk.config.schema.json' with { type: 'json' };
import pageSchema from '../generated/schemas/page.stk.config.schema.json' with { type: 'json' };
import blogSchema from '../generated/schemas/blog.stk.config.schema.json' with { type: 'json' };
import categoriesSchema from '../generated/schemas/categories.stk.config.schema.json' with { type: 'json' };
import editableRegionsSchema from '../generated/schemas/editable-regions.stk.config.schema.json' with { type: 'json' };
import menusSchema from '../generated/schemas/menus.stk.config.schema.json' with { type: 'json' };
import paginationSchema from '../generated/schemas/pagination.stk.config.schema.json' with { type: 'json' };

/** A JSON Schema (draft-07) as plain data. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** The precompiled validator of each kind (no ajv, no eval at run time). */
export const VALIDATORS: Readonly<Record<ConfigKind, PrecompiledValidator>> = {
  store: validateStore,
  page: validatePage,
  blog: validateBlog,
  categories: validateCategories,
  'editable-regions': validateEditableRegions,
  menus: validateMenus,
  pagination: validatePagination,
};

/** The published JSON Schema of each kind. */
export const SCHEMAS: Readonly<Record<ConfigKind, JsonSchema>> = {
  store: storeSchema,
  page: pageSchema,
  blog: blogSchema,
  categories: categoriesSchema,
  'editable-regions': editableRegionsSchema,
  menus: menusSchema,
  pagination: paginationSchema,
};
