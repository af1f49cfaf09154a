// The HTTP requests of the Prism contract test, all read from specs/openapi.yaml: for every operation
// under `paths`, requests built from its examples (expected: its documented success status) and
// requests that break one documented rule each (expected: the documented error status).
import { specOperations, type SpecOperation, type SpecParameter } from '../../../../tools/lib/spec-operations.mjs';
import { resolve, spec } from '../spec-examples.js';
import { invalidParameterValues, type ParameterSchema } from './invalid-parameters.js';

export const operations: SpecOperation[] = specOperations(spec as unknown as Record<string, unknown>);

/** Any bearer token: a mock checks only that one is sent. */
export const BEARER = 'Bearer prism_contract_token';
/** Any client credentials, for `http` `basic` schemes. */
const BASIC = `Basic ${Buffer.from('app_3f9c2b:cs_contract_secret').toString('base64')}`;

export interface RequestCase {
  /** `operationId: what the request is`. */
  title: string;
  operation: SpecOperation;
  method: string;
  /** Path with the query string, e.g. `/customers?limit=25`. */
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The documented status the answer must have. */
  expected: string;
  /** For an invalid body: the component schema the value breaks (checked before it is sent). */
  invalidFor?: { schema: string; value: unknown };
}

interface RawMedia {
  example?: unknown;
  examples?: Record<string, unknown>;
}
interface RawOperation {
  parameters?: unknown[];
  requestBody?: unknown;
  security?: Array<Record<string, unknown>>;
}
interface SecurityScheme {
  type: string;
  scheme?: string;
}
interface RawParameter {
  name: string;
  in: string;
  example?: unknown;
}

const rawOperation = (op: SpecOperation): RawOperation =>
  (spec.paths[op.path] as Record<string, RawOperation>)[op.method]!;

/** Parameter `example`s, by `in:name` (path-level parameters included). */
function parameterExamples(op: SpecOperation): Map<string, unknown> {
  const item = spec.paths[op.path] as { parameters?: unknown[] };
  const out = new Map<string, unknown>();
  for (const raw of [...(item.parameters ?? []), ...(rawOperation(op).parameters ?? [])]) {
    const parameter = resolve<RawParameter>(raw);
    if ('example' in parameter) out.set(`${parameter.in}:${parameter.name}`, parameter.example);
  }
  return out;
}

/** The schema of a parameter, `$ref`s followed. */
export function parameterSchema(parameter: SpecParameter): ParameterSchema {
  return resolve<ParameterSchema>(parameter.schema);
}

/** Named (and unnamed) examples of the operation's request body. */
function bodyExamples(op: SpecOperation): Array<{ name: string; value: unknown }> {
  const raw = rawOperation(op).requestBody;
  if (!raw || !op.requestBody) return [];
  const media = resolve<{ content: Record<string, RawMedia> }>(raw).content[op.requestBody.contentType] ?? {};
  const out: Array<{ name: string; value: unknown }> = [];
  if ('example' in media) out.push({ name: 'example', value: media.example });
  for (const [name, example] of Object.entries(media.examples ?? {}))
    out.push({ name, value: resolve<{ value: unknown }>(example).value });
  return out;
}

/** The body as sent: JSON, or a form for `application/x-www-form-urlencoded`. */
export function encodeBody(contentType: string, value: unknown): string {
  if (contentType === 'application/json') return JSON.stringify(value);
  if (contentType === 'application/x-www-form-urlencoded') {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new Error(`a form body must be an object, got ${JSON.stringify(value)}`);
    const form = new URLSearchParams();
    for (const [key, field] of Object.entries(value)) {
      if (!['string', 'number', 'boolean'].includes(typeof field))
        throw new Error(`form field ${key} is not a scalar: ${JSON.stringify(field)}`);
      form.set(key, String(field));
    }
    return form.toString();
  }
  throw new Error(`no encoder for request bodies of type ${contentType}`);
}

/** What a form decodes back to: every field a string (types do not survive form encoding). */
export function decodeForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

const rawValue = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

interface Base {
  op: SpecOperation;
  pathParams: Record<string, string>;
  query: Record<string, string>;
}

/** Required parameters from their examples; throws when one has none (every request must be buildable). */
function requiredParameters(op: SpecOperation): Base {
  const examples = parameterExamples(op);
  const pathParams: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const parameter of op.parameters) {
    if (!parameter.required) continue;
    const key = `${parameter.in}:${parameter.name}`;
    if (!examples.has(key)) throw new Error(`${op.operationId}: required parameter ${key} has no example`);
    if (parameter.in === 'path') pathParams[parameter.name] = rawValue(examples.get(key));
    else if (parameter.in === 'query') query[parameter.name] = rawValue(examples.get(key));
    else
      throw new Error(
        `${op.operationId}: required ${parameter.in} parameter ${parameter.name} is not supported by this test`,
      );
  }
  return { op, pathParams, query };
}

function urlOf(op: SpecOperation, pathParams: Record<string, string>, query: Record<string, string>): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = pathParams[name];
    if (value === undefined) throw new Error(`${op.operationId}: no value for path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams(query).toString();
  return search === '' ? path : `${path}?${search}`;
}

/**
 * The `Authorization` values that satisfy each alternative of the operation's `security` (`undefined`
 * for `{}`, which makes credentials optional), in the spec's order, without repeats.
 */
export function credentials(op: SpecOperation): Array<string | undefined> {
  const requirements = rawOperation(op).security ??
    (spec as unknown as { security?: Array<Record<string, unknown>> }).security ?? [{}];
  const schemes = (spec.components['securitySchemes'] ?? {}) as Record<string, SecurityScheme>;
  const headerFor = (name: string): string => {
    const scheme = schemes[name];
    if (scheme?.type === 'oauth2' || (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer'))
      return BEARER;
    if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') return BASIC;
    throw new Error(`${op.operationId}: security scheme ${name} is not supported by this test`);
  };
  const out: Array<string | undefined> = [];
  for (const requirement of requirements.length === 0 ? [{}] : requirements) {
    const names = Object.keys(requirement);
    if (names.length > 1)
      throw new Error(`${op.operationId}: a security requirement with several schemes is not supported by this test`);
    const header = names.length === 0 ? undefined : headerFor(names[0]!);
    if (!out.includes(header)) out.push(header);
  }
  return out;
}

/** Whether every request must carry credentials (no `{}` among the security requirements). */
export const requiresCredentials = (op: SpecOperation): boolean => !credentials(op).includes(undefined);

function headersOf(authorization: string | undefined, contentType: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (authorization) headers['authorization'] = authorization;
  if (contentType) headers['content-type'] = contentType;
  return headers;
}

function request(base: Base, title: string, expected: string, overrides: Partial<RequestCase> = {}): RequestCase {
  const body = bodyExamples(base.op)[0];
  const contentType = base.op.requestBody?.contentType;
  return {
    title: `${base.op.operationId}: ${title}`,
    operation: base.op,
    method: base.op.method.toUpperCase(),
    url: urlOf(base.op, base.pathParams, base.query),
    headers: headersOf(credentials(base.op)[0], body && contentType),
    body: body && contentType ? encodeBody(contentType, body.value) : undefined,
    expected,
    ...overrides,
  };
}

function successStatus(op: SpecOperation): string {
  if (!op.success) throw new Error(`${op.operationId} documents no 2xx response`);
  return op.success.status;
}

/**
 * Requests built from the spec's examples: required parameters only, then every parameter that has
 * an example; each request-body example. All must get the operation's documented success status.
 */
export function validRequests(): RequestCase[] {
  const out: RequestCase[] = [];
  for (const op of operations) {
    const required = requiredParameters(op);
    const examples = parameterExamples(op);
    const full: Base = { ...required, query: { ...required.query } };
    for (const parameter of op.parameters) {
      const key = `${parameter.in}:${parameter.name}`;
      if (parameter.in === 'query' && examples.has(key)) full.query[parameter.name] = rawValue(examples.get(key));
    }
    const queries: Array<[string, Base]> = [['required parameters', required]];
    if (Object.keys(full.query).length > Object.keys(required.query).length)
      queries.push(['every parameter example', full]);
    const bodies = bodyExamples(op);
    if (op.requestBody && bodies.length === 0) throw new Error(`${op.operationId}: its request body has no example`);
    for (const [queryTitle, base] of queries) {
      if (!op.requestBody) {
        out.push(request(base, queryTitle, successStatus(op)));
        continue;
      }
      for (const body of bodies) {
        out.push(
          request(base, `${queryTitle}, body example ${body.name}`, successStatus(op), {
            body: encodeBody(op.requestBody.contentType, body.value),
          }),
        );
      }
    }
    // Each other way to authenticate, once.
    for (const authorization of credentials(op).slice(1)) {
      const shown = authorization === undefined ? 'no credentials' : `Authorization: ${authorization.split(' ')[0]}`;
      const withThem = request(required, `required parameters, ${shown}`, successStatus(op));
      delete withThem.headers['authorization'];
      if (authorization) withThem.headers['authorization'] = authorization;
      out.push(withThem);
    }
  }
  return out;
}

/** `x-invalid-examples` of a component schema and of the schemas its `oneOf`/`anyOf` name. */
function invalidBodyValues(schemaName: string): Array<{ summary: string; value: unknown; schema: string }> {
  const schema = spec.components.schemas[schemaName];
  if (!schema) throw new Error(`no component schema ${schemaName}`);
  const members = [...((schema['oneOf'] as unknown[]) ?? []), ...((schema['anyOf'] as unknown[]) ?? [])]
    .map((member) => (member as { $ref?: string }).$ref?.split('/').pop())
    .filter((name): name is string => typeof name === 'string');
  return [schemaName, ...members].flatMap((name) =>
    (spec.components.schemas[name]?.['x-invalid-examples'] ?? []).map((example) => ({
      summary: example.summary,
      value: example.value,
      schema: name,
    })),
  );
}

/**
 * Requests that break one documented rule each:
 * - a body from the spec's `x-invalid-examples` (of the body schema and the schemas of its `oneOf`):
 *   400. The test keeps only values the body schema itself refuses once encoded;
 * - a parameter value outside its schema, or a required parameter left out: 400;
 * - no `Authorization` on an operation whose every security requirement names a scheme: 401;
 * - a body that is not the documented media type, where the operation documents 415.
 */
export function invalidRequests(): RequestCase[] {
  const out: RequestCase[] = [];
  for (const op of operations) {
    const base = requiredParameters(op);
    if (op.requestBody?.schemaRef) {
      const { contentType, schemaRef } = op.requestBody;
      for (const invalid of invalidBodyValues(schemaRef)) {
        let body: string;
        try {
          body = encodeBody(contentType, invalid.value);
        } catch {
          continue; // a value a form cannot carry (an array, a nested object) is not a request anyone can send
        }
        const sent = contentType === 'application/x-www-form-urlencoded' ? decodeForm(body) : invalid.value;
        out.push(
          request(base, `invalid body (${invalid.schema}: ${invalid.summary})`, '400', {
            body,
            invalidFor: { schema: schemaRef, value: sent },
          }),
        );
      }
    }
    for (const parameter of op.parameters) {
      for (const invalid of invalidParameterValues(parameter, parameterSchema(parameter))) {
        const query = { ...base.query };
        const pathParams = { ...base.pathParams };
        const target = parameter.in === 'path' ? pathParams : query;
        if (invalid.value === undefined) delete target[parameter.name];
        else target[parameter.name] = invalid.value;
        const shown = invalid.value === undefined ? 'left out' : `= ${JSON.stringify(invalid.value)}`;
        out.push(
          request(
            { op, pathParams, query },
            `${parameter.in} parameter ${parameter.name} ${shown} (${invalid.keyword})`,
            '400',
          ),
        );
      }
    }
    if (requiresCredentials(op)) {
      const unauthenticated = request(base, 'no Authorization header', '401');
      delete unauthenticated.headers['authorization'];
      out.push(unauthenticated);
    }
    if (op.requestBody && op.responses.some((r) => r.status === '415')) {
      const wrongType = request(base, 'body sent as text/plain', '415');
      wrongType.headers['content-type'] = 'text/plain';
      out.push(wrongType);
    }
  }
  return out;
}
