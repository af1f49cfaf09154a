// specs/openapi.yaml -> packages/api-client/src/generated/resources.ts: the client's resources and their
// methods, from the spec's operations (tag -> resource, operationId -> method), as Octokit generates its
// endpoint methods. Nothing here lists a path: adding an operation to the spec and running
// `npm run generate` is what makes it appear, typed, on the client.
//
// Naming rules (each one fails the generation with a message rather than guessing):
//   resource  the operation's first tag in camelCase:              'Blog posts' -> blogPosts
//   method    the operationId without the tag's noun (plural or singular, wherever it stands):
//             listCustomers -> list, createCustomer -> create, retrieveGiftCardBalance -> retrieveBalance;
//             `delete` becomes `del` (as in stripe-node: the word reads as an operator in JS)
//   kind      a GET with both cursors (`starting_after`, `ending_before`) whose success body has a `data`
//             array is a list: it returns a ListPromise (a page, and an iterator over every page)
//   scope     only operations authorized by the access token (an `oauth2` or HTTP `bearer` security
//             scheme): the OAuth endpoints themselves live in @commerce-kit/api-client/oauth
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseOpenApiSource } from '../lib/openapi-document.mjs';
import { GENERATED_BANNER, REPO_ROOT, writeGenerated } from '../lib/generated-files.mjs';
import { specOperations } from '../lib/spec-operations.mjs';

export const SPEC_PATH = 'specs/openapi.yaml';
export const OUT_DIR = 'packages/api-client/src/generated';
/** Where the generated module imports `operations` from (the types generated from the same spec). */
export const TYPES_MODULE = '@commerce-kit/api-types';

/** Members of the client object a resource name must not shadow. */
const CLIENT_MEMBERS = new Set(['request', 'get', 'post', 'put', 'delete', 'patch', 'toString', 'constructor']);
const CURSORS = ['starting_after', 'ending_before'];
const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await'.split(
    ' ',
  ),
);

/** A spec problem the generator will not guess around. */
export class ResourceNamingError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ResourceNamingError';
  }
}

/** A parsed OpenAPI document, its x-derive request schemas written out (tools/lib/openapi-document.mjs). */
export async function loadSpec(file = SPEC_PATH) {
  return parseOpenApiSource(await readFile(path.resolve(REPO_ROOT, file), 'utf8'), file);
}

/** 'Blog posts' -> ['Blog', 'posts']; 'retrieveGiftCardBalance' -> ['retrieve', 'Gift', 'Card', 'Balance']. */
function words(text) {
  return String(text)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
}

const capitalize = (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

function camelCase(parts) {
  return parts.map((word, i) => (i === 0 ? word.toLowerCase() : capitalize(word))).join('');
}

function singular(word) {
  if (/ies$/i.test(word)) return word.replace(/ies$/i, (m) => (m === 'IES' ? 'Y' : 'y'));
  if (/(s|x|z|ch|sh)es$/i.test(word)) return word.slice(0, -2);
  if (/[^s]s$/i.test(word)) return word.slice(0, -1);
  return word;
}

/** The operationId without the tag's noun, camelCase; `delete` -> `del`. */
export function methodName(operationId, tag) {
  const op = words(operationId);
  const noun = words(tag);
  const forms = [noun, [...noun.slice(0, -1), singular(noun.at(-1) ?? '')]];
  let rest = op;
  for (const form of forms) {
    const lower = form.map((w) => w.toLowerCase());
    const at = op.findIndex((_, i) => lower.every((w, j) => op[i + j]?.toLowerCase() === w));
    // Never strip the leading verb (an operationId that is only the noun keeps its name).
    if (at > 0) {
      rest = [...op.slice(0, at), ...op.slice(at + form.length)];
      break;
    }
  }
  const name = camelCase(rest);
  return name === 'delete' ? 'del' : name;
}

/** The resource property name of a tag: camelCase. */
export function resourceName(tag) {
  return camelCase(words(tag));
}

function identifier(name) {
  let id = /^[A-Za-z_$][\w$]*$/.test(name) ? name : camelCase(words(name));
  if (id === '' || /^\d/.test(id)) id = `param${capitalize(id)}`;
  return RESERVED.has(id) ? `${id}Param` : id;
}

function resolveSchema(spec, schema) {
  let current = schema;
  for (let i = 0; i < 32 && current && typeof current.$ref === 'string'; i++) {
    const [, , kind, name] = current.$ref.split('/');
    current = spec.components?.[kind]?.[name];
  }
  return current ?? {};
}

function securitySchemesOf(spec, raw) {
  const requirements = raw.security ?? spec.security ?? [];
  return requirements
    .flatMap((requirement) => Object.keys(requirement ?? {}))
    .map((name) => spec.components?.securitySchemes?.[name] ?? {});
}

/** Authorized by the access token: an oauth2 or HTTP bearer scheme among its security requirements. */
function usesAccessToken(spec, raw) {
  return securitySchemesOf(spec, raw).some(
    (scheme) =>
      scheme.type === 'oauth2' || (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer'),
  );
}

function isList(spec, op) {
  if (op.method !== 'get') return false;
  const query = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  if (!CURSORS.every((cursor) => query.includes(cursor))) return false;
  const body = resolveSchema(spec, op.success?.schema);
  return resolveSchema(spec, body.properties?.data).type === 'array';
}

/** Numeric bounds of query parameters (`limit: minimum 1, maximum 100`), checked before a request is sent. */
function queryBounds(spec, op) {
  const bounds = {};
  for (const param of op.parameters.filter((p) => p.in === 'query')) {
    const schema = resolveSchema(spec, param.schema);
    if (schema.type !== 'integer' && schema.type !== 'number') continue;
    const bound = { integer: schema.type === 'integer' };
    if (typeof schema.minimum === 'number') bound.min = schema.minimum;
    if (typeof schema.maximum === 'number') bound.max = schema.maximum;
    bounds[param.name] = bound;
  }
  return bounds;
}

/**
 * The resources of a spec: every operation authorized by the access token, grouped by its first tag.
 * @param {Record<string, any>} spec a parsed OpenAPI 3.1 document
 */
export function resourceModel(spec) {
  const resources = new Map();
  const tagDescriptions = new Map((spec.tags ?? []).map((tag) => [tag.name, tag.description]));
  for (const op of specOperations(spec)) {
    const raw = spec.paths[op.path][op.method];
    if (!usesAccessToken(spec, raw)) continue;
    const where = `${op.method.toUpperCase()} ${op.path} (${op.operationId})`;
    if (op.tag === undefined)
      throw new ResourceNamingError(`${where} has no tag: the client groups methods by their operation's first tag`);
    const resource = resourceName(op.tag);
    if (resource === '' || CLIENT_MEMBERS.has(resource)) {
      throw new ResourceNamingError(
        `${where}: tag "${op.tag}" gives the resource name "${resource}", which ${resource === '' ? 'is empty' : `would shadow client.${resource}`}`,
      );
    }
    const name = methodName(op.operationId, op.tag);
    if (name === '' || !/^[A-Za-z_$][\w$]*$/.test(name))
      throw new ResourceNamingError(`${where}: operationId gives no usable method name ("${name}")`);
    const entry = resources.get(resource) ?? {
      name: resource,
      tag: op.tag,
      description: tagDescriptions.get(op.tag),
      methods: [],
    };
    const clash = entry.methods.find((m) => m.name === name);
    if (clash) {
      throw new ResourceNamingError(
        `${where} and ${clash.verb} ${clash.path} (${clash.operationId}) both give ${resource}.${name}: rename one operationId`,
      );
    }
    if (entry.tag !== op.tag) {
      throw new ResourceNamingError(
        `${where}: tags "${entry.tag}" and "${op.tag}" both give the resource name ${resource}`,
      );
    }
    const pathParams = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const declared = new Set(op.parameters.filter((p) => p.in === 'path').map((p) => p.name));
    const undeclared = pathParams.find((p) => !declared.has(p));
    if (undeclared !== undefined)
      throw new ResourceNamingError(`${where}: path parameter {${undeclared}} is not declared`);
    const query = op.parameters.filter((p) => p.in === 'query');
    entry.methods.push({
      name,
      operationId: op.operationId,
      verb: op.method.toUpperCase(),
      path: op.path,
      summary: op.summary,
      pathParams: pathParams.map((p) => ({ name: p, identifier: identifier(p) })),
      body: op.requestBody === undefined ? 'none' : op.requestBody.required ? 'required' : 'optional',
      query: query.length === 0 ? 'none' : query.some((p) => p.required) ? 'required' : 'optional',
      list: isList(spec, op),
      bounds: queryBounds(spec, op),
      successStatus: op.success?.status,
    });
    resources.set(resource, entry);
  }
  return [...resources.values()];
}

const quote = (text) => `'${String(text).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
// Published TSDoc speaks to npm users about the platform's API documentation.
const doc = (text) =>
  String(text)
    .replace(/\*\//g, '*\\/')
    .replace(/\s+/g, ' ')
    .replace(/\bthe platform document\b/g, "the platform's API documentation")
    .trim();

function methodDoc(method) {
  const summary = method.summary ? `${doc(method.summary).replace(/\.$/, '')}. ` : '';
  const result = method.list
    ? 'Resolves with the first page and iterates over every object of every page.'
    : method.successStatus === '204'
      ? 'Resolves with `undefined` (204 No Content).'
      : method.successStatus === '201'
        ? 'Resolves with the record as stored (201 Created).'
        : `Resolves with the ${method.successStatus ?? ''} response body.`.replace('  ', ' ');
  return `/** ${summary}\`${method.verb} ${method.path}\` (\`${method.operationId}\`). ${result} */`;
}

function signature(method) {
  const op = `Op<${quote(method.operationId)}>`;
  if (method.list)
    return `list(params?: OperationListParams<${op}>, options?: CallOptions): ListPromise<OperationListItem<${op}>, OperationResult<${op}>>;`;
  const args = method.pathParams.map((p) => `${p.identifier}: OperationPathParam<${op}, ${quote(p.name)}>`);
  if (method.body !== 'none') args.push(`body${method.body === 'optional' ? '?' : ''}: OperationBody<${op}>`);
  if (method.query !== 'none') args.push(`query${method.query === 'optional' ? '?' : ''}: OperationQuery<${op}>`);
  args.push('options?: CallOptions');
  return `${method.name}(${args.join(', ')}): Promise<OperationResult<${op}>>;`;
}

function runtimeEntry(method) {
  const fields = [
    `method: ${quote(method.verb)}`,
    `path: ${quote(method.path)}`,
    `pathParams: [${method.pathParams.map((p) => quote(p.name)).join(', ')}]`,
    `body: ${quote(method.body)}`,
    `query: ${quote(method.query)}`,
    `list: ${method.list}`,
  ];
  const bounds = Object.entries(method.bounds).map(([name, b]) => {
    const parts = [`integer: ${b.integer}`];
    if (b.min !== undefined) parts.push(`min: ${b.min}`);
    if (b.max !== undefined) parts.push(`max: ${b.max}`);
    return `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name)}: { ${parts.join(', ')} }`;
  });
  fields.push(bounds.length === 0 ? 'bounds: {}' : `bounds: { ${bounds.join(', ')} }`);
  return `${method.name}: { ${fields.join(', ')} },`;
}

/**
 * The TypeScript module of the resources of `spec`.
 * @param {Record<string, any>} spec
 * @param {{ typesModule?: string, source?: string }} [options]
 */
export function resourcesModule(spec, { typesModule = TYPES_MODULE, source = SPEC_PATH } = {}) {
  const resources = resourceModel(spec);
  const out = [];
  out.push(`// ${GENERATED_BANNER}`);
  out.push(`// Source: ${source} (tools/api-client/generate.mjs): one resource per tag, one method per operation.`);
  out.push(`import type { operations } from ${quote(typesModule)};`);
  out.push("import type { CallOptions } from '../call-options.js';");
  out.push("import type { ListPromise } from '../pagination.js';");
  out.push(
    "import type { OperationBody, OperationListItem, OperationListParams, OperationPathParam, OperationQuery, OperationResult } from '../resource-types.js';",
  );
  out.push("import type { ResourceTable } from '../resource-table.js';");
  out.push('');
  out.push('type Op<K extends keyof operations> = operations[K];');
  out.push('');
  out.push('/** The resources of the API and their methods (`client.customers.list()`, ...). */');
  out.push('export interface Resources {');
  for (const resource of resources) {
    out.push(`  /** ${resource.description ? doc(resource.description) : resource.tag} */`);
    out.push(`  readonly ${resource.name}: {`);
    for (const method of resource.methods) {
      out.push(`    ${methodDoc(method)}`);
      out.push(`    ${signature(method)}`);
    }
    out.push('  };');
  }
  out.push('}');
  out.push('');
  out.push('/** What each method sends: read by the client at run time. */');
  out.push('export const RESOURCES: ResourceTable = {');
  for (const resource of resources) {
    out.push(`  ${resource.name}: {`);
    for (const method of resource.methods) out.push(`    ${runtimeEntry(method)}`);
    out.push('  },');
  }
  out.push('};');
  return `${out.join('\n')}\n`;
}

/** @returns {Promise<Map<string, string>>} repo-relative path -> contents */
/** @param {{ root?: string }} [options] root: the repository whose specs/ to read (a copy, in a test) */
export async function generate({ root = REPO_ROOT } = {}) {
  const spec = await loadSpec(path.join(root, SPEC_PATH));
  return new Map([[`${OUT_DIR}/resources.ts`, resourcesModule(spec)]]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = await generate();
  const { written, removed, total } = await writeGenerated(files, OUT_DIR);
  console.log(`api-client: ${total} generated files in ${OUT_DIR} (${written} written, ${removed} removed)`);
}
