// The operations of an OpenAPI document as plain data, `$ref`s resolved: the one place where code
// generators (the api-client's resource methods, the sandbox's route table) read paths, methods,
// parameters, bodies and responses. Nothing downstream keeps a hand-written list of paths.

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const COMPONENTS = '#/components/';

/**
 * @typedef {object} SpecParameter
 * @property {string} name
 * @property {'path' | 'query' | 'header' | 'cookie'} in
 * @property {boolean} required
 * @property {Record<string, unknown>} schema   as written (may hold a `$ref` to a component schema)
 * @property {string | undefined} schemaRef      component schema name when `schema` is exactly a `$ref` to one
 */
/**
 * @typedef {object} SpecResponse
 * @property {string} status                     '200', '201', '204', '4XX', '5XX', 'default'
 * @property {string | undefined} contentType    first media type, e.g. 'application/json'; undefined: no body
 * @property {string[]} otherContentTypes        the media types after the first (e.g. an HTML page beside JSON)
 * @property {Record<string, unknown> | undefined} schema
 * @property {string | undefined} schemaRef
 * @property {string[]} headers                  response header names
 */
/**
 * @typedef {object} SpecOperation
 * @property {string} operationId
 * @property {string} method                     lower case
 * @property {string} path                       e.g. '/customers/{id}'
 * @property {string | undefined} tag            first tag
 * @property {string | undefined} summary
 * @property {SpecParameter[]} parameters        path-level and operation-level, operation wins by (in, name)
 * @property {{ required: boolean, contentType: string, schema: Record<string, unknown>, schemaRef: string | undefined } | undefined} requestBody
 * @property {SpecResponse[]} responses          in the spec's order
 * @property {SpecResponse | undefined} success  the first 2xx response
 * @property {boolean} authenticated             true when every security alternative needs credentials (false for `security: []` or an optional `{}`)
 * @property {string | undefined} unspecified    the operation's `x-unspecified`, if any
 */

function resolve(spec, node) {
  let current = node;
  const seen = new Set();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    if (!current.$ref.startsWith(COMPONENTS)) throw new Error(`unsupported $ref ${current.$ref}`);
    if (seen.has(current.$ref)) throw new Error(`circular $ref ${current.$ref}`);
    seen.add(current.$ref);
    const [kind, name] = current.$ref.slice(COMPONENTS.length).split('/');
    const target = spec.components?.[kind]?.[name];
    if (target === undefined) throw new Error(`${current.$ref} is referenced but not defined`);
    current = target;
  }
  return current;
}

/** Component schema name of `{ $ref: '#/components/schemas/X' }`, else undefined. */
export function schemaRefName(schema) {
  const ref = schema && typeof schema === 'object' ? schema.$ref : undefined;
  return typeof ref === 'string' && ref.startsWith(`${COMPONENTS}schemas/`)
    ? ref.slice(`${COMPONENTS}schemas/`.length)
    : undefined;
}

function parameter(spec, raw) {
  const p = resolve(spec, raw);
  return {
    name: p.name,
    in: p.in,
    required: p.required === true,
    schema: p.schema ?? {},
    schemaRef: schemaRefName(p.schema),
  };
}

function mediaOf(content) {
  const [[contentType, media] = [], ...others] = Object.entries(content ?? {});
  return {
    contentType,
    otherContentTypes: others.map(([type]) => type),
    schema: media?.schema,
    schemaRef: schemaRefName(media?.schema),
  };
}

/**
 * Every operation under `paths` (not `webhooks`), in the spec's order.
 * @param {Record<string, any>} spec a parsed OpenAPI 3.1 document
 * @returns {SpecOperation[]}
 */
export function specOperations(spec) {
  const out = [];
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    const shared = (item.parameters ?? []).map((raw) => parameter(spec, raw));
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      if (typeof op.operationId !== 'string') throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const own = (op.parameters ?? []).map((raw) => parameter(spec, raw));
      const parameters = [...shared.filter((p) => !own.some((o) => o.in === p.in && o.name === p.name)), ...own];
      let requestBody;
      if (op.requestBody) {
        const body = resolve(spec, op.requestBody);
        const media = mediaOf(body.content);
        requestBody = {
          required: body.required === true,
          contentType: media.contentType,
          schema: media.schema ?? {},
          schemaRef: media.schemaRef,
        };
      }
      const responses = Object.entries(op.responses ?? {}).map(([status, raw]) => {
        const response = resolve(spec, raw);
        return { status, ...mediaOf(response.content), headers: Object.keys(response.headers ?? {}) };
      });
      const security = op.security ?? spec.security ?? [];
      out.push({
        operationId: op.operationId,
        method,
        path,
        tag: op.tags?.[0],
        summary: op.summary,
        parameters,
        requestBody,
        responses,
        success: responses.find((r) => /^2\d\d$/.test(r.status)),
        // An empty requirement (`{}`) among the alternatives makes credentials optional (e.g. the token
        // endpoint: client credentials in the body, or HTTP Basic).
        authenticated:
          Array.isArray(security) && security.length > 0 && security.every((s) => Object.keys(s).length > 0),
        unspecified: typeof op['x-unspecified'] === 'string' ? op['x-unspecified'] : undefined,
      });
    }
  }
  const ids = out.map((op) => op.operationId);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) throw new Error(`operationId ${duplicate} is used twice`);
  return out;
}
