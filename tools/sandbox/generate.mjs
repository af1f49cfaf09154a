// specs/openapi.yaml -> packages/sandbox/src/generated/:
//   routes.ts          the route table: one entry per operation (operationId, method, path, security,
//                      parameters, body, responses), each holding its precompiled validators; bodies
//                      and responses use @commerce-kit/api-types/validators (the same component schemas)
//   parameters.js/.d.ts  query and path parameters per operation (ajv standalone with type coercion:
//                      query strings become the integers the spec declares)
//   resources.ts       the resources the sandbox stores (resourceModels): each list path `/<kind>` with
//                      its operations on `/<kind>` and `/<kind>/{id}`, the id format of the schema's
//                      examples, its webhook events, and its fields with what a creation without them
//                      stores (the create body's `default`, `null` where the field is nullable, or the
//                      value of another field named by `x-default-from`)
//   codec.ts           the mapping between the theme kit's mock store and the API's products, categories
//                      and blog posts (tools/sandbox/codec.mjs, from the schemas' `x-theme-kit`)
// The sandbox never keeps a hand-written list of paths or fields: adding an operation to the spec adds a
// route here (a resource's CRUD operation is served by the resource engine; any other must get a
// handler, or the handler table does not compile), and adding a field to a resource's schemas is all it
// takes for the sandbox to store, update and answer it.
import { pathToFileURL } from 'node:url';
import { createAjv, loadSpec, SPEC_PATH } from '../api-types/generate.mjs';
import { GENERATED_BANNER, REPO_ROOT, writeGenerated } from '../lib/generated-files.mjs';
import { schemaRefName, specOperations } from '../lib/spec-operations.mjs';
import { bundleStandaloneValidators } from '../lib/standalone.mjs';
import { generateMockDataSchema } from '../theme-config/generate.mjs';
import { codecModel, codecModule } from './codec.mjs';

export const OUT_DIR = 'packages/sandbox/src/generated';
const COMPONENT_SCHEMA = '#/components/schemas/';
/** Bodies and responses are component schemas; api-types publishes a precompiled validator for each. */
const SCHEMA_VALIDATORS_MODULE = '@commerce-kit/api-types/validators';

/**
 * `{ $ref: '#/components/schemas/X' }` replaced by X itself, recursively (parameter schemas are small and acyclic),
 * without the annotations that do not validate (examples, descriptions): parameters that differ only in their
 * examples (each resource's ids) share one validator.
 */
const ANNOTATIONS = new Set(['x-invalid-examples', 'examples', 'example', 'description']);
function inline(spec, node, seen = new Set()) {
  if (Array.isArray(node)) return node.map((item) => inline(spec, item, seen));
  if (node === null || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string' && node.$ref.startsWith(COMPONENT_SCHEMA)) {
    const name = node.$ref.slice(COMPONENT_SCHEMA.length);
    if (seen.has(name)) throw new Error(`${SPEC_PATH}: parameter schema ${name} is recursive`);
    return inline(spec, spec.components.schemas[name], new Set([...seen, name]));
  }
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key)) continue;
    out[key] = inline(spec, value, seen);
  }
  return out;
}

/** The operation's security as one word: who must authenticate a call. */
function securityOf(spec, operationId) {
  for (const item of Object.values(spec.paths ?? {})) {
    for (const op of Object.values(item)) {
      if (!op || op.operationId !== operationId) continue;
      const requirements = op.security ?? spec.security ?? [];
      const schemes = requirements.flatMap((requirement) => Object.keys(requirement));
      if (schemes.includes('bearerAuth') || schemes.includes('oauth2')) return 'bearer';
      if (schemes.includes('clientBasic')) return 'client';
      return 'none';
    }
  }
  throw new Error(`${operationId} not found`);
}

const pascal = (word) => word[0].toUpperCase() + word.slice(1);
/** `starting_after` -> `StartingAfter`. */
const pascalWords = (name) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(pascal)
    .join('');
const capitalLocation = { query: 'Query', path: 'Path' };
const schemaValidatorName = (name) => `validate${name}`;
const honoPattern = (specPath) => specPath.replace(/\{([^}]+)\}/g, ':$1');

/** `base`, or `base2`, `base3`… when a different definition already took it (names follow the spec's order). */
function uniqueName(base, taken) {
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = `${base}${n}`;
  taken.add(name);
  return name;
}

/**
 * One JSON Schema (an object of named properties) per distinct set of parameters in one location:
 * operations that take the same parameters (every list operation's cursors, every `{id}` path) share
 * one validator, named after the parameters it checks.
 * @returns {{ schemas: Map<string, object>, validatorOf: (operationId: string, location: string) => string | undefined }}
 */
function parameterSchemas(spec, operations) {
  const schemas = new Map();
  const byDefinition = new Map();
  const byOperation = new Map();
  for (const op of operations) {
    for (const location of ['query', 'path']) {
      const params = op.parameters.filter((p) => p.in === location);
      if (params.length === 0) continue;
      const definition = {
        type: 'object',
        properties: Object.fromEntries(params.map((p) => [p.name, inline(spec, p.schema)])),
        required: params.filter((p) => p.required).map((p) => p.name),
        // Unknown query parameters are tolerated (cache busters, tracing); the spec's own are checked.
        additionalProperties: true,
      };
      const key = `${location}:${JSON.stringify(definition)}`;
      let name = byDefinition.get(key);
      if (name === undefined) {
        name = uniqueName(
          `validate${params.map((p) => pascalWords(p.name)).join('')}${capitalLocation[location]}`,
          new Set(schemas.keys()),
        );
        byDefinition.set(key, name);
        schemas.set(name, { $id: `urn:commerce-kit:sandbox:parameters:${name}`, ...definition });
      }
      byOperation.set(`${op.operationId}:${location}`, name);
    }
  }
  return { schemas, validatorOf: (operationId, location) => byOperation.get(`${operationId}:${location}`) };
}

/** Keywords of a list envelope and of its `data` that leave the items to the item schema alone. */
const ENVELOPE_KEYWORDS = new Set(['type', 'required', 'properties', 'additionalProperties', 'title', ...ANNOTATIONS]);
const ENVELOPE_DATA_KEYWORDS = new Set(['type', 'items', 'title', ...ANNOTATIONS]);

/**
 * The component schema of a list envelope's items (`CustomerList` -> `Customer`) when the envelope says
 * nothing else about them: an object whose `data` is `{ type: array, items: { $ref } }`. Then the envelope
 * validated with `data: []` and each item validated against the item schema is the same check as the
 * envelope's validator over the whole page, which lets the sandbox check a stored object once per form
 * (`src/http/document-check.ts`). Undefined for any other schema.
 */
export function listItemSchema(spec, schemaName) {
  const schema = spec.components?.schemas?.[schemaName];
  const data = schema?.properties?.data;
  if (schema?.type !== 'object' || data?.type !== 'array') return undefined;
  if (Object.keys(schema).some((key) => !ENVELOPE_KEYWORDS.has(key))) return undefined;
  if (Object.keys(data).some((key) => !ENVELOPE_DATA_KEYWORDS.has(key))) return undefined;
  const ref = data.items?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith(COMPONENT_SCHEMA) || Object.keys(data.items).length !== 1)
    return undefined;
  return ref.slice(COMPONENT_SCHEMA.length);
}

/**
 * The documented responses as named constants, each distinct one written once (`response429ErrorBody`
 * is the same object in every operation), and the names each operation lists.
 */
function responseConstants(spec, operations) {
  const byText = new Map();
  const names = new Set();
  const listOf = new Map();
  for (const op of operations) {
    listOf.set(
      op.operationId,
      op.responses.map((r) => {
        const parts = [`status: ${JSON.stringify(r.status)}`];
        if (r.contentType) parts.push(`contentType: ${JSON.stringify(r.contentType)}`);
        if (r.schemaRef && r.contentType === 'application/json') {
          parts.push(`validate: ${schemaValidatorName(r.schemaRef)}`);
          const item = listItemSchema(spec, r.schemaRef);
          if (item !== undefined) parts.push(`items: ${schemaValidatorName(item)}`);
        }
        if (r.otherContentTypes.length > 0) parts.push(`otherContentTypes: ${JSON.stringify(r.otherContentTypes)}`);
        parts.push(`headers: ${JSON.stringify(r.headers.map((h) => h.toLowerCase()))}`);
        const text = `{ ${parts.join(', ')} }`;
        let name = byText.get(text);
        if (name === undefined) {
          name = uniqueName(
            `response${r.status}${r.contentType ? (r.schemaRef ?? pascalWords(r.contentType)) : 'NoBody'}`,
            names,
          );
          byText.set(text, name);
        }
        return name;
      }),
    );
  }
  const declarations = [...byText].map(([text, name]) => `const ${name} = ${text} as const satisfies ResponseSpec;`);
  return { declarations, listOf: (operationId) => listOf.get(operationId) ?? [] };
}

function usedSchemaNames(spec, operations) {
  const names = new Set();
  for (const op of operations) {
    if (op.requestBody) {
      if (!op.requestBody.schemaRef)
        throw new Error(`${op.operationId}: the request body must be a component schema $ref`);
      names.add(op.requestBody.schemaRef);
    }
    for (const response of op.responses) {
      if (response.contentType === 'application/json') {
        if (!response.schemaRef)
          throw new Error(`${op.operationId} ${response.status}: a JSON response must be a component schema $ref`);
        names.add(response.schemaRef);
        const item = listItemSchema(spec, response.schemaRef);
        if (item !== undefined) names.add(item);
      }
    }
  }
  return [...names].sort();
}

function parametersDts(names) {
  return [
    `// ${GENERATED_BANNER}`,
    '',
    "import type { Validator } from '../validation/validator.js';",
    '',
    ...names.map((name) => `export declare const ${name}: Validator<Record<string, unknown>>;`),
    '',
  ].join('\n');
}

function routesModule(spec, operations, schemaNames, parameters) {
  const responses = responseConstants(spec, operations);
  const parameterImports = new Set();
  const entries = operations.map((op) => {
    const query = op.parameters.filter((p) => p.in === 'query');
    const queryValidator = parameters.validatorOf(op.operationId, 'query');
    const pathValidator = parameters.validatorOf(op.operationId, 'path');
    if (queryValidator) parameterImports.add(queryValidator);
    if (pathValidator) parameterImports.add(pathValidator);
    const body = op.requestBody
      ? `{ contentType: ${JSON.stringify(op.requestBody.contentType)}, required: ${op.requestBody.required}, schema: ${JSON.stringify(op.requestBody.schemaRef)}, validate: ${schemaValidatorName(op.requestBody.schemaRef)} }`
      : 'undefined';
    return [
      '  {',
      `    operationId: ${JSON.stringify(op.operationId)},`,
      `    method: ${JSON.stringify(op.method.toUpperCase())},`,
      `    path: ${JSON.stringify(op.path)},`,
      `    pattern: ${JSON.stringify(honoPattern(op.path))},`,
      `    tag: ${JSON.stringify(op.tag ?? '')},`,
      `    security: ${JSON.stringify(securityOf(spec, op.operationId))},`,
      `    queryParameters: ${JSON.stringify(query.map((p) => p.name))},`,
      `    validateQuery: ${queryValidator ?? 'undefined'},`,
      `    validatePath: ${pathValidator ?? 'undefined'},`,
      `    body: ${body},`,
      `    successStatus: ${Number(op.success?.status ?? 200)},`,
      `    responses: [${responses.listOf(op.operationId).join(', ')}],`,
      '  },',
    ].join('\n');
  });
  return [
    `// ${GENERATED_BANNER}`,
    `// Source: ${SPEC_PATH} (tools/sandbox/generate.mjs). One entry per operation, in the spec's order.`,
    '',
    "import type { ResponseSpec, RouteSpec } from '../http/route-spec.js';",
    `import { ${schemaNames.map(schemaValidatorName).join(', ')} } from '${SCHEMA_VALIDATORS_MODULE}';`,
    ...(parameterImports.size > 0 ? [`import { ${[...parameterImports].join(', ')} } from './parameters.js';`] : []),
    '',
    '// The documented responses, each written once and shared by the operations that list it.',
    ...responses.declarations,
    '',
    '/** Every operation of the spec, with the validators of its parameters, body and responses. */',
    'export const ROUTES = [',
    ...entries,
    '] as const satisfies readonly RouteSpec[];',
    '',
    '/** The operationIds of the spec. */',
    "export type OperationId = (typeof ROUTES)[number]['operationId'];",
    '',
  ].join('\n');
}

/** A spec the resource engine cannot serve as written. */
export class ResourceModelError extends Error {
  constructor(message) {
    super(`${SPEC_PATH}: ${message}`);
    this.name = 'ResourceModelError';
  }
}

/** The component schema `schema` stands for (`$ref`s followed). */
function resolveSchema(spec, schema) {
  let current = schema ?? {};
  for (let i = 0; i < 32 && typeof current.$ref === 'string'; i++) {
    if (!current.$ref.startsWith(COMPONENT_SCHEMA)) throw new ResourceModelError(`unsupported $ref ${current.$ref}`);
    current = spec.components?.schemas?.[current.$ref.slice(COMPONENT_SCHEMA.length)] ?? {};
  }
  return current;
}

/** Whether `null` is a valid value of the schema (`type: [T, 'null']`, or a `oneOf`/`anyOf` branch of type null). */
function allowsNull(spec, raw) {
  const schema = resolveSchema(spec, raw);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('null')) return true;
  return [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].some((branch) => allowsNull(spec, branch));
}

/** `BlogPost` -> ['blog', 'post']. */
const schemaWords = (name) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(' ');

/** The verb of a CRUD operation on `/<kind>` or `/<kind>/{id}`; undefined for any other operation. */
function crudShape(op) {
  const collection = /^\/([a-z][a-z0-9_]*)$/.exec(op.path);
  const item = /^\/([a-z][a-z0-9_]*)\/\{id\}$/.exec(op.path);
  if (collection && op.method === 'get') return { kind: collection[1], verb: 'list' };
  if (collection && op.method === 'post') return { kind: collection[1], verb: 'create' };
  if (item && op.method === 'get') return { kind: item[1], verb: 'retrieve' };
  if (item && op.method === 'put') return { kind: item[1], verb: 'update' };
  if (item && op.method === 'delete') return { kind: item[1], verb: 'delete' };
  return undefined;
}

const EXPECTED_STATUS = { list: '200', create: '201', retrieve: '200', update: '201', delete: '204' };

/** `cus_00000000000000000000000042` -> the id format every example of the schema shares: prefix and digit count. */
function idFormat(name, schema) {
  const ids = (schema.examples ?? []).map((example) => example?.id).filter((id) => id !== undefined);
  if (ids.length === 0)
    throw new ResourceModelError(
      `${name} has no example with an id: its examples give the sandbox its id format (prefix_digits)`,
    );
  const formats = new Set(
    ids.map((id) => {
      const match = /^([a-z]+)_(\d+)$/.exec(String(id));
      if (!match)
        throw new ResourceModelError(
          `${name}: the example id ${JSON.stringify(id)} is not prefix_digits (e.g. cus_00000000000000000000000042)`,
        );
      return `${match[1]}_${match[2].length}`;
    }),
  );
  if (formats.size > 1)
    throw new ResourceModelError(`${name}: the example ids have different formats (${[...formats].join(', ')})`);
  const [prefix, digits] = [...formats][0].split('_');
  return { idPrefix: prefix, idDigits: Number(digits) };
}

const SHAPE_KEYWORDS = {
  string: ['format', 'enum', 'pattern', 'minLength', 'maxLength'],
  integer: ['enum', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'],
  number: ['enum', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'],
};

/**
 * The shape of a field's values (FieldShape of src/store/resource-model.ts): its type, whether `null` is one,
 * and the keywords a seeded value must meet. `[T, 'null']` and `oneOf: [X, { type: 'null' }]` are nullable T and X.
 */
export function fieldShape(spec, raw, depth = 0) {
  const schema = resolveSchema(spec, raw);
  const branches = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].map((b) => resolveSchema(spec, b));
  const nullable = allowsNull(spec, raw);
  if (branches.length > 0) {
    const other = branches.filter((b) => b.type !== 'null');
    return other.length === 1 && depth < 8
      ? { ...fieldShape(spec, other[0], depth + 1), nullable }
      : { nullable, type: 'unknown' };
  }
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (t) => t !== 'null' && t !== undefined,
  );
  const type = types.length === 1 ? types[0] : schema.enum ? typeof schema.enum[0] : undefined;
  if (type in SHAPE_KEYWORDS) {
    const keywords = Object.fromEntries(SHAPE_KEYWORDS[type].filter((k) => k in schema).map((k) => [k, schema[k]]));
    if (keywords.enum) keywords.enum = keywords.enum.filter((v) => v !== null);
    return { nullable, type, ...keywords };
  }
  if (type === 'boolean') return { nullable, type };
  if (type === 'array' && depth < 8) return { nullable, type, items: fieldShape(spec, schema.items ?? {}, depth + 1) };
  if (type === 'object' && depth < 8)
    return {
      nullable,
      type,
      properties: Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [
          name,
          fieldShape(spec, property, depth + 1),
        ]),
      ),
      required: schema.required ?? [],
    };
  return { nullable, type: 'unknown' };
}

/**
 * What a creation stores for each field of the resource, in the resource schema's order: `required`
 * (the create body must have it), the create body's `default`, the value of another field
 * (`x-default-from`), `null` where the field is nullable, or `absent`.
 */
function fieldModels(spec, name, resource, createBody, updateBody) {
  const properties = resource.properties ?? {};
  const createProps = createBody?.properties ?? {};
  const createRequired = new Set(createBody?.required ?? []);
  for (const [label, body] of [
    ['create', createBody],
    ['update', updateBody],
  ]) {
    for (const field of Object.keys(body?.properties ?? {})) {
      if (!(field in properties))
        throw new ResourceModelError(
          `${name}: the ${label} body's field ${field} is not a property of ${name}, so it would never be answered`,
        );
      if (field === 'id' || field === 'created_time')
        throw new ResourceModelError(`${name}: ${field} is assigned by the platform; the ${label} body cannot hold it`);
    }
  }
  const fields = [];
  for (const [field, schema] of Object.entries(properties)) {
    if (field === 'id' || field === 'created_time') continue;
    let onCreate;
    const given = createProps[field];
    if (given !== undefined && createRequired.has(field)) onCreate = 'required';
    else if (given !== undefined && 'default' in resolveSchema(spec, given))
      onCreate = { value: resolveSchema(spec, given).default };
    else if (given !== undefined && typeof given['x-default-from'] === 'string') {
      const from = given['x-default-from'];
      if (from !== 'created_time' && !(from in properties))
        throw new ResourceModelError(`${name}.${field}: x-default-from names ${from}, which is not a field of ${name}`);
      onCreate = { from };
    } else if (allowsNull(spec, given ?? schema)) onCreate = { value: null };
    else onCreate = 'absent';
    if (onCreate === 'absent' && createBody && (resource.required ?? []).includes(field)) {
      throw new ResourceModelError(
        `${name}.${field} is required in every ${name} but a creation may leave it out with no default`,
      );
    }
    fields.push({ name: field, onCreate, shape: fieldShape(spec, schema) });
  }
  return fields;
}

/**
 * The resources of the spec, as the sandbox's resource engine serves them: one per list operation at
 * `/<kind>`, with whichever of create (`POST /<kind>`), retrieve, update (`PUT`) and delete on
 * `/<kind>/{id}` the spec has. Every shape the engine relies on is checked here, so a spec it could not
 * serve fails the generation with a message rather than a sandbox that answers wrong.
 * @param {Record<string, any>} spec
 */
export function resourceModels(spec, operations = specOperations(spec)) {
  const eventTypes = new Set(spec.components?.schemas?.WebhookEventType?.enum ?? []);
  const byKind = new Map();
  for (const op of operations) {
    if (securityOf(spec, op.operationId) !== 'bearer') continue;
    const shape = crudShape(op);
    if (!shape) continue;
    const where = `${op.method.toUpperCase()} ${op.path} (${op.operationId})`;
    if (op.success?.status !== EXPECTED_STATUS[shape.verb]) {
      throw new ResourceModelError(
        `${where} answers ${op.success?.status ?? 'nothing'}; a successful ${shape.verb} answers ${EXPECTED_STATUS[shape.verb]}`,
      );
    }
    const entry = byKind.get(shape.kind) ?? { kind: shape.kind, operations: {} };
    entry.operations[shape.verb] = { op, where };
    byKind.set(shape.kind, entry);
  }
  const models = [];
  for (const { kind, operations: ops } of byKind.values()) {
    if (!ops.list)
      throw new ResourceModelError(
        `/${kind} has operations but no list (GET /${kind}): the list names the resource's schema`,
      );
    const listSchema = resolveSchema(spec, ops.list.op.success.schema);
    const name = schemaRefName(listSchema.properties?.data?.items);
    if (!name) throw new ResourceModelError(`${ops.list.where}: the list's data items must be a component schema $ref`);
    const resource = resolveSchema(spec, { $ref: `${COMPONENT_SCHEMA}${name}` });
    for (const verb of ['create', 'retrieve', 'update']) {
      const answered = ops[verb]?.op.success.schemaRef;
      if (ops[verb] && answered !== name)
        throw new ResourceModelError(`${ops[verb].where} answers ${answered ?? 'no component schema'}, not ${name}`);
    }
    const bodyOf = (verb) => (ops[verb] ? resolveSchema(spec, ops[verb].op.requestBody?.schema) : undefined);
    const words = schemaWords(name);
    const writable = ops.create || ops.update || ops.delete;
    const events = writable
      ? Object.fromEntries(['created', 'updated', 'deleted'].map((change) => [change, `${words.join('_')}_${change}`]))
      : undefined;
    for (const type of Object.values(events ?? {})) {
      if (!eventTypes.has(type))
        throw new ResourceModelError(`${name} can be written but ${type} is not a WebhookEventType`);
    }
    models.push({
      kind,
      schema: name,
      noun: words.join(' '),
      ...idFormat(name, resource),
      operations: Object.fromEntries(
        ['list', 'create', 'retrieve', 'update', 'delete']
          .filter((verb) => ops[verb])
          .map((verb) => [
            verb,
            { operationId: ops[verb].op.operationId, status: Number(ops[verb].op.success.status) },
          ]),
      ),
      ...(events ? { events } : {}),
      fields: fieldModels(spec, name, resource, bodyOf('create'), bodyOf('update')),
    });
  }
  return models;
}

const literal = (value) => JSON.stringify(value);
const onCreateLiteral = (onCreate) =>
  typeof onCreate === 'string'
    ? literal(onCreate)
    : 'value' in onCreate
      ? `{ value: ${literal(onCreate.value)} }`
      : `{ from: ${literal(onCreate.from)} }`;

function resourcesModule(models) {
  const entries = models.map((model) =>
    [
      '  {',
      `    kind: ${literal(model.kind)},`,
      `    schema: ${literal(model.schema)},`,
      `    noun: ${literal(model.noun)},`,
      `    idPrefix: ${literal(model.idPrefix)},`,
      `    idDigits: ${model.idDigits},`,
      '    operations: {',
      ...Object.entries(model.operations).map(
        ([verb, { operationId, status }]) =>
          `      ${verb}: { operationId: ${literal(operationId)}, status: ${status} },`,
      ),
      '    },',
      ...(model.events
        ? [
            `    events: { created: ${literal(model.events.created)}, updated: ${literal(model.events.updated)}, deleted: ${literal(model.events.deleted)} },`,
          ]
        : []),
      ...(model.fields.length === 0
        ? ['    fields: [],']
        : [
            '    fields: [',
            ...model.fields.map(
              (field) =>
                `      { name: ${literal(field.name)}, onCreate: ${onCreateLiteral(field.onCreate)}, shape: ${literal(field.shape)} },`,
            ),
            '    ],',
          ]),
      '  },',
    ].join('\n'),
  );
  const operationIds = models.flatMap((model) => Object.values(model.operations).map((o) => literal(o.operationId)));
  return [
    `// ${GENERATED_BANNER}`,
    `// Source: ${SPEC_PATH} (tools/sandbox/generate.mjs, resourceModels). One entry per list path, in the spec's order.`,
    '',
    "import type { ResourceModel } from '../store/resource-model.js';",
    '',
    '/** The resources the sandbox stores and serves, as the spec defines them. */',
    'export const RESOURCES = [',
    ...entries,
    '] as const satisfies readonly ResourceModel[];',
    '',
    '/** The resource kinds, named as their list paths. */',
    "export type ResourceKind = (typeof RESOURCES)[number]['kind'];",
    '',
    '/** The operations the resource engine serves. */',
    `export type ResourceOperationId = ${operationIds.join(' | ')};`,
    '',
  ].join('\n');
}

/** @returns {Promise<Map<string, string>>} repo-relative path -> contents */
/** @param {{ root?: string }} [options] root: the repository whose specs/ to read (a copy, in a test) */
export async function generate({ root = REPO_ROOT } = {}) {
  const spec = await loadSpec(root);
  const operations = specOperations(spec);
  const schemaNames = usedSchemaNames(spec, operations);

  const parameters = parameterSchemas(spec, operations);
  // coerceTypes: query values arrive as strings; `limit=10` must validate as the integer the spec declares.
  const coercing = createAjv({ code: { source: true, esm: true }, coerceTypes: true });
  for (const schema of parameters.schemas.values()) coercing.addSchema(schema);
  const paramsJs = await bundleStandaloneValidators(
    coercing,
    Object.fromEntries([...parameters.schemas].map(([name, schema]) => [name, schema.$id])),
  );

  const files = new Map();
  files.set(`${OUT_DIR}/routes.ts`, routesModule(spec, operations, schemaNames, parameters));
  files.set(`${OUT_DIR}/parameters.js`, `// ${GENERATED_BANNER}\n${paramsJs}`);
  files.set(`${OUT_DIR}/parameters.d.ts`, parametersDts([...parameters.schemas.keys()]));
  const models = resourceModels(spec, operations);
  files.set(`${OUT_DIR}/resources.ts`, resourcesModule(models));
  files.set(
    `${OUT_DIR}/codec.ts`,
    codecModule(codecModel(spec, generateMockDataSchema(root), models), GENERATED_BANNER),
  );
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = await generate();
  const { written, removed, total } = await writeGenerated(files, OUT_DIR);
  console.log(`sandbox: ${total} generated files in ${OUT_DIR} (${written} written, ${removed} removed)`);
}
