// The one loader of the OpenAPI document. specs/openapi.yaml (the source) writes each field once: a request
// schema says what it derives from with `x-derive`, and this module expands it into the complete OpenAPI 3.1
// document that every generator, test and tool reads (Redocly, Prism, the fuzzers read the same document,
// written out by the api-types generator as packages/api-types/src/generated/openapi.yaml).
//
//   ProductCreateRequest:
//     type: object
//     description: ...
//     x-derive:
//       from: Product                       # the resource schema
//       required: [title, description, price]   # optional: the body's required fields
//       fields:                             # optional: request-only keywords, laid over the resource's field
//         price: { minimum: 0 }
//     examples: ...
//
// expands, in place of `x-derive`, to `required`, `properties` (every property of Product not marked
// `readOnly`, e.g. `id` and `created_time`, each with the request-only keywords laid over it) and
// `additionalProperties: false` (a misspelled field is refused, not dropped).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML, { LineCounter } from 'yaml';
import { REPO_ROOT } from './generated-files.mjs';

/** The source of the OpenAPI document (repo-relative). */
export const SOURCE_SPEC_PATH = 'specs/openapi.yaml';
/** The complete (expanded) document, as generated and committed (repo-relative). */
export const COMPLETE_SPEC_PATH = 'packages/api-types/src/generated/openapi.yaml';

const DERIVE = 'x-derive';
const COMPONENT_SCHEMA = '#/components/schemas/';

/** specs/openapi.yaml cannot be expanded: the message names the file, line and column and the schema. */
export class SpecSourceError extends Error {
  constructor(message) {
    super(message);
    this.name = 'SpecSourceError';
  }
}

/**
 * The complete document: every `x-derive` request schema written out in full. The source is not changed.
 * @param {Record<string, any>} source the parsed specs/openapi.yaml
 * @param {(pointer: Array<string | number>) => string} [where] a "file:line:column" prefix for a node's path
 */
export function expandOpenApi(source, where = (pointer) => `${SOURCE_SPEC_PATH}#/${pointer.join('/')}`) {
  const doc = structuredClone(source);
  const schemas = doc.components?.schemas ?? {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (schema === null || typeof schema !== 'object' || !(DERIVE in schema)) continue;
    const at = ['components', 'schemas', name, DERIVE];
    const fail = (message, pointer = at) => {
      throw new SpecSourceError(`${where(pointer)}: ${name}: ${message}`);
    };
    const derive = schema[DERIVE];
    if (derive === null || typeof derive !== 'object') fail(`${DERIVE} must be an object with \`from\``);
    for (const key of Object.keys(derive))
      if (!['from', 'required', 'fields'].includes(key))
        fail(`${DERIVE} has no key ${key} (from, required, fields)`, [...at, key]);
    const resource = typeof derive.from === 'string' ? source.components?.schemas?.[derive.from] : undefined;
    if (!resource?.properties)
      fail(`${DERIVE}.from must name a component schema with properties (got ${JSON.stringify(derive.from)})`, [
        ...at,
        'from',
      ]);
    if (DERIVE in resource) fail(`${derive.from} is itself derived; derive from the resource schema`, [...at, 'from']);
    for (const key of ['properties', 'required', 'additionalProperties'])
      if (key in schema)
        fail(`${key} is derived (${DERIVE}); write it under ${DERIVE} or leave it out`, [
          'components',
          'schemas',
          name,
          key,
        ]);
    const properties = {};
    for (const [field, property] of Object.entries(resource.properties)) {
      if (property?.readOnly === true) continue;
      properties[field] = structuredClone(property);
    }
    for (const [field, keywords] of Object.entries(derive.fields ?? {})) {
      if (!(field in properties))
        fail(
          `${DERIVE}.fields.${field}: ${derive.from} has no writable field ${field}` +
            (field in resource.properties ? ' (it is readOnly)' : ''),
          [...at, 'fields', field],
        );
      if (keywords === null || typeof keywords !== 'object' || Array.isArray(keywords))
        fail(`${DERIVE}.fields.${field} must be an object of schema keywords`, [...at, 'fields', field]);
      properties[field] = { ...properties[field], ...structuredClone(keywords) };
    }
    const required = derive.required;
    if (required !== undefined) {
      if (!Array.isArray(required)) fail(`${DERIVE}.required must be a list of field names`, [...at, 'required']);
      required.forEach((field, index) => {
        if (!(field in properties))
          fail(`${DERIVE}.required names ${field}, which is not a writable field of ${derive.from}`, [
            ...at,
            'required',
            index,
          ]);
      });
    }
    const expanded = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key !== DERIVE) {
        expanded[key] = value;
        continue;
      }
      if (required !== undefined) expanded.required = [...required];
      expanded.properties = properties;
      expanded.additionalProperties = false;
    }
    schemas[name] = expanded;
  }
  return doc;
}

/** `$ref` to a component schema -> its name. */
export const componentName = (ref) =>
  typeof ref === 'string' && ref.startsWith(COMPONENT_SCHEMA) ? ref.slice(COMPONENT_SCHEMA.length) : undefined;

/**
 * Reads and expands an OpenAPI source file; errors name its line and column.
 * @param {string} text the YAML
 * @param {string} file the name errors give
 */
export function parseOpenApiSource(text, file = SOURCE_SPEC_PATH) {
  const lineCounter = new LineCounter();
  const document = YAML.parseDocument(text, { lineCounter });
  if (document.errors.length > 0) {
    const error = document.errors[0];
    const { line, col } = lineCounter.linePos(error.pos[0]);
    throw new SpecSourceError(`${file}:${line}:${col}: ${error.message.split('\n')[0]}`);
  }
  const where = (pointer) => {
    for (let n = pointer.length; n > 0; n--) {
      const node = document.getIn(pointer.slice(0, n), true);
      if (node && typeof node === 'object' && Array.isArray(node.range)) {
        const { line, col } = lineCounter.linePos(node.range[0]);
        return `${file}:${line}:${col}`;
      }
    }
    return `${file}:1:1`;
  };
  return expandOpenApi(document.toJS(), where);
}

/**
 * The complete OpenAPI document of a repository (its specs/openapi.yaml, expanded).
 * @param {string} [root] the repository root (a copy of the specs in a test)
 */
export function loadOpenApi(root = REPO_ROOT) {
  return parseOpenApiSource(readFileSync(path.join(root, SOURCE_SPEC_PATH), 'utf8'));
}

/** The complete document as the generated file holds it (YAML, the source's key order). */
export function completeOpenApiText(doc, banner) {
  return `# ${banner}\n# Source: ${SOURCE_SPEC_PATH}, its x-derive request schemas written out (tools/lib/openapi-document.mjs).\n${YAML.stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false })}`;
}
