// specs/openapi.yaml -> packages/sandbox/src/generated/:
//   routes.ts          the route table: one entry per operation (operationId, method, path, security,
//                      parameters, body, responses), each holding its precompiled validators; bodies
//                      and responses use @commerce-kit/api-types/validators (the same component schemas)
//   parameters.js/.d.ts  query and path parameters per operation (ajv standalone with type coercion:
//                      query strings become the integers the spec declares)
// The sandbox never keeps a hand-written list of paths: adding an operation to the spec adds a route
// here, and the type of the handler table then demands a handler for it.
import { pathToFileURL } from 'node:url';
import { createAjv, loadSpec, SPEC_PATH } from '../api-types/generate.mjs';
import { GENERATED_BANNER, writeGenerated } from '../lib/generated-files.mjs';
import { specOperations } from '../lib/spec-operations.mjs';
import { bundleStandaloneValidators } from '../lib/standalone.mjs';

export const OUT_DIR = 'packages/sandbox/src/generated';
const COMPONENT_SCHEMA = '#/components/schemas/';
/** Bodies and responses are component schemas; api-types publishes a precompiled validator for each. */
const SCHEMA_VALIDATORS_MODULE = '@commerce-kit/api-types/validators';

/** `{ $ref: '#/components/schemas/X' }` replaced by X itself, recursively (parameter schemas are small and acyclic). */
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
    if (key === 'x-invalid-examples') continue;
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
const pascalWords = (name) => name.split(/[^A-Za-z0-9]+/).filter(Boolean).map(pascal).join('');
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
        name = uniqueName(`validate${params.map((p) => pascalWords(p.name)).join('')}${capitalLocation[location]}`, new Set(schemas.keys()));
        byDefinition.set(key, name);
        schemas.set(name, { $id: `urn:commerce-kit:sandbox:parameters:${name}`, ...definition });
      }
      byOperation.set(`${op.operationId}:${location}`, name);
    }
  }
  return { schemas, validatorOf: (operationId, location) => byOperation.get(`${operationId}:${location}`) };
}

/**
 * The documented responses as named constants, each distinct one written once (`response429ErrorBody`
 * is the same object in every operation), and the names each operation lists.
 */
function responseConstants(operations) {
  const byText = new Map();
  const names = new Set();
  const listOf = new Map();
  for (const op of operations) {
    listOf.set(
      op.operationId,
      op.responses.map((r) => {
        const parts = [`status: ${JSON.stringify(r.status)}`];
        if (r.contentType) parts.push(`contentType: ${JSON.stringify(r.contentType)}`);
        if (r.schemaRef && r.contentType === 'application/json') parts.push(`validate: ${schemaValidatorName(r.schemaRef)}`);
        if (r.otherContentTypes.length > 0) parts.push(`otherContentTypes: ${JSON.stringify(r.otherContentTypes)}`);
        parts.push(`headers: ${JSON.stringify(r.headers.map((h) => h.toLowerCase()))}`);
        const text = `{ ${parts.join(', ')} }`;
        let name = byText.get(text);
        if (name === undefined) {
          name = uniqueName(`response${r.status}${r.contentType ? (r.schemaRef ?? pascalWords(r.contentType)) : 'NoBody'}`, names);
          byText.set(text, name);
        }
        return name;
      }),
    );
  }
  const declarations = [...byText].map(([text, name]) => `const ${name} = ${text} as const satisfies ResponseSpec;`);
  return { declarations, listOf: (operationId) => listOf.get(operationId) ?? [] };
}

function usedSchemaNames(operations) {
  const names = new Set();
  for (const op of operations) {
    if (op.requestBody) {
      if (!op.requestBody.schemaRef) throw new Error(`${op.operationId}: the request body must be a component schema $ref`);
      names.add(op.requestBody.schemaRef);
    }
    for (const response of op.responses) {
      if (response.contentType === 'application/json') {
        if (!response.schemaRef) throw new Error(`${op.operationId} ${response.status}: a JSON response must be a component schema $ref`);
        names.add(response.schemaRef);
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
  const responses = responseConstants(operations);
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

/** @returns {Promise<Map<string, string>>} repo-relative path -> contents */
export async function generate() {
  const spec = await loadSpec();
  const operations = specOperations(spec);
  const schemaNames = usedSchemaNames(operations);

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
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = await generate();
  const { written, removed, total } = await writeGenerated(files, OUT_DIR);
  console.log(`sandbox: ${total} generated files in ${OUT_DIR} (${written} written, ${removed} removed)`);
}
