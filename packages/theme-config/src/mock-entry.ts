/**
 * `@commerce-kit/theme-config/mock`: the complete mock store a theme renders, generated from the
 * `*.stk.config.json` files. A subpath of its own because it loads the fake-data generator and its
 * locales, which the main entry (validation, loading, types) never needs.
 *
 * @packageDocumentation
 */
export { generateMockData } from './mock/generate.js';
export { mockDataChunks, writeMockData, writeMockDataFile } from './mock/write.js';
export type { WriteMockOptions } from './mock/write.js';
export type { MockOptions } from './mock/options.js';
export { MockConfigError } from './mock/errors.js';
export { DEFAULT_CURRENCY, DEFAULT_LANGUAGE } from './mock/locale.js';
export { MOCK_DATA_SCHEMA } from './mock/schema.js';
export type * from './generated/spec/mock-data.js';
