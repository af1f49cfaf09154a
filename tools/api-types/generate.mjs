// specs/openapi.yaml -> packages/api-types/src/generated/:
//   openapi.yaml            the complete OpenAPI document (x-derive request schemas written out): what
//                           Redocly, Prism, the fuzzers and the tests read
//   openapi.ts              openapi-typescript: paths, components, operations, webhooks
//   event-types.ts          the webhook event types as a runtime tuple
//   schemas/<Name>.schema.json   one self-contained JSON Schema (2020-12) per component schema
//   validators.js/.d.ts     precompiled ajv standalone validators, bundled (no require, no eval)
//   models/python/commerce_kit_api.py   quicktype dataclasses with from_dict/to_dict
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { createRequire } from 'node:module';
import Ajv2020, { _ } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { FetchingJSONSchemaStore, InputData, JSONSchemaInput, quicktype } from 'quicktype-core';
import { GENERATED_BANNER, REPO_ROOT, stableJson, writeGenerated } from '../lib/generated-files.mjs';
import { bundleStandaloneValidators } from '../lib/standalone.mjs';
import { COMPLETE_SPEC_PATH, completeOpenApiText, loadOpenApi } from '../lib/openapi-document.mjs';

const require = createRequire(path.join(REPO_ROOT, 'package.json'));

export const SPEC_PATH = 'specs/openapi.yaml';
export const OUT_DIR = 'packages/api-types/src/generated';
const SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';
const COMPONENT_REF = '#/components/schemas/';
/** OpenAPI-only keywords and test fixtures that do not belong in a published JSON Schema. */
const OPENAPI_ONLY_KEYS = new Set(['discriminator', 'x-invalid-examples', 'x-theme-kit', 'xml', 'externalDocs']);
/** Annotation keywords of ours that ajv must accept in strict mode. */
export const ANNOTATION_KEYWORDS = ['x-unspecified', 'x-default-from'];

/** The complete OpenAPI document: specs/openapi.yaml with its derived request schemas written out (tools/lib/openapi-document.mjs). */
export async function loadSpec(root = REPO_ROOT) {
  return loadOpenApi(root);
}

export const schemaId = (name) => `urn:commerce-kit:api-types:${name}`;

function rewrite(node, deps) {
  if (Array.isArray(node)) return node.map((item) => rewrite(item, deps));
  if (node === null || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (OPENAPI_ONLY_KEYS.has(key)) continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_REF)) {
      const name = value.slice(COMPONENT_REF.length);
      deps.add(name);
      out.$ref = `#/$defs/${name}`;
      continue;
    }
    out[key] = rewrite(value, deps);
  }
  return out;
}

/**
 * One self-contained JSON Schema per component schema: references become `$defs` entries, so each
 * file can be used on its own (editors, quicktype, other validators).
 */
export function componentJsonSchemas(spec) {
  const components = spec.components?.schemas ?? {};
  const result = new Map();
  for (const name of Object.keys(components).sort()) {
    const deps = new Set();
    const root = rewrite(components[name], deps);
    const defs = {};
    const queue = [...deps];
    while (queue.length > 0) {
      const dep = queue.shift();
      if (dep === name || dep in defs) continue;
      if (!(dep in components)) throw new Error(`${SPEC_PATH}: ${COMPONENT_REF}${dep} is referenced but not defined`);
      const depDeps = new Set();
      defs[dep] = rewrite(components[dep], depDeps);
      queue.push(...depDeps);
    }
    const sortedDefs = Object.fromEntries(
      Object.keys(defs)
        .sort()
        .map((key) => [key, defs[key]]),
    );
    result.set(name, {
      $schema: SCHEMA_DIALECT,
      $id: schemaId(name),
      title: name,
      ...root,
      ...(Object.keys(sortedDefs).length > 0 ? { $defs: sortedDefs } : {}),
    });
  }
  return result;
}

/** The spec's string formats (ajv-formats' full ones, `email` replaced by RFC 5321's Mailbox). */
const FORMATS_MODULE = './tools/api-types/formats.cjs';

export function createAjv(options = {}) {
  // Standalone code require()s the formats by this path (relative to the repository root, where
  // bundleStandaloneValidators resolves it), so the shipped validators use the same functions as this ajv.
  const code = { ...options.code, formats: _`require(${FORMATS_MODULE})` };
  const ajv = new Ajv2020({ strict: true, allErrors: true, ...options, code });
  for (const [name, format] of Object.entries(require(FORMATS_MODULE))) ajv.addFormat(name, format);
  addFormats(ajv, { formats: [], keywords: true }); // adds no format; formatMinimum & co. as before
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword, schemaType: ['string', 'boolean'] });
  return ajv;
}

/** The document with the `readOnly` markers of component schema properties removed (changes `spec`). */
function withoutReadOnly(spec) {
  for (const schema of Object.values(spec.components?.schemas ?? {}))
    for (const property of Object.values(schema?.properties ?? {}))
      if (property && typeof property === 'object') delete property.readOnly;
  return spec;
}

async function typescriptTypes(spec) {
  // defaultNonNullable: false — the spec's `default`s are what the platform stores for a field a request
  // body leaves out (`active`, `product_ids`), so such a field stays optional in the body's type.
  // readOnly marks the platform's fields (id, created_time) so that request schemas derived from a resource
  // leave them out (tools/lib/openapi-document.mjs); the response types stay as they were (no `readonly`).
  const ast = await openapiTS(withoutReadOnly(structuredClone(spec)), { silent: true, defaultNonNullable: false });
  return `/**\n * ${GENERATED_BANNER}\n * Source: ${SPEC_PATH} (openapi-typescript).\n */\n\n${astToString(ast)}`;
}

function eventTypesModule(spec) {
  const types = spec.components.schemas.WebhookEventType.enum;
  const webhookNames = Object.keys(spec.webhooks ?? {});
  const missing = types.filter((type) => !webhookNames.includes(type));
  if (missing.length > 0) throw new Error(`${SPEC_PATH}: webhooks section lacks ${missing.join(', ')}`);
  return [
    `// ${GENERATED_BANNER}`,
    '',
    '/** The 19 webhook event types of the platform, in the order the spec lists them. */',
    `export const WEBHOOK_EVENT_TYPES = ${JSON.stringify(types, null, 2).replace(/"/g, "'")} as const;`,
    '',
  ].join('\n');
}

const validatorName = (name) => `validate${name}`;

async function validatorsModule(schemas) {
  const ajv = createAjv({ code: { source: true, esm: true } });
  for (const schema of schemas.values()) ajv.addSchema(schema);
  const exportsMap = Object.fromEntries([...schemas.keys()].map((name) => [validatorName(name), schemaId(name)]));
  const js = await bundleStandaloneValidators(ajv, exportsMap);
  const dts = [
    `// ${GENERATED_BANNER}`,
    "import type { components } from './openapi.js';",
    '',
    "/** One error of a precompiled validator, in ajv's format (`instancePath` is a JSON pointer). */",
    'export interface ValidationError {',
    '  instancePath: string;',
    '  schemaPath: string;',
    '  keyword: string;',
    '  params: Record<string, unknown>;',
    '  message?: string;',
    '}',
    '',
    '/** A precompiled validator: a type guard whose `errors` hold the failures of the last call. */',
    'export interface Validator<T> {',
    '  (data: unknown): data is T;',
    '  errors?: ValidationError[] | null;',
    '}',
    '',
    ...[...schemas.keys()].flatMap((name) => [
      `/** Validates a value against the \`${name}\` schema of specs/openapi.yaml. */`,
      `export declare const ${validatorName(name)}: Validator<components['schemas']['${name}']>;`,
    ]),
    '',
  ].join('\n');
  return { js: `// ${GENERATED_BANNER}\n${js}`, dts };
}

/** Python has no `format` validation to mirror: timestamps stay ISO strings so to_dict(from_dict(x)) == x. */
function withoutFormats(node) {
  if (Array.isArray(node)) return node.map(withoutFormats);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== 'format')
      .map(([key, value]) => [key, withoutFormats(value)]),
  );
}

async function pythonModels(spec) {
  // One document holding every component, so a schema used by several others becomes one class.
  const defs = {};
  for (const [name, schema] of Object.entries(spec.components.schemas))
    defs[name] = withoutFormats(rewrite(schema, new Set()));
  const combined = JSON.stringify({ $defs: defs });
  const input = new JSONSchemaInput(new FetchingJSONSchemaStore());
  for (const name of Object.keys(defs).sort()) {
    await input.addSource({ name, uris: [`components.json#/$defs/${name}`], schema: combined });
  }
  const inputData = new InputData();
  inputData.addInput(input);
  const { lines } = await quicktype({
    inputData,
    lang: 'python',
    combineClasses: true,
    rendererOptions: { 'python-version': '3.7', 'just-types': 'false' },
    leadingComments: [GENERATED_BANNER, `Source: ${SPEC_PATH} (quicktype). Dataclasses with from_dict/to_dict.`],
  });
  return `${lines.join('\n').trimEnd()}\n`;
}

/** @returns {Promise<Map<string, string>>} repo-relative path -> contents */
/** @param {{ root?: string }} [options] root: the repository whose specs/ to read (a copy, in a test) */
export async function generate({ root = REPO_ROOT } = {}) {
  const spec = await loadSpec(root);
  const schemas = componentJsonSchemas(spec);
  const files = new Map();
  files.set(COMPLETE_SPEC_PATH, completeOpenApiText(spec, GENERATED_BANNER));
  files.set(`${OUT_DIR}/openapi.ts`, await typescriptTypes(spec));
  files.set(`${OUT_DIR}/event-types.ts`, eventTypesModule(spec));
  for (const [name, schema] of schemas) files.set(`${OUT_DIR}/schemas/${name}.schema.json`, stableJson(schema));
  const validators = await validatorsModule(schemas);
  files.set(`${OUT_DIR}/validators.js`, validators.js);
  files.set(`${OUT_DIR}/validators.d.ts`, validators.dts);
  files.set(`${OUT_DIR}/models/python/commerce_kit_api.py`, await pythonModels(spec));
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = await generate();
  const { written, removed, total } = await writeGenerated(files, OUT_DIR);
  console.log(`api-types: ${total} generated files in ${OUT_DIR} (${written} written, ${removed} removed)`);
}
