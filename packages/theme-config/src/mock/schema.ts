/** The JSON Schema of the mock output, for validating mock data in tests or tools without reading files. */
import type { JsonSchema } from '../schema/schemas.js';
import mockDataSchema from '../generated/schemas/mock-data.schema.json' with { type: 'json' };

/**
 * `mock-data.schema.json` (draft-07): the JSON Schema every `generateMockData` output validates against.
 * Also published as the file `@commerce-kit/theme-config/schemas/mock-data.schema.json`.
 * @example
 * ```ts
 * import Ajv from 'ajv';
 * import addFormats from 'ajv-formats';
 * import { generateMockData, MOCK_DATA_SCHEMA } from '@commerce-kit/theme-config/mock';
 *
 * const ajv = new Ajv();
 * addFormats(ajv);
 * const valid = ajv.validate(MOCK_DATA_SCHEMA, generateMockData({}, { seed: 1 }));
 * ```
 */
export const MOCK_DATA_SCHEMA: JsonSchema = mockDataSchema;
