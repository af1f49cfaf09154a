/**
 * `@commerce-kit/theme-config/mock`: the complete mock store a theme renders, generated from the
 * `*.stk.config.json` files. A subpath of its own because it loads the fake-data generator and its
 * locales, which the main entry (validation, loading, types) never needs.
 *
 * @packageDocumentation
 */
export { generateMockData } from './generate.js';
export { writeMockData, writeMockDataFile } from './write.js';
export type { WriteMockOptions } from './write.js';
export type { MockOptions } from './options.js';
export { MockConfigError } from './errors.js';
export { MOCK_DATA_SCHEMA } from './schema.js';
// MockData and every part of it, so that a user's declarations can name them.
export type {
  MockArticle,
  MockBlock,
  MockBlockProps,
  MockBlockSettings,
  MockCategory,
  MockCategoryDrop,
  MockData,
  MockEditableRegion,
  MockGridColumn,
  MockMenu,
  MockMenuLink,
  MockPage,
  MockPaginator,
  MockPaginatorLink,
  MockPaginatorPage,
  MockProductDrop,
  MockStore,
} from '../generated/spec/mock-data.js';
