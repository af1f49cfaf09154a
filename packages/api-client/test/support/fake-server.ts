/**
 * A loopback HTTP server that follows the platform's API documentation, for tests.
 *
 * - Lists (`/customers`, `/charges`, ...): objects generated lazily from their index
 *   (so 100,000 customers cost nothing until a page is served), ascending by
 *   creation for `starting_after` and no cursor, descending for `ending_before`,
 *   `ending_before` wins when both are given, `limit` 1..100 else a 400 error body.
 * - `Authorization: Bearer` checked on every API call: 401 on a bad token.
 * - Customer operations as the spec has them: `POST /customers` (201), `GET`, `PUT` (201)
 *   and `DELETE` (204) under `/customers/{id}`.
 * - `POST /oauth/connect/token`: both client auth variants (Basic and body), both
 *   grants, both documented token response variants, RFC 6749 error bodies.
 * - Scripted answers (`enqueue`): 429 with Retry-After, 5xx, malformed bodies, hangs.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One recorded request. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** A scripted answer, used once by the next request it matches. */
export interface ScriptedAnswer {
  /** Which requests it applies to; default: any API request (not the token endpoint). */
  readonly match?: (req: RecordedRequest) => boolean;
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Body text sent as is. */
  readonly body?: string;
  /** Never answer (the client must time out or abort). */
  readonly hang?: boolean;
  /** Destroy the socket without answering (a network error for the client). */
  readonly destroy?: boolean;
}

/** The two documented token response variants. */
export type TokenVariant = 'id_token' | 'scope';

/** Options of {@link startFakeServer}. */
export interface FakeServerOptions {
  /** Number of customers; default 250. */
  readonly customers?: number;
  /** Number of objects of each other resource; default 30. */
  readonly others?: number;
  /** Page size when `limit` is omitted (not shown in the document); default 10. */
  readonly defaultLimit?: number;
  /** Access tokens accepted from the start; default `['test_token']`. */
  readonly tokens?: readonly string[];
  /** Registered OAuth client; default `client_1` / `secret_1`. */
  readonly clientId?: string;
  readonly clientSecret?: string;
  /** Token response variant; default `id_token`. */
  readonly tokenVariant?: TokenVariant;
  /**
   * Enforce a rate limit on API calls: a sliding window per access token (`per: 'token'`, default) or
   * over all tokens (`per: 'account'`), timed by `now` (default `Date.now`: pass a test clock's).
   */
  readonly rateLimit?: {
    readonly requests: number;
    readonly windowMs: number;
    readonly per?: 'token' | 'account';
    readonly now?: () => number;
  };
  /** Skip request recording (benchmarks). */
  readonly record?: boolean;
}

/** A running fake server. */
export interface FakeServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  readonly validTokens: Set<string>;
  /** Answers scripted for upcoming requests, in order. */
  readonly script: ScriptedAnswer[];
  /** 429 answers sent by the rate limit so far. */
  readonly throttled: () => number;
  tokenVariant: TokenVariant;
  /** Registers an authorization code for a redirect URI. */
  issueCode(code: string, redirectUri: string): void;
  /** Makes a refresh token valid. */
  issueRefreshToken(token: string): void;
  /** Requests to the given path so far. */
  count(path: string): number;
  close(): Promise<void>;
}

const PREFIXES: Readonly<Record<string, string>> = {
  '/customers': 'cus_',
  '/charges': 'ch_',
  '/orders': 'ord_',
  '/products': 'prod_',
  '/categories': 'cat_',
  '/blog_posts': 'post_',
  '/discounts': 'disc_',
};
const EPOCH = Date.UTC(2026, 0, 1);

/** The id of the object at 1-based `index` of a list. */
export function objectId(prefix: string, index: number): string {
  return `${prefix}${String(index).padStart(8, '0')}`;
}

function indexOf(prefix: string, id: string): number | undefined {
  if (!id.startsWith(prefix)) return undefined;
  const digits = id.slice(prefix.length);
  return /^\d{8}$/.test(digits) ? Number(digits) : undefined;
}

function customerAt(index: number): Record<string, unknown> {
  return {
    id: objectId('cus_', index),
    created_time: new Date(EPOCH + index * 1000 + 123).toISOString(),
    first_name: `First${index}`,
    last_name: `Last${index}`,
    email: `customer${index}@example.com`,
    company: index % 3 === 0 ? `Company ${index}` : null,
    delivery_address: null,
    billing_address: null,
  };
}

function genericAt(prefix: string, index: number): Record<string, unknown> {
  return { id: objectId(prefix, index), created_time: new Date(EPOCH + index * 1000 + 123).toISOString() };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${Math.random().toString(36).slice(2, 10)}`,
    ...headers,
  });
  res.end(text);
}

function invalid(res: ServerResponse, field: string, message: string): void {
  send(res, 400, { type: 'invalid_request_error', errors: { [field]: [message] } });
}

/** Starts the server on 127.0.0.1 and a free port. */
export async function startFakeServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  const counts: Record<string, number> = { '/customers': options.customers ?? 250 };
  const others = options.others ?? 30;
  const defaultLimit = options.defaultLimit ?? 10;
  const clientId = options.clientId ?? 'client_1';
  const clientSecret = options.clientSecret ?? 'secret_1';
  const record = options.record ?? true;
  const validTokens = new Set(options.tokens ?? ['test_token']);
  const codes = new Map<string, string>();
  const refreshTokens = new Set<string>();
  const deleted = new Set<string>();
  /** Customers as created or updated (the others are generated from their index). */
  const stored = new Map<string, Record<string, unknown>>();
  const requests: RecordedRequest[] = [];
  const script: ScriptedAnswer[] = [];
  const perPath = new Map<string, number>();
  let issued = 0;
  const served = new Map<string, number[]>();
  let throttled = 0;

  const state = {
    tokenVariant: options.tokenVariant ?? ('id_token' as TokenVariant),
  };

  function list(res: ServerResponse, path: string, query: URLSearchParams): void {
    const prefix = PREFIXES[path] ?? '';
    const total = counts[path] ?? others;
    const rawLimit = query.get('limit');
    let limit = defaultLimit;
    if (rawLimit !== null) {
      if (!/^\d+$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > 100) {
        invalid(res, 'limit', 'must be an integer between 1 and 100');
        return;
      }
      limit = Number(rawLimit);
    }
    const endingBefore = query.get('ending_before');
    const startingAfter = query.get('starting_after');
    const at = (i: number): Record<string, unknown> => (path === '/customers' ? customerAt(i) : genericAt(prefix, i));
    const data: Record<string, unknown>[] = [];
    let hasMore: boolean;
    if (endingBefore !== null) {
      // ending_before wins over starting_after; objects created before it, newest first.
      const index = indexOf(prefix, endingBefore);
      if (index === undefined || index > total) {
        invalid(res, 'ending_before', 'no such object');
        return;
      }
      for (let i = index - 1; i >= 1 && data.length < limit; i--) data.push(at(i));
      const lastIndex = index - data.length;
      hasMore = lastIndex > 1;
    } else {
      let from = 1;
      if (startingAfter !== null) {
        const index = indexOf(prefix, startingAfter);
        if (index === undefined || index > total) {
          invalid(res, 'starting_after', 'no such object');
          return;
        }
        from = index + 1;
      }
      for (let i = from; i <= total && data.length < limit; i++) data.push(at(i));
      hasMore = from + data.length - 1 < total;
    }
    send(res, 200, { limit, has_more: hasMore, data });
  }

  function customerRoute(res: ServerResponse, method: string, id: string, body: string): void {
    const index = indexOf('cus_', id);
    if (index === undefined || index > (counts['/customers'] ?? 0) || deleted.has(id)) {
      send(res, 404, { type: 'not_found_error' });
      return;
    }
    const current = stored.get(id) ?? customerAt(index);
    if (method === 'GET') send(res, 200, current);
    else if (method === 'PUT') {
      const next = { ...current, ...(JSON.parse(body || '{}') as object) };
      stored.set(id, next);
      send(res, 201, next);
    } else if (method === 'DELETE') {
      deleted.add(id);
      res.writeHead(204).end();
    } else send(res, 404, { type: 'not_found_error' });
  }

  function createCustomer(res: ServerResponse, body: string): void {
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body) as Record<string, unknown>;
    } catch {
      invalid(res, 'body', 'must be a JSON object');
      return;
    }
    if (typeof input['email'] !== 'string' || !input['email'].includes('@')) {
      invalid(res, 'email', 'is not a valid email address');
      return;
    }
    for (const field of ['first_name', 'last_name']) {
      if (typeof input[field] !== 'string') {
        invalid(res, field, 'is required');
        return;
      }
    }
    const index = (counts['/customers'] ?? 0) + 1;
    counts['/customers'] = index;
    const record: Record<string, unknown> = {
      ...customerAt(index),
      company: null,
      delivery_address: null,
      billing_address: null,
      ...input,
    };
    stored.set(String(record['id']), record);
    send(res, 201, record);
  }

  function token(req: RecordedRequest, res: ServerResponse): void {
    const form = new URLSearchParams(req.body);
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    const authorization = req.headers.authorization;
    if (authorization?.startsWith('Basic ')) {
      const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      const decode = (s: string): string => decodeURIComponent(s.replace(/\+/g, ' '));
      id = decode(decoded.slice(0, colon));
      secret = decode(decoded.slice(colon + 1));
      if (form.has('client_secret')) {
        send(res, 400, { error: 'invalid_request', error_description: 'two client authentication methods' });
        return;
      }
    }
    if (id !== clientId || secret !== clientSecret) {
      send(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      return;
    }
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      const redirect = codes.get(code);
      if (redirect === undefined || redirect !== form.get('redirect_uri')) {
        send(res, 400, { error: 'invalid_grant', error_description: 'The authorization code is invalid or expired' });
        return;
      }
      codes.delete(code);
    } else if (grant === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      if (!refreshTokens.has(refresh)) {
        send(res, 400, { error: 'invalid_grant', error_description: 'The refresh token is invalid' });
        return;
      }
      refreshTokens.delete(refresh);
    } else {
      send(res, 400, { error: 'unsupported_grant_type' });
      return;
    }
    issued++;
    const accessToken = `at_${issued}_${Math.random().toString(36).slice(2)}`;
    const refreshToken = `rt_${issued}_${Math.random().toString(36).slice(2)}`;
    validTokens.add(accessToken);
    refreshTokens.add(refreshToken);
    const body =
      state.tokenVariant === 'id_token'
        ? {
            access_token: accessToken,
            token_type: 'Bearer',
            expires_in: 7776000,
            refresh_token: refreshToken,
            id_token: `idt_${issued}`,
          }
        : {
            access_token: accessToken,
            token_type: 'bearer',
            expires_in: 43199,
            refresh_token: refreshToken,
            scope: 'api_all',
          };
    send(res, 200, body, { 'cache-control': 'no-store' });
  }

  function route(req: RecordedRequest, res: ServerResponse): void {
    if (req.path === '/oauth/connect/token' && req.method === 'POST') {
      token(req, res);
      return;
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (bearer === null || !validTokens.has(bearer[1] ?? '')) {
      send(res, 401, { type: 'authentication_error' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
      return;
    }
    if (options.rateLimit !== undefined) {
      const { requests: max, windowMs, per = 'token', now: clockNow = Date.now } = options.rateLimit;
      const now = clockNow();
      const key = per === 'token' ? (bearer[1] ?? '') : 'account';
      const starts = served.get(key) ?? [];
      served.set(key, starts);
      while (starts.length > 0 && (starts[0] ?? 0) <= now - windowMs) starts.shift();
      if (starts.length >= max) {
        throttled++;
        const wait = Math.ceil(((starts[0] ?? now) + windowMs - now) / 1000);
        send(res, 429, { type: 'rate_limit_error' }, { 'retry-after': String(Math.max(1, wait)) });
        return;
      }
      starts.push(now);
    }
    if (req.method === 'GET' && PREFIXES[req.path] !== undefined) {
      list(res, req.path, req.query);
      return;
    }
    if (req.path === '/customers' && req.method === 'POST') {
      createCustomer(res, req.body);
      return;
    }
    const match = /^\/customers\/([^/]+)$/.exec(req.path);
    if (match !== null) {
      customerRoute(res, req.method, decodeURIComponent(match[1] ?? ''), req.body);
      return;
    }
    send(res, 404, { type: 'not_found_error' });
  }

  const server: Server = createServer((incoming, res) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const req: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      if (record) requests.push(req);
      perPath.set(req.path, (perPath.get(req.path) ?? 0) + 1);
      const scripted = script.findIndex((s) => (s.match ?? ((r) => r.path !== '/oauth/connect/token'))(req));
      if (scripted !== -1) {
        const answer = script.splice(scripted, 1)[0] ?? {};
        if (answer.hang === true) return;
        if (answer.destroy === true) {
          incoming.socket.destroy();
          return;
        }
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
        res.end(answer.body ?? '');
        return;
      }
      route(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    validTokens,
    script,
    throttled: () => throttled,
    get tokenVariant() {
      return state.tokenVariant;
    },
    set tokenVariant(v: TokenVariant) {
      state.tokenVariant = v;
    },
    issueCode: (code, redirectUri) => void codes.set(code, redirectUri),
    issueRefreshToken: (t) => void refreshTokens.add(t),
    count: (path) => perPath.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
