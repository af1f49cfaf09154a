import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { ConnectionError, RateLimitError, ServerError, TimeoutError, createClient } from '../src/index.js';
import { ManualClock } from '../src/testing/index.js';
import { instantClock } from './support/instant-clock.js';
import { startFakeServer } from './support/fake-server.js';
import { TOKEN, clientOf, useFakeServer } from './support/servers.js';

const server = useFakeServer();
const client = (extra: Parameters<typeof clientOf>[1] = {}) => clientOf(server(), extra);
const ADA = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

describe('retries', () => {
  it('GET: 5xx is retried with backoff, then succeeds', async () => {
    const clock = instantClock();
    server().script.push({ status: 500, body: '{"type":"api_error"}' }, { status: 503, body: '' });
    const page = await client({ clock, maxRetries: 2 }).customers.list({ limit: 1 });
    expect(page.data).toHaveLength(1);
    expect(server().count('/customers')).toBeGreaterThanOrEqual(3);
    expect(clock.sleeps).toHaveLength(2);
    expect(clock.sleeps[0]).toBeGreaterThanOrEqual(250);
    expect(clock.sleeps[1]).toBeGreaterThanOrEqual(500);
  });

  it('GET: gives up after maxRetries with ServerError', async () => {
    server().script.push({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    const error = await client({ maxRetries: 2 })
      .customers.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(server().requests).toHaveLength(3);
  });

  it('POST (customers.create) is never retried after a 5xx', async () => {
    server().script.push({ status: 500, body: '{"type":"api_error"}' });
    const error = await client({ maxRetries: 5 })
      .customers.create(ADA)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(server().requests).toHaveLength(1);
  });

  it('PUT (update) and DELETE (del) are retried after a 5xx', async () => {
    server().script.push({ status: 502 });
    await client().customers.update('cus_00000007', { company: null });
    server().script.push({ status: 502 });
    await client().customers.del('cus_00000007');
    expect(server().requests.map((r) => r.method)).toEqual(['PUT', 'PUT', 'DELETE', 'DELETE']);
  });

  it('network errors: GET retried, POST gives ConnectionError at once', async () => {
    server().script.push({ destroy: true });
    const page = await client().customers.list({ limit: 1 });
    expect(page.data).toHaveLength(1);
    server().requests.length = 0;
    server().script.push({ destroy: true });
    const error = await client()
      .customers.create(ADA)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(server().requests).toHaveLength(1);
  });

  it('connection refused gives ConnectionError after the retries', async () => {
    const closed = await startFakeServer();
    const url = closed.url;
    await closed.close();
    const error = await createClient({ baseUrl: url, accessToken: TOKEN, clock: instantClock() })
      .customers.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).status).toBe(0);
  });
});

describe('429 and Retry-After', () => {
  it('waits Retry-After (seconds) and retries, for POST too', async () => {
    const clock = instantClock();
    server().script.push({ status: 429, headers: { 'retry-after': '2' }, body: '{"type":"rate_limit_error"}' });
    const created = await client({ clock }).customers.create(ADA);
    expect(created.email).toBe('ada@example.com');
    expect(clock.now() - Date.UTC(2026, 0, 1)).toBe(2000);
    expect(server().requests).toHaveLength(2);
  });

  it('with an HTTP-date Retry-After', async () => {
    const clock = instantClock();
    server().script.push({ status: 429, headers: { 'retry-after': new Date(clock.now() + 5000).toUTCString() } });
    await client({ clock }).customers.list();
    expect(clock.sleeps).toEqual([5000]);
  });

  it('holds the retry until the clock has passed Retry-After (ManualClock)', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    server().script.push({ status: 429, headers: { 'retry-after': '1' } });
    const pending = client({ clock }).customers.list({ limit: 1 });
    await waitFor(() => clock.pending === 1);
    await clock.advance(999);
    expect(clock.pending).toBe(1); // the retry still waits, 1 ms short
    expect(server().requests).toHaveLength(1);
    await clock.advance(1);
    await expect(pending).resolves.toHaveProperty('has_more', true);
    expect(server().requests).toHaveLength(2);
  });

  it('after maxRetries: RateLimitError with retryAfter, saying how long the server asked to wait', async () => {
    server().script.push(
      { status: 429, headers: { 'retry-after': '3' } },
      { status: 429, headers: { 'retry-after': '3' } },
    );
    const error = await client({ maxRetries: 1 })
      .customers.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    const e = error as RateLimitError;
    expect(e.retryAfter).toBe(3);
    expect(e.status).toBe(429);
    expect(e.message).toBe(
      "The API's rate limit was reached: the server answered 429 asking to wait 3 s (Retry-After); no retries left (maxRetries: 1)",
    );
  });

  it('a Retry-After above maxRetryAfterSeconds (default 60) is not waited for; the error says how long was asked', async () => {
    server().script.push({ status: 429, headers: { 'retry-after': '120' } });
    const clock = instantClock();
    const error = (await client({ clock })
      .customers.list()
      .catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(120);
    expect(error.message).toContain('asking to wait 120 s (Retry-After)');
    expect(error.message).toContain('longer than maxRetryAfterSeconds (60 s)');
    expect(clock.sleeps).toEqual([]);
    expect(server().requests).toHaveLength(1);
  });

  it('maxRetryAfterSeconds raises the cap', async () => {
    server().script.push({ status: 429, headers: { 'retry-after': '120' } });
    const clock = instantClock();
    const page = await client({ clock, maxRetryAfterSeconds: 300 }).customers.list({ limit: 1 });
    expect(page.data).toHaveLength(1);
    expect(clock.now() - Date.UTC(2026, 0, 1)).toBe(120_000);
  });

  it('a 429 without Retry-After says so', async () => {
    server().script.push({ status: 429 });
    const error = (await client({ maxRetries: 0 })
      .customers.list()
      .catch((e: unknown) => e)) as RateLimitError;
    expect(error.retryAfter).toBeUndefined();
    expect(error.message).toContain('429 without a Retry-After');
  });

  it('a 429 pauses every client counting against the same key (ManualClock)', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const a = client({ clock, rateLimit: { accountKey: 'acct_pause' } });
    const b = client({ clock, rateLimit: { accountKey: 'acct_pause' } });
    server().script.push({ status: 429, headers: { 'retry-after': '30' }, match: (r) => r.query.get('limit') === '1' });
    const first = a.customers.list({ limit: 1 });
    await waitFor(() => clock.pending === 1);
    const second = b.customers.list({ limit: 2 });
    await waitFor(() => clock.pending === 2);
    expect(server().requests.filter((r) => r.query.get('limit') === '2')).toHaveLength(0);
    await clock.advance(30_000);
    const [pageA, pageB] = await Promise.all([first, second]);
    expect(pageA.data).toHaveLength(1);
    expect(pageB.data).toHaveLength(2);
    const limits = server().requests.map((r) => r.query.get('limit'));
    expect(limits[0]).toBe('1');
    expect(limits.slice(1).sort()).toEqual(['1', '2']);
  });

  it('with rateLimit: false a 429 still pauses that client, and only it', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const a = client({ clock, rateLimit: false });
    const b = client({ clock, rateLimit: false });
    server().script.push({ status: 429, headers: { 'retry-after': '30' }, match: (r) => r.query.get('limit') === '1' });
    const first = a.customers.list({ limit: 1 });
    await waitFor(() => clock.pending === 1);
    await expect(b.customers.list({ limit: 2 })).resolves.toHaveProperty('limit', 2);
    await clock.advance(30_000);
    await expect(first).resolves.toHaveProperty('limit', 1);
  });
});

describe('timeouts and aborts', () => {
  it('timeoutMs gives TimeoutError on a hanging server, timed by the clock', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    server().script.push({ hang: true });
    const pending = client({ clock, timeoutMs: 100 })
      .customers.list()
      .catch((e: unknown) => e);
    await waitFor(() => server().requests.length === 1);
    await clock.advance(100);
    const error = await pending;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(100);
    expect((error as TimeoutError).message).toBe('The request timed out after 100 ms');
  });

  it('a per-call timeoutMs overrides the client default, for lists too', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const c = client({ clock, timeoutMs: 60_000 });
    server().script.push({ hang: true }, { hang: true });
    const get = c.get('/customers', { timeoutMs: 50 }).catch((e: unknown) => e);
    const list = c.customers.list({ limit: 1 }, { timeoutMs: 70 }).catch((e: unknown) => e);
    await waitFor(() => server().requests.length === 2);
    await clock.advance(70);
    expect(await get).toMatchObject({ timeoutMs: 50 });
    expect(await list).toMatchObject({ timeoutMs: 70 });
    expect(await get).toBeInstanceOf(TimeoutError);
  });

  it("a caller's AbortSignal rejects with the abort reason", async () => {
    server().script.push({ hang: true });
    const controller = new AbortController();
    const reason = new Error('user navigated away');
    const pending = client().customers.list({}, { signal: controller.signal });
    await waitFor(() => server().requests.length === 1);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('an already aborted signal never sends', async () => {
    const reason = new Error('already');
    await expect(client().get('/customers', { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(server().requests).toHaveLength(0);
  });

  it('an abort during a backoff wait ends the call', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    server().script.push({ status: 503 }, { status: 503 });
    const controller = new AbortController();
    const reason = new Error('stop');
    const pending = client({ clock, maxRetries: 5 }).customers.list({}, { signal: controller.signal });
    await waitFor(() => clock.pending === 1);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});
