import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
  createClient,
  RateLimiter,
  resetSharedRateLimiters,
} from '../src/index.js';
import { instantClock, manualClock } from './support/clock.js';
import { startFakeServer, type FakeServer } from './support/fake-server.js';
import type { TestPaths } from './support/test-paths.js';

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.script.length = 0;
  server.requests.length = 0;
  resetSharedRateLimiters();
});

const TOKEN = 'test_token';

/** Polls a condition (no timing assumption: vitest's test timeout is the only bound). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 2));
}
const client = (extra: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient<TestPaths>({ baseUrl: server.url, accessToken: TOKEN, clock: instantClock(), ...extra } as Parameters<typeof createClient>[0]);

describe('requests', () => {
  it('sends Bearer auth, Accept: application/json and a User-Agent on every request', async () => {
    const page = await client().get('/customers', { query: { limit: 2 } });
    expect(page.data).toHaveLength(2);
    const req = server.requests[0];
    expect(req?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req?.headers.accept).toBe('application/json');
    expect(req?.headers['user-agent']).toBe('commerce-kit-api-client');
    expect(req?.query.get('limit')).toBe('2');
  });

  it('extra headers as a record, a Headers or pairs; Authorization and Accept stay the client\'s', async () => {
    for (const headers of [
      { 'X-Trace': 'a', Authorization: 'Bearer stolen', Accept: 'text/html' },
      new Headers({ 'X-Trace': 'a', Authorization: 'Bearer stolen' }),
      [['X-Trace', 'a'] as const, ['Accept', 'text/html'] as const],
    ]) {
      server.requests.length = 0;
      await client().customers.list({ limit: 1 }, { headers });
      const req = server.requests[0];
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
      fetch: async (input) => {
        requests.push(input);
        return new Response('{"limit":1,"has_more":false,"data":[]}', { status: 200 });
      },
    });
    await c.customers.list({ limit: 1 });
    expect(requests).toEqual(['https://api.example.com/v1/customers?limit=1']);
  });

  it('POST sends a JSON body and returns the created object', async () => {
    const created = await client().post('/customers', { body: { email: 'ada@example.com', first_name: 'Ada' } });
    expect(created.email).toBe('ada@example.com');
    const req = server.requests[0];
    expect(req?.method).toBe('POST');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req?.body ?? '')).toEqual({ email: 'ada@example.com', first_name: 'Ada' });
  });

  it('PUT sends JSON with path params encoded; GET by id; DELETE 204 gives undefined', async () => {
    const c = client();
    const updated = await c.put('/customers/{id}', { path: { id: 'cus_00000005' }, body: { company: 'ACME' } });
    expect(updated).toMatchObject({ id: 'cus_00000005', company: 'ACME' });
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    const got = await c.get('/customers/{id}', { path: { id: 'cus_00000005' } });
    expect(got.id).toBe('cus_00000005');
    const deleted = await c.delete('/customers/{id}', { path: { id: 'cus_00000005' } });
    expect(deleted).toBeUndefined();
    await expect(c.get('/customers/{id}', { path: { id: 'cus_00000005' } })).rejects.toBeInstanceOf(NotFoundError);
    await c.get('/customers/{id}', { path: { id: 'a/b?c' } }).catch(() => undefined);
    expect(server.requests.at(-1)?.path).toBe('/customers/a%2Fb%3Fc');
  });

  it('refuses dot-segment path params and bad headers without sending anything', async () => {
    const c = client();
    await expect(c.get('/customers/{id}', { path: { id: '..' } })).rejects.toThrow(TypeError);
    await expect(c.get('/customers/{id}', { path: { id: '' } })).rejects.toThrow(/Missing path parameter/);
    await expect(c.get('/customers', { headers: { 'X-Bad': 'a\nb' } })).rejects.toThrow(TypeError);
    expect(server.requests).toHaveLength(0);
  });

  it('request(method, path) is the same generic call', async () => {
    const page = await client().request('get', '/charges', { query: { limit: 3 } });
    expect(page.data.map((c) => c.id)).toEqual(['ch_00000001', 'ch_00000002', 'ch_00000003']);
  });

  it('request() takes upper-case methods too', async () => {
    const page = await client().request('GET', '/charges', { query: { limit: 2 } });
    expect(page.data.map((c) => c.id)).toEqual(['ch_00000001', 'ch_00000002']);
    expect(server.requests.at(-1)?.method).toBe('GET');
    const created = await client().request('POST', '/customers', { body: { email: 'up@case.io' } });
    expect(created.email).toBe('up@case.io');
    expect(server.requests.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('rejects bad options with clear errors', () => {
    expect(() => createClient({ baseUrl: 'not a url', accessToken: 't' })).toThrow(/baseUrl/);
    expect(() => createClient({ baseUrl: server.url } as never)).toThrow(/accessToken or auth/);
    expect(() => createClient({ baseUrl: server.url, accessToken: 't', maxRetries: -1 })).toThrow(RangeError);
    expect(() => createClient({ baseUrl: server.url, accessToken: 't', timeoutMs: 0 })).toThrow(RangeError);
  });

  it('never shows the token in util.inspect or toString of the client', () => {
    const c = createClient({ baseUrl: server.url, accessToken: 'sk_live_very_secret' });
    expect(inspect(c, { depth: 10, showHidden: true })).not.toContain('very_secret');
    expect(String(c)).not.toContain('very_secret');
  });
});

describe('errors from the server', () => {
  it('400 gives InvalidRequestError with the field errors map', async () => {
    const error = await client().post('/customers', { body: { email: 'nope' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    const e = error as InvalidRequestError;
    expect(e.status).toBe(400);
    expect(e.type).toBe('invalid_request_error');
    expect(e.errors).toEqual({ email: ['is not a valid email address'] });
    expect(e.requestId).toMatch(/^req_/);
    expect(e.headers.get('content-type')).toBe('application/json');
  });

  it('limit out of 1..100 gives the documented 400', async () => {
    for (const limit of [0, 101]) {
      const error = await client().customers.list({ limit }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect((error as ApiError).errors['limit']).toBeDefined();
    }
  });

  it('401 gives AuthenticationError, and the token is never in its message or inspect output', async () => {
    const secret = 'sk_wrong_token_value';
    const error = await createClient({ baseUrl: server.url, accessToken: secret }).customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    const e = error as AuthenticationError;
    expect(e.message).not.toContain(secret);
    expect(String(e)).not.toContain(secret);
    expect(inspect(e, { depth: 10, showHidden: true })).not.toContain(secret);
    expect(JSON.stringify(e)).not.toContain(secret);
  });

  it('a non-JSON error body gives a typed error with the raw text', async () => {
    server.script.push({ status: 502, body: '<html>bad gateway</html>', headers: { 'content-type': 'text/html' } });
    const error = await client({ maxRetries: 0 }).customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).rawBody).toBe('<html>bad gateway</html>');
  });

  it('a server that echoes the request never puts the token into the error', async () => {
    const secret = 'sk_live_echoed_secret';
    const c = createClient({ baseUrl: server.url, accessToken: secret, maxRetries: 0 });
    server.validTokens.add(secret);
    try {
      server.script.push({ status: 500, body: `<pre>GET /customers\nAuthorization: Bearer ${secret}</pre>`, headers: { 'content-type': 'text/html' } });
      const error = await c.customers.list().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerError);
      server.script.push({ status: 200, body: `not json ${secret}` });
      const invalid = await c.customers.list().catch((e: unknown) => e);
      for (const e of [error, invalid] as ApiError[]) {
        for (const shown of [e.message, String(e), JSON.stringify(e), inspect(e, { showHidden: true, depth: 10 }), e.rawBody ?? '']) {
          expect(shown).not.toContain(secret);
        }
      }
      expect((error as ApiError).message).toContain('Authorization: Bearer [redacted]');
    } finally {
      server.validTokens.delete(secret);
    }
  });

  it('a malformed success body gives an ApiError with the raw text', async () => {
    server.script.push({ status: 200, body: '{"limit": 10, "has_more": tr' });
    const error = await client().customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).type).toBe('invalid_response');
    expect((error as ApiError).rawBody).toBe('{"limit": 10, "has_more": tr');
  });

  it('an unknown status (403) is a plain ApiError', async () => {
    server.script.push({ status: 403, body: '{"type":"permission_error"}' });
    const error = await client().customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(InvalidRequestError);
    expect((error as ApiError).type).toBe('permission_error');
  });
});

describe('retries', () => {
  it('GET: 5xx is retried with backoff, then succeeds', async () => {
    const clock = instantClock();
    server.script.push({ status: 500, body: '{"type":"api_error"}' }, { status: 503, body: '' });
    const page = await client({ clock, maxRetries: 2 }).customers.list({ limit: 1 });
    expect(page.data).toHaveLength(1);
    expect(server.count('/customers')).toBeGreaterThanOrEqual(3);
    expect(clock.sleeps).toHaveLength(2);
    expect(clock.sleeps[0]).toBeGreaterThanOrEqual(250);
    expect(clock.sleeps[1]).toBeGreaterThanOrEqual(500);
  });

  it('GET: gives up after maxRetries with ServerError', async () => {
    server.script.push({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    const error = await client({ maxRetries: 2 }).customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(server.requests).toHaveLength(3);
  });

  it('POST is never retried after a 5xx', async () => {
    server.script.push({ status: 500, body: '{"type":"api_error"}' });
    const error = await client({ maxRetries: 5 }).post('/customers', { body: { email: 'a@b.c' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(server.requests).toHaveLength(1);
  });

  it('PUT and DELETE are retried after a 5xx', async () => {
    server.script.push({ status: 502 });
    await client().put('/customers/{id}', { path: { id: 'cus_00000007' }, body: { company: null } });
    server.script.push({ status: 502 });
    await client().delete('/customers/{id}', { path: { id: 'cus_00000007' } });
    expect(server.requests.map((r) => r.method)).toEqual(['PUT', 'PUT', 'DELETE', 'DELETE']);
  });

  it('network errors: GET retried, POST gives ConnectionError at once', async () => {
    server.script.push({ destroy: true });
    const page = await client().customers.list({ limit: 1 });
    expect(page.data).toHaveLength(1);
    server.requests.length = 0;
    server.script.push({ destroy: true });
    const error = await client().post('/customers', { body: { email: 'a@b.c' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(server.requests).toHaveLength(1);
  });

  it('connection refused gives ConnectionError after the retries', async () => {
    const closed = await startFakeServer();
    const url = closed.url;
    await closed.close();
    const error = await createClient({ baseUrl: url, accessToken: TOKEN, clock: instantClock() }).customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).status).toBe(0);
  });

  it('429: waits Retry-After (seconds) and retries, for POST too', async () => {
    const clock = instantClock();
    server.script.push({ status: 429, headers: { 'retry-after': '2' }, body: '{"type":"rate_limit_error"}' });
    const created = await client({ clock }).post('/customers', { body: { email: 'x@y.z' } });
    expect(created.email).toBe('x@y.z');
    expect(clock.sleeps).toEqual([2000]);
    expect(server.requests).toHaveLength(2);
  });

  it('429 with an HTTP-date Retry-After', async () => {
    const clock = instantClock();
    server.script.push({ status: 429, headers: { 'retry-after': new Date(clock.now() + 5000).toUTCString() } });
    await client({ clock }).customers.list();
    expect(clock.sleeps).toEqual([5000]);
  });

  it('429 really waits on the real clock (Retry-After: 1)', async () => {
    server.script.push({ status: 429, headers: { 'retry-after': '1' } });
    const started = Date.now();
    await createClient({ baseUrl: server.url, accessToken: TOKEN }).customers.list();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('429 after maxRetries gives RateLimitError with retryAfter in seconds', async () => {
    server.script.push({ status: 429, headers: { 'retry-after': '3' } }, { status: 429, headers: { 'retry-after': '3' } });
    const error = await client({ maxRetries: 1 }).customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(3);
    expect((error as RateLimitError).status).toBe(429);
  });

  it('while one request waits out a 429, other requests of the same account wait too', async () => {
    const clock = instantClock();
    const a = client({ clock, rateLimit: { accountKey: 'acct_shared' } });
    const b = client({ clock, rateLimit: { accountKey: 'acct_shared' } });
    expect(a.rateLimiter).toBe(b.rateLimiter);
    server.script.push({ status: 429, headers: { 'retry-after': '30' } });
    await a.customers.list({ limit: 1 });
    // The pause was set by a's 429; b's request waits for what is left of it.
    a.rateLimiter.pause(10_000);
    const before = clock.now();
    await b.customers.list({ limit: 1 });
    expect(clock.now() - before).toBe(10_000);
  });

  it('a 429 pauses the account: a request of another client of the account waits for it (manual clock)', async () => {
    const clock = manualClock();
    const a = client({ clock, rateLimit: { accountKey: 'acct_pause' } });
    const b = client({ clock, rateLimit: { accountKey: 'acct_pause' } });
    server.script.push({ status: 429, headers: { 'retry-after': '30' }, match: (r) => r.query.get('limit') === '1' });
    const first = a.customers.list({ limit: 1 });
    // a got its 429 and waits out the pause on the clock.
    await until(() => clock.pending() === 1);
    const second = b.customers.list({ limit: 2 });
    await until(() => clock.pending() === 2);
    // Real time may pass: b stays queued behind the pause while the clock stands still.
    await new Promise((r) => setTimeout(r, 50));
    expect(server.requests.filter((r) => r.query.get('limit') === '2')).toHaveLength(0);
    clock.advance(30_000);
    const [pageA, pageB] = await Promise.all([first, second]);
    expect(pageA.data).toHaveLength(1);
    expect(pageB.data).toHaveLength(2);
    const limits = server.requests.map((r) => r.query.get('limit'));
    // a's first attempt, then a's retry and b, in either order, only after the pause.
    expect(limits[0]).toBe('1');
    expect(limits.slice(1).sort()).toEqual(['1', '2']);
  });

  it('rateLimit takes requests per windowMs too, and refuses two budgets at once', async () => {
    const clock = instantClock();
    const c = client({ clock, rateLimit: { requests: 2, windowMs: 1_000 } });
    expect(c.rateLimiter.requests).toBe(2);
    expect(c.rateLimiter.windowMs).toBe(1_000);
    const start = clock.now();
    for (let i = 0; i < 5; i++) await c.customers.list({ limit: 1 });
    expect(clock.now() - start).toBe(2_000);
    expect(client({ rateLimit: true }).rateLimiter.requests).toBe(200);
    expect(() => client({ rateLimit: { requests: 2, requestsPerMinute: 3 } })).toThrow(RangeError);
  });

  it('counts nothing unless rateLimit is given: 250 requests never wait', async () => {
    const clock = instantClock();
    const c = client({ clock });
    expect(c.rateLimiter.requests).toBe(Number.POSITIVE_INFINITY);
    const start = clock.now();
    for (let i = 0; i < 250; i++) await c.customers.list({ limit: 1 });
    expect(clock.now() - start).toBe(0);
    expect(client({ rateLimit: { accountKey: 'acct_default_budget' } }).rateLimiter.requests).toBe(200);
  });

  it('a limiter from another copy of the package (ESM vs CJS class) is used as is, not copied', async () => {
    const real = new RateLimiter({ requests: 3, windowMs: 600_000 });
    // Same shape, different class: what the CJS build's RateLimiter looks like to the ESM build.
    const foreign = {
      requests: 3,
      windowMs: 600_000,
      acquire: (signal?: AbortSignal) => real.acquire(signal),
      tryAcquire: () => real.tryAcquire(),
      pause: (ms: number) => real.pause(ms),
      get pausedForMs() {
        return real.pausedForMs;
      },
    };
    const c = client({ rateLimit: foreign as unknown as RateLimiter });
    expect(c.rateLimiter).toBe(foreign);
    await c.customers.list({ limit: 1 });
    // The client's request was counted on the shared limiter: two more fit in the window, not three.
    expect(real.tryAcquire()).toBe(0);
    expect(real.tryAcquire()).toBe(0);
    expect(real.tryAcquire()).toBeGreaterThan(0);
  });

  it('the client-side limiter keeps a burst at the configured rate, so no 429 is seen', async () => {
    const clock = instantClock();
    const c = client({ clock, rateLimit: { requestsPerMinute: 5 } });
    const start = clock.now();
    for (let i = 0; i < 11; i++) await c.customers.list({ limit: 1 });
    // 11 requests at 5 per minute: the 6th waits a minute, the 11th two.
    expect(clock.now() - start).toBe(120_000);
  });
});

describe('client-side limiter against a rate-limited server', () => {
  it('without a limiter a burst runs into 429s', async () => {
    const limited = await startFakeServer({ rateLimit: { requests: 4, windowMs: 5_000 } });
    try {
      const unlimited = createClient({ baseUrl: limited.url, accessToken: TOKEN, rateLimit: false, maxRetries: 0 });
      const burst = await Promise.allSettled(Array.from({ length: 8 }, () => unlimited.customers.list({ limit: 1 })));
      expect(burst.filter((r) => r.status === 'rejected' && r.reason instanceof RateLimitError)).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });

  it('a client limited at (or under) the server limit sees no 429', async () => {
    // The client's window is longer than the server's, so request latency cannot make two windows overlap.
    // A 429 would need one request to lag the next window's by more than 700 ms.
    const limited = await startFakeServer({ rateLimit: { requests: 4, windowMs: 300 } });
    try {
      const polite = createClient({
        baseUrl: limited.url,
        accessToken: TOKEN,
        maxRetries: 0,
        rateLimit: new RateLimiter({ requests: 4, windowMs: 1_000 }),
      });
      const started = Date.now();
      const results = await Promise.all(Array.from({ length: 10 }, () => polite.customers.list({ limit: 1 })));
      expect(results).toHaveLength(10);
      expect(limited.throttled()).toBe(0);
      // 10 requests at 4 per window: two full windows of waiting.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_950);
    } finally {
      await limited.close();
    }
  });
});

describe('timeouts and aborts', () => {
  it('timeoutMs gives TimeoutError on a hanging server', async () => {
    server.script.push({ hang: true });
    const error = await createClient({ baseUrl: server.url, accessToken: TOKEN, timeoutMs: 100 }).customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(100);
  });

  it("a caller's AbortSignal rejects with the abort reason", async () => {
    server.script.push({ hang: true });
    const controller = new AbortController();
    const reason = new Error('user navigated away');
    const pending = client().customers.list({}, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(pending).rejects.toBe(reason);
  });

  it('a per-call timeoutMs overrides the client default', async () => {
    server.script.push({ hang: true });
    const c = createClient({ baseUrl: server.url, accessToken: TOKEN, timeoutMs: 60_000 });
    const error = await c.get('/customers', { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(50);
    server.script.push({ hang: true });
    const listError = await client().customers.list({ limit: 1 }, { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(listError).toBeInstanceOf(TimeoutError);
    await expect(client().get('/customers', { timeoutMs: 0 })).rejects.toThrow(RangeError);
  });

  it('an already aborted signal never sends', async () => {
    const reason = new Error('already');
    await expect(client().get('/customers', { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(server.requests).toHaveLength(0);
  });

  it('an abort during a backoff wait ends the call', async () => {
    server.script.push({ status: 503 }, { status: 503 });
    const controller = new AbortController();
    const reason = new Error('stop');
    const c = createClient({ baseUrl: server.url, accessToken: TOKEN, maxRetries: 5 });
    const pending = c.customers.list({}, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 100);
    await expect(pending).rejects.toBe(reason);
  });
});
