import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  ApiClientConfigurationError,
  ApiError,
  AuthenticationError,
  InvalidRequestError,
  NotFoundError,
  ServerError,
  createClient,
} from '../src/index.js';
import { TOKEN, clientOf, useFakeServer } from './support/servers.js';

const server = useFakeServer();
const client = (extra: Parameters<typeof clientOf>[1] = {}) => clientOf(server(), extra);
const ADA = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

describe('requests', () => {
  it('sends Bearer auth, Accept: application/json and a User-Agent on every request', async () => {
    const page = await client().get('/customers', { query: { limit: 2 } });
    expect(page.data).toHaveLength(2);
    const req = server().requests[0];
    expect(req?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req?.headers.accept).toBe('application/json');
    expect(req?.headers['user-agent']).toBe('commerce-kit-api-client');
    expect(req?.query.get('limit')).toBe('2');
  });

  it("extra headers as a record, a Headers or pairs; Authorization and Accept stay the client's", async () => {
    for (const headers of [
      { 'X-Trace': 'a', Authorization: 'Bearer stolen', Accept: 'text/html' },
      new Headers({ 'X-Trace': 'a', Authorization: 'Bearer stolen' }),
      [['X-Trace', 'a'] as const, ['Accept', 'text/html'] as const],
    ]) {
      server().requests.length = 0;
      await client().customers.list({ limit: 1 }, { headers });
      const req = server().requests[0];
      expect(req?.headers['x-trace']).toBe('a');
      expect(req?.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(req?.headers.accept).toBe('application/json');
    }
  });

  it('keeps a base URL path prefix', async () => {
    const requests: string[] = [];
    const c = createClient({
      baseUrl: 'https://api.example.com/v1/',
      accessToken: 't',
      rateLimit: false,
      fetch: async (input) => {
        requests.push(input);
        return new Response('{"limit":1,"has_more":false,"data":[]}', { status: 200 });
      },
    });
    await c.customers.list({ limit: 1 });
    expect(requests).toEqual(['https://api.example.com/v1/customers?limit=1']);
  });

  it('the path-based call reaches every operation: POST, PUT with encoded path params, GET, DELETE', async () => {
    const c = client();
    const created = await c.post('/customers', { body: ADA });
    expect(created.email).toBe('ada@example.com');
    expect(server().requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server().requests[0]?.body ?? '')).toEqual(ADA);
    const updated = await c.put('/customers/{id}', { path: { id: 'cus_00000005' }, body: { company: 'ACME' } });
    expect(updated).toMatchObject({ id: 'cus_00000005', company: 'ACME' });
    expect((await c.get('/customers/{id}', { path: { id: 'cus_00000005' } })).id).toBe('cus_00000005');
    expect(await c.delete('/customers/{id}', { path: { id: 'cus_00000005' } })).toBeUndefined();
    await expect(c.get('/customers/{id}', { path: { id: 'cus_00000005' } })).rejects.toBeInstanceOf(NotFoundError);
    await c.get('/customers/{id}', { path: { id: 'a/b?c' } }).catch(() => undefined);
    expect(server().requests.at(-1)?.path).toBe('/customers/a%2Fb%3Fc');
  });

  it('request(method, path) is the same call, with lower- or upper-case methods', async () => {
    const page = await client().request('get', '/charges', { query: { limit: 3 } });
    expect(page.data.map((c) => c.id)).toEqual(['ch_00000001', 'ch_00000002', 'ch_00000003']);
    const again = await client().request('GET', '/charges', { query: { limit: 2 } });
    expect(again.data).toHaveLength(2);
    const created = await client().request('POST', '/customers', { body: { ...ADA, email: 'up@case.io' } });
    expect(created.email).toBe('up@case.io');
  });

  it('refuses dot-segment or missing path params and bad headers without sending anything', async () => {
    const c = client();
    for (const pending of [
      c.customers.retrieve('..'),
      c.customers.retrieve(''),
      c.get('/customers/{id}', { path: { id: '.' } }),
      c.get('/customers', { headers: { 'X-Bad': 'a\nb' } }),
    ]) {
      const error = await pending.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect((error as InvalidRequestError).status).toBe(0);
      expect((error as InvalidRequestError).message).toMatch(/^Refused before sending: (id|headers) /);
    }
    expect(server().requests).toHaveLength(0);
  });

  it('never shows the token in util.inspect or toString of the client', () => {
    const c = createClient({ baseUrl: server().url, accessToken: 'sk_live_very_secret' });
    expect(inspect(c, { depth: 10, showHidden: true })).not.toContain('very_secret');
    expect(String(c)).not.toContain('very_secret');
    expect(String(c)).toBe(`CommerceClient { baseUrl: "${server().url}/" }`);
  });
});

describe('resource methods generated from the spec', () => {
  it('customers: create (201) -> retrieve -> update (201) -> del (204) -> 404', async () => {
    const c = client();
    const created = await c.customers.create(ADA);
    expect(created).toMatchObject(ADA);
    expect(created.id).toMatch(/^cus_/);
    expect(server().requests.at(-1)).toMatchObject({ method: 'POST', path: '/customers' });
    const got = await c.customers.retrieve(created.id);
    expect(got.email).toBe('ada@example.com');
    const updated = await c.customers.update(created.id, { company: 'Analytical Engines' });
    expect(updated.company).toBe('Analytical Engines');
    expect(server().requests.at(-1)).toMatchObject({ method: 'PUT', path: `/customers/${created.id}` });
    expect(JSON.parse(server().requests.at(-1)?.body ?? '')).toEqual({ company: 'Analytical Engines' });
    await expect(c.customers.del(created.id)).resolves.toBeUndefined();
    expect(server().requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/customers/${created.id}`, body: '' });
    await expect(c.customers.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('every resource of the spec has its operations as methods, and nothing else is invented', async () => {
    const c = client();
    const resources = {
      customers: 'cus_',
      charges: 'ch_',
      orders: 'ord_',
      products: 'prod_',
      categories: 'cat_',
      blogPosts: 'post_',
      discounts: 'disc_',
    } as const;
    for (const [name, prefix] of Object.entries(resources)) {
      const page = await c[name as keyof typeof resources].list({ limit: 2 });
      expect(page.data[0]?.id.startsWith(prefix), name).toBe(true);
    }
    const readOnly = ['charges', 'orders'];
    for (const name of Object.keys(resources)) {
      const methods = readOnly.includes(name) ? ['list', 'retrieve'] : ['create', 'del', 'list', 'retrieve', 'update'];
      expect(Object.keys(c[name as keyof typeof resources]).sort(), name).toEqual(methods);
    }
    expect('blog_posts' in c).toBe(false);
  });

  it('methods take call options last', async () => {
    const c = client();
    const created = await c.customers.create(ADA, { headers: { 'X-Trace': 'create' } });
    expect(server().requests.at(-1)?.headers['x-trace']).toBe('create');
    await c.customers.retrieve(created.id, { headers: { 'X-Trace': 'retrieve' } });
    expect(server().requests.at(-1)?.headers['x-trace']).toBe('retrieve');
    await c.customers.del(created.id, { headers: { 'X-Trace': 'del' } });
    expect(server().requests.at(-1)?.headers['x-trace']).toBe('del');
  });
});

describe('options are checked once, with configuration errors', () => {
  it.each([
    [{ baseUrl: 'not a url', accessToken: 't' }, /baseUrl must be an absolute URL/],
    [{ baseUrl: 'https://api.example.com' }, /exactly one of accessToken or auth/],
    [{ baseUrl: 'https://api.example.com', accessToken: 't', auth: () => 't' }, /exactly one of accessToken or auth/],
    [{ baseUrl: 'https://api.example.com', accessToken: '' }, /accessToken must be a non-empty string/],
    [{ baseUrl: 'https://api.example.com', auth: 42 }, /auth must be a token session/],
    [
      { baseUrl: 'https://api.example.com', accessToken: 't', maxRetries: -1 },
      /maxRetries must be a non-negative integer/,
    ],
    [{ baseUrl: 'https://api.example.com', accessToken: 't', maxRetries: 1.5 }, /maxRetries/],
    [
      { baseUrl: 'https://api.example.com', accessToken: 't', maxRetryAfterSeconds: -1 },
      /maxRetryAfterSeconds must be a non-negative number/,
    ],
    [{ baseUrl: 'https://api.example.com', accessToken: 't', timeoutMs: 0 }, /timeoutMs must be a positive number/],
    [{ baseUrl: 'https://api.example.com', accessToken: 't', clock: { now: 1 } }, /clock/],
    [
      { baseUrl: 'https://api.example.com', accessToken: 't', rateLimit: { requestsPerMinute: 0 } },
      /requestsPerMinute must be an integer >= 1/,
    ],
    [
      { baseUrl: 'https://api.example.com', accessToken: 't', rateLimit: { store: {} } },
      /rateLimit.store must have take/,
    ],
    [
      { baseUrl: 'https://api.example.com', accessToken: 't', rateLimit: { accountKey: '' } },
      /accountKey must be a non-empty string/,
    ],
    [{ baseUrl: 'https://api.example.com', accessToken: 't', rateLimit: true }, /rateLimit must be an object/],
  ])('%o', (options, message) => {
    const error = (() => {
      try {
        createClient(options as never);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ApiClientConfigurationError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).name).toBe('ApiClientConfigurationError');
  });

  it('a per-call timeoutMs that is not positive is a configuration error too, and nothing is sent', async () => {
    await expect(client().get('/customers', { timeoutMs: 0 })).rejects.toBeInstanceOf(ApiClientConfigurationError);
    expect(server().requests).toHaveLength(0);
  });
});

describe('the base URL must be HTTPS, except to a loopback host', () => {
  it.each([
    'http://api.example.com',
    'http://10.0.0.1:8080',
    'http://[::2]',
    'http://127.example.com',
    'ftp://api.example.com',
    'ws://localhost',
  ])('refuses %s', (baseUrl) => {
    expect(() => createClient({ baseUrl, accessToken: 't' })).toThrow(ApiClientConfigurationError);
    expect(() => createClient({ baseUrl, accessToken: 't' })).toThrow(/https/);
  });

  it.each([
    'https://api.example.com',
    'http://localhost:3000',
    'http://127.0.0.1:4010',
    'http://127.3.2.1',
    'http://[::1]:8080',
    'http://127.1',
    'HTTP://LOCALHOST',
  ])('accepts %s', (baseUrl) => {
    expect(() => createClient({ baseUrl, accessToken: 't' })).not.toThrow();
  });

  it('never repeats credentials written into the URL', () => {
    expect(() => createClient({ baseUrl: 'http://user:s3cret@api.example.com', accessToken: 't' })).toThrow(
      /^(?!.*s3cret).*$/s,
    );
  });
});

describe('errors from the server', () => {
  it('400 gives InvalidRequestError with the field errors map', async () => {
    const error = await client()
      .customers.create({ ...ADA, email: 'nope' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    const e = error as InvalidRequestError;
    expect(e.status).toBe(400);
    expect(e.type).toBe('invalid_request_error');
    expect(e.errors).toEqual({ email: ['is not a valid email address'] });
    expect(e.requestId).toMatch(/^req_/);
    expect(e.headers.get('content-type')).toBe('application/json');
  });

  it('401 gives AuthenticationError, and the token is never in its message or inspect output', async () => {
    const secret = 'sk_wrong_token_value';
    const error = await createClient({ baseUrl: server().url, accessToken: secret, rateLimit: false })
      .customers.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    const e = error as AuthenticationError;
    for (const shown of [e.message, String(e), inspect(e, { depth: 10, showHidden: true }), JSON.stringify(e)])
      expect(shown).not.toContain(secret);
  });

  it('a non-JSON error body gives a typed error with the raw text', async () => {
    server().script.push({ status: 502, body: '<html>bad gateway</html>', headers: { 'content-type': 'text/html' } });
    const error = await client({ maxRetries: 0 })
      .customers.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).rawBody).toBe('<html>bad gateway</html>');
  });

  it('a server that echoes the request never puts the token into the error', async () => {
    const secret = 'sk_live_echoed_secret';
    const c = createClient({ baseUrl: server().url, accessToken: secret, maxRetries: 0, rateLimit: false });
    server().validTokens.add(secret);
    try {
      server().script.push({
        status: 500,
        body: `<pre>GET /customers\nAuthorization: Bearer ${secret}</pre>`,
        headers: { 'content-type': 'text/html' },
      });
      const error = await c.customers.list().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerError);
      server().script.push({ status: 200, body: `not json ${secret}` });
      const invalid = await c.customers.list().catch((e: unknown) => e);
      for (const e of [error, invalid] as ApiError[]) {
        for (const shown of [
          e.message,
          String(e),
          JSON.stringify(e),
          inspect(e, { showHidden: true, depth: 10 }),
          e.rawBody ?? '',
        ]) {
          expect(shown).not.toContain(secret);
        }
      }
      expect((error as ApiError).message).toContain('Authorization: Bearer [redacted]');
    } finally {
      server().validTokens.delete(secret);
    }
  });

  it('a malformed success body gives an ApiError with the raw text', async () => {
    server().script.push({ status: 200, body: '{"limit": 10, "has_more": tr' });
    const error = await client()
      .customers.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).type).toBe('invalid_response');
    expect((error as ApiError).rawBody).toBe('{"limit": 10, "has_more": tr');
  });

  it('an unknown status (403) is a plain ApiError', async () => {
    server().script.push({ status: 403, body: '{"type":"permission_error"}' });
    const error = await client()
      .customers.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(InvalidRequestError);
    expect((error as ApiError).type).toBe('permission_error');
  });
});

describe('response bodies lose no data (secure-json-parse semantics)', () => {
  const hostile = JSON.stringify({
    id: 'cus_00000001',
    created_time: '2026-01-01T00:00:01.123Z',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    company: null,
    delivery_address: { constructor: 'Main St 1', prototype: 'flat 2', city: 'London' },
    billing_address: { prototype: { floor: 3 }, constructor: { name: 'not dangerous: no prototype key' } },
    constructor: 'a customer field named constructor',
    prototype: { kept: true },
  }).replace(
    '"company":null',
    '"company":null,"__proto__":{"polluted":true},"nested":{"constructor":{"prototype":{"polluted":true}},"keep":1}',
  );

  it('keeps constructor and prototype keys with ordinary values; strips only __proto__ and constructor.prototype', async () => {
    server().script.push({ status: 200, body: hostile });
    const customer = (await client().customers.retrieve('cus_00000001')) as unknown as Record<string, unknown>;
    expect(customer['constructor']).toBe('a customer field named constructor');
    expect(customer['prototype']).toEqual({ kept: true });
    expect(customer['delivery_address']).toEqual({ constructor: 'Main St 1', prototype: 'flat 2', city: 'London' });
    expect(customer['billing_address']).toEqual({
      prototype: { floor: 3 },
      constructor: { name: 'not dangerous: no prototype key' },
    });
    expect(Object.hasOwn(customer, '__proto__')).toBe(false);
    expect(customer['nested']).toEqual({ keep: 1 });
    expect(customer['email']).toBe('ada@example.com');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('the same policy for list pages and error bodies', async () => {
    server().script.push({ status: 200, body: `{"limit":1,"has_more":false,"data":[${hostile}]}` });
    const page = await client().customers.list({ limit: 1 });
    expect((page.data[0] as unknown as Record<string, unknown>)['constructor']).toBe(
      'a customer field named constructor',
    );
    server().script.push({
      status: 400,
      body: '{"type":"invalid_request_error","errors":{"constructor":["is reserved"],"__proto__":["x"]}}',
    });
    const error = (await client()
      .customers.create(ADA)
      .catch((e: unknown) => e)) as InvalidRequestError;
    expect(error.errors).toEqual({ constructor: ['is reserved'] });
  });
});
