/**
 * One request and its response checked against the spec with the sandbox's own route table and validators
 * (`src/generated/routes.ts`): the route, unknown query parameters (tolerated, so warnings), the query,
 * path and body; the response's status among the documented ones, its required headers (`Retry-After` on
 * a 429), its body against the documented schema (list envelopes included), and a list's cursor order.
 * Each departure names the operation, a JSON pointer, what was expected and what came.
 */
import { escapePointerToken, parseJson } from '@commerce-kit/internal/safe-json';
import { RESOURCES } from '../generated/resources.js';
import { ROUTES } from '../generated/routes.js';
import type { ResponseSpec, RouteSpec } from '../http/route-spec.js';
import type { ValidationError } from '../validation/validator.js';
import type { ContractFinding } from './findings.js';

/** What went through the proxy. */
export interface Exchange {
  readonly method: string;
  /** The path and query, as sent. */
  readonly url: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody: string;
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, string>>;
  readonly responseBody: string;
}

interface CompiledRoute {
  readonly route: RouteSpec;
  readonly pattern: RegExp;
  readonly names: readonly string[];
}

const COMPILED: readonly CompiledRoute[] = (ROUTES as readonly RouteSpec[]).map((route) => {
  const names: string[] = [];
  const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${source}/?$`), names };
});

/** The route of a method and path, with its path parameters. */
export function matchRoute(
  method: string,
  path: string,
): { route: RouteSpec; params: Record<string, string> } | undefined {
  for (const { route, pattern, names } of COMPILED) {
    if (route.method !== method.toUpperCase()) continue;
    const match = pattern.exec(path);
    if (match === null) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1]!);
    });
    return { route, params };
  }
  return undefined;
}

function documented(route: RouteSpec, status: number): ResponseSpec | undefined {
  const exact = String(status);
  return (
    route.responses.find((r) => r.status === exact) ??
    route.responses.find((r) => r.status === `${exact[0]}XX`) ??
    route.responses.find((r) => r.status === 'default')
  );
}

/** The fields the spec names for each resource operation's objects: `id`, `created_time` and the resource's. */
const KNOWN_FIELDS = new Map<string, { readonly list: boolean; readonly fields: ReadonlySet<string> }>();
for (const resource of RESOURCES) {
  const fields = new Set(['id', 'created_time', ...resource.fields.map((f) => f.name)]);
  for (const [kind, operation] of Object.entries(resource.operations))
    if (operation !== undefined && kind !== 'delete')
      KNOWN_FIELDS.set(operation.operationId, { list: kind === 'list', fields });
}

/** Fields of the answered objects that the spec does not name: warnings (the schemas allow them). */
function unknownFieldFindings(
  base: Omit<ContractFinding, 'pointer' | 'expected' | 'actual' | 'message'>,
  operationId: string,
  body: unknown,
): ContractFinding[] {
  const known = KNOWN_FIELDS.get(operationId);
  if (known === undefined || body === null || typeof body !== 'object') return [];
  const items: [string, unknown][] = known.list
    ? Array.isArray((body as { data?: unknown }).data)
      ? ((body as { data: unknown[] }).data.map((item, i) => [`/response/body/data/${i}`, item]) as [string, unknown][])
      : []
    : [['/response/body', body]];
  const findings: ContractFinding[] = [];
  const reported = new Set<string>();
  for (const [where, item] of items) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) continue;
    for (const name of Object.keys(item)) {
      if (known.fields.has(name) || reported.has(name)) continue;
      reported.add(name); // once per field and response, not once per item
      findings.push({
        ...base,
        severity: 'warning',
        pointer: `${where}/${escapePointerToken(name)}`,
        expected: `one of the spec's fields (${[...known.fields].join(', ')})`,
        actual: name,
        message: 'a field the spec does not name (allowed, but not in the types an app is built on)',
      });
    }
  }
  return findings;
}

/** The value at a JSON pointer (undefined when absent). */
function at(value: unknown, pointer: string): unknown {
  let current = value;
  for (const token of pointer.split('/').slice(1)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}

const shown = (value: unknown): string => {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
};

/** What an ajv failure expected. */
function expectation(error: ValidationError): string {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return `a ${String(p['missingProperty'])} field`;
    case 'type':
      return `type ${String(p['type'])}`;
    case 'additionalProperties':
      return `no field ${String(p['additionalProperty'])}`;
    case 'format':
      return `format ${String(p['format'])}`;
    case 'enum':
      return `one of ${shown(p['allowedValues'])}`;
    default:
      return error.message ?? error.keyword;
  }
}

/** ajv failures as findings under `/<root>`, de-duplicated (a `oneOf` reports each branch). */
function schemaFindings(
  base: Omit<ContractFinding, 'pointer' | 'expected' | 'actual' | 'message'>,
  root: string,
  value: unknown,
  errors: readonly ValidationError[] | null | undefined,
): ContractFinding[] {
  const findings = new Map<string, ContractFinding>();
  for (const error of errors ?? []) {
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf' || error.keyword === 'if') continue;
    const missing =
      error.keyword === 'required' ? `/${escapePointerToken(String(error.params['missingProperty']))}` : '';
    const pointer = `/${root}${error.instancePath}${missing}`;
    const key = `${pointer} ${error.keyword}`;
    if (findings.has(key)) continue;
    findings.set(key, {
      ...base,
      pointer,
      expected: expectation(error),
      actual: shown(at(value, `${error.instancePath}${missing}`)),
      message:
        error.keyword === 'required' ? 'a required field is missing' : `does not match the spec (${error.keyword})`,
    });
  }
  return [...findings.values()];
}

function queryOf(url: string): URLSearchParams {
  const start = url.indexOf('?');
  return new URLSearchParams(start < 0 ? '' : url.slice(start + 1));
}

const isJson = (headers: Readonly<Record<string, string>>): boolean =>
  /^application\/([\w.+-]+\+)?json\b/i.test(headers['content-type'] ?? '');

/** A list page's cursor order: ascending `(created_time, id)`, descending with `ending_before`. */
function orderFindings(
  base: Omit<ContractFinding, 'pointer' | 'expected' | 'actual' | 'message'>,
  body: unknown,
  descending: boolean,
): ContractFinding[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  const key = (item: unknown): [string, string] | undefined => {
    const record = item as Record<string, unknown> | null;
    if (record === null || typeof record !== 'object') return undefined;
    if (typeof record['created_time'] !== 'string' || typeof record['id'] !== 'string') return undefined;
    return [record['created_time'], record['id']];
  };
  for (let i = 1; i < data.length; i++) {
    const a = key(data[i - 1]);
    const b = key(data[i]);
    if (a === undefined || b === undefined) continue;
    const ta = Date.parse(a[0]);
    const tb = Date.parse(b[0]);
    const cmp = ta !== tb ? ta - tb : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
    if (descending ? cmp < 0 : cmp > 0)
      return [
        {
          ...base,
          pointer: `/response/body/data/${i}/created_time`,
          expected: `${descending ? 'at or before' : 'at or after'} ${a[0]} (the item before it; ${descending ? 'descending with ending_before' : 'ascending'})`,
          actual: b[0],
          message: 'the list is out of cursor order',
        },
      ];
  }
  return [];
}

/** Every departure of one exchange from the spec. */
export function checkExchange(exchange: Exchange): ContractFinding[] {
  const path = exchange.url.split('?')[0]!;
  const matched = matchRoute(exchange.method, path);
  const common = { method: exchange.method.toUpperCase(), path, status: exchange.status };
  if (matched === undefined)
    return [
      {
        ...common,
        severity: 'error',
        operation: '(unknown route)',
        in: 'route',
        pointer: '',
        expected: 'an operation of the spec',
        actual: `${common.method} ${path}`,
        message: 'no operation of the spec has this method and path',
      },
    ];
  const { route, params } = matched;
  const findings: ContractFinding[] = [];
  const base = (where: string, severity: ContractFinding['severity'] = 'error') => ({
    ...common,
    severity,
    operation: route.operationId,
    in: where,
  });

  // The request.
  const query = queryOf(exchange.url);
  const known: Record<string, unknown> = {};
  for (const name of new Set(query.keys())) {
    if (!route.queryParameters.includes(name)) {
      findings.push({
        ...base('query', 'warning'),
        pointer: `/request/query/${escapePointerToken(name)}`,
        expected: `one of ${route.queryParameters.length === 0 ? 'no parameters' : route.queryParameters.join(', ')}`,
        actual: name,
        message: 'not a query parameter of the operation (tolerated, refused with --strict)',
      });
    } else known[name] = query.get(name);
  }
  if (route.validateQuery && !route.validateQuery(known))
    findings.push(...schemaFindings(base('query'), 'request/query', known, route.validateQuery.errors));
  if (route.validatePath && !route.validatePath(params))
    findings.push(...schemaFindings(base('path'), 'request/path', params, route.validatePath.errors));
  if (route.body && route.body.contentType === 'application/json' && exchange.requestBody !== '') {
    const parsed = parseJson(exchange.requestBody, 'remove');
    if (!parsed.ok)
      findings.push({
        ...base('body'),
        pointer: '/request/body',
        expected: 'a JSON body',
        actual: shown(exchange.requestBody),
        message: parsed.message,
      });
    else if (!route.body.validate(parsed.value))
      findings.push(...schemaFindings(base('body'), 'request/body', parsed.value, route.body.validate.errors));
  }

  // The response.
  const spec = documented(route, exchange.status);
  if (spec === undefined) {
    findings.push({
      ...base('response'),
      pointer: '/response/status',
      expected: `one of ${route.responses.map((r) => r.status).join(', ')}`,
      actual: String(exchange.status),
      message: 'the status is not documented for this operation',
    });
    return findings;
  }
  for (const header of spec.headers) {
    if (exchange.responseHeaders[header] === undefined)
      findings.push({
        ...base('header'),
        pointer: `/response/headers/${header}`,
        expected: `a ${header} header`,
        actual: 'none',
        message: `a ${exchange.status} must carry ${header}`,
      });
  }
  if (spec.contentType === 'application/json') {
    if (!isJson(exchange.responseHeaders) && !(exchange.status >= 300 && exchange.status < 400)) {
      findings.push({
        ...base('response'),
        pointer: '/response/headers/content-type',
        expected: 'application/json',
        actual: exchange.responseHeaders['content-type'] ?? 'none',
        message: 'the response is not JSON',
      });
      return findings;
    }
    const parsed = parseJson(exchange.responseBody, 'remove');
    if (!parsed.ok) {
      findings.push({
        ...base('response'),
        pointer: '/response/body',
        expected: 'a JSON body',
        actual: shown(exchange.responseBody),
        message: parsed.message,
      });
      return findings;
    }
    if (spec.validate && !spec.validate(parsed.value))
      findings.push(...schemaFindings(base('response'), 'response/body', parsed.value, spec.validate.errors));
    if (exchange.status >= 200 && exchange.status < 300)
      findings.push(...unknownFieldFindings(base('response'), route.operationId, parsed.value));
    if (route.queryParameters.includes('starting_after') && exchange.status === 200)
      findings.push(...orderFindings(base('response'), parsed.value, query.has('ending_before')));
  }
  return findings;
}
