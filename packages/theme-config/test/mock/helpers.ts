/** Shared pieces of the mock tests: the example themes, a schema validator for the output, in-memory CLI IO. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { ErrorObject } from 'ajv';
import { testTempDir } from '../../../../tools/testing/temp-dir.mjs';
import { loadConfigDir } from '../../src/dir.js';
import type { ThemeConfig } from '../../src/types.js';

export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const EXAMPLES = path.resolve(PACKAGE_ROOT, '../../specs/theme-kit/examples');
export const COMPLETE_THEME = path.join(EXAMPLES, 'valid/complete');
export const FIXTURES = path.join(PACKAGE_ROOT, 'test/mock/fixtures');

/** A fixed `now` for byte-comparable output. */
export const NOW = '2024-06-01T12:00:00.000Z';

/** Loads a theme directory that must be valid. */
export async function loadValid(dir: string): Promise<ThemeConfig> {
  const result = await loadConfigDir(dir);
  if (!result.valid)
    throw new Error(`expected a valid theme in ${dir}: ${JSON.stringify(result.diagnostics, null, 2)}`);
  return result.config;
}

const schema = JSON.parse(
  readFileSync(path.join(PACKAGE_ROOT, 'src/generated/schemas/mock-data.schema.json'), 'utf8'),
) as object;
/** The schema as read from the published file (tests compare it with the exported MOCK_DATA_SCHEMA). */
export const MOCK_SCHEMA_FILE: object = schema;
const ajv = new Ajv({ strict: true, allErrors: true, strictTypes: false });
addFormats(ajv);
const validateSchema = ajv.compile(schema);

/** Errors of `value` against mock-data.schema.json (empty when valid). */
export function schemaErrors(value: unknown): ErrorObject[] {
  return validateSchema(value) ? [] : [...(validateSchema.errors ?? [])];
}

export { memoryIO } from '../cli-io.js';

/** A fresh temporary directory, removed when the test that asked for it ends (call it inside a test only). */
export function tempDir(prefix = 'mock-test-'): string {
  return testTempDir(prefix);
}
