/** Mock store data generation (issue 6): the public API of `src/mock`. */
export { generateMockData } from './generate.js';
export { mockDataChunks, writeMockData, writeMockDataFile } from './write.js';
export type { WriteMockOptions } from './write.js';
export type { MockOptions } from './options.js';
export { MockConfigError } from './errors.js';
export { jsonChunks, LazyJsonArray } from './json-stream.js';
export type { ChunkSink } from './json-stream.js';
export { DEFAULT_CURRENCY, DEFAULT_LANGUAGE } from './locale.js';
export { slugify } from './text.js';
export { MOCK_DATA_SCHEMA } from './schema.js';
