import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import {
  ApiClientConfigurationError,
  MemoryRateLimitStore,
  RateLimitError,
  createClient,
  type RateLimitRequest,
  type RateLimitStore,
} from '../src/index.js';
import { ManualClock } from '../src/testing/index.js';
import { startFakeServer } from './support/fake-server.js';
import { TOKEN, useFakeServer } from './support/servers.js';

const server = useFakeServer({ tokens: [TOKEN, 'other_token'] });
const START = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;
/** The default store's padding: each start holds its slot for the window and this. */
const PADDING = 1000;

describe('MemoryRateLimitStore (sliding-window log)', () => {
  const request = (now: number, limit = 200, windowMs = MINUTE): RateLimitRequest => ({ limit, windowMs, now });

  it('grants `limit` starts, then answers how long until the oldest releases its slot: a window and the padding after it started', () => {
    const store = new MemoryRateLimitStore();
    for (let i = 0; i < 200; i++) expect(store.take('k', request(START + i))).toBe(0);
    expect(store.take('k', request(START + 200))).toBe(MINUTE + PADDING - 200);
    // A minute later the first start still holds its slot, for the padding.
    expect(store.take('k', request(START + MINUTE))).toBe(PADDING);
    expect(store.take('k', request(START + MINUTE + PADDING - 1))).toBe(1);
    // Refused takes recorded nothing: exactly one slot is free once the first start's is released.
    expect(store.take('k', request(START + MINUTE + PADDING))).toBe(0);
    expect(store.take('k', request(START + MINUTE + PADDING))).toBe(1);
    expect(store.take('other', request(START + 200))).toBe(0);
  });

  it('windowPaddingMs sets the padding; 0 holds each slot for the window alone', () => {
    const unpadded = new MemoryRateLimitStore({ windowPaddingMs: 0 });
    const padded = new MemoryRateLimitStore({ windowPaddingMs: 5_000 });
    for (const store of [unpadded, padded]) expect(store.take('k', request(START, 1))).toBe(0);
    expect(unpadded.take('k', request(START + 1, 1))).toBe(MINUTE - 1);
    expect(unpadded.take('k', request(START + MINUTE, 1))).toBe(0);
    expect(padded.take('k', request(START + 1, 1))).toBe(MINUTE + 5_000 - 1);
    expect(padded.take('k', request(START + MINUTE + 5_000, 1))).toBe(0);
  });

  it.each([
    [{ windowPaddingMs: -1 }, 'windowPaddingMs must be an integer >= 0 (got -1)'],
    [{ windowPaddingMs: 0.5 }, 'windowPaddingMs must be an integer >= 0 (got 0.5)'],
    [{ windowPaddingMs: Number.POSITIVE_INFINITY }, 'windowPaddingMs must be an integer >= 0 (got Infinity)'],
    [{ windowPaddingMs: '1000' }, 'windowPaddingMs must be an integer >= 0 (got 1000)'],
    [null, 'options must be an object'],
  ])('refuses %j with ApiClientConfigurationError', (options, message) => {
    expect(() => new MemoryRateLimitStore(options as never)).toThrow(ApiClientConfigurationError);
    expect(() => new MemoryRateLimitStore(options as never)).toThrow(message);
  });

  it('never grants more than `limit` starts in any window of windowMs + windowPaddingMs, and its waits are exact (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 10, max: 1000 }),
        fc.integer({ min: 0, max: 300 }),
        fc.array(fc.nat(400), { minLength: 1, maxLength: 80 }),
        (limit, windowMs, windowPaddingMs, gaps) => {
          const store = new MemoryRateLimitStore({ windowPaddingMs });
          let now = 0;
          const starts: number[] = [];
          for (const gap of gaps) {
            now += gap;
            const wait = store.take('k', request(now, limit, windowMs));
            if (wait > 0) {
              // One millisecond early is still too early; the answered wait is enough.
              if (wait > 1) expect(store.take('k', request(now + wait - 1, limit, windowMs))).toBeGreaterThan(0);
              now += wait;
              expect(store.take('k', request(now, limit, windowMs))).toBe(0);
            }
            starts.push(now);
          }
          for (let i = limit; i < starts.length; i++)
            expect((starts[i] ?? 0) - (starts[i - limit] ?? 0)).toBeGreaterThanOrEqual(windowMs + windowPaddingMs);
        },
      ),
    );
  });

  it('requests that arrive 0 to windowPaddingMs after they start never arrive more than `limit` to a window of windowMs (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 10, max: 1000 }),
        fc.integer({ min: 0, max: 300 }),
        fc.array(fc.tuple(fc.nat(400), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 1, maxLength: 80 }),
        (limit, windowMs, windowPaddingMs, calls) => {
          const store = new MemoryRateLimitStore({ windowPaddingMs });
          let now = 0;
          const arrivals: number[] = [];
          for (const [gap, lateness] of calls) {
            now += gap;
            for (
              let wait = store.take('k', request(now, limit, windowMs));
              wait > 0;
              wait = store.take('k', request(now, limit, windowMs))
            )
              now += wait;
            arrivals.push(now + Math.round(lateness * windowPaddingMs));
          }
          arrivals.sort((a, b) => a - b);
          // The platform's count: arrivals in (t - windowMs, t].
          for (let i = limit; i < arrivals.length; i++)
            expect((arrivals[i] ?? 0) - (arrivals[i - limit] ?? 0)).toBeGreaterThanOrEqual(windowMs);
        },
      ),
    );
  });

  it('pause() holds the key until then, never shortens, and does not touch other keys', () => {
    const store = new MemoryRateLimitStore();
    store.pause('k', START + 5000);
    store.pause('k', START + 1000);
    expect(store.take('k', request(START))).toBe(5000);
    expect(store.take('j', request(START))).toBe(0);
    expect(store.take('k', request(START + 5000))).toBe(0);
  });

  it('an infinite limit counts nothing but keeps pauses', () => {
    const store = new MemoryRateLimitStore();
    for (let i = 0; i < 1000; i++) expect(store.take('k', request(START, Number.POSITIVE_INFINITY))).toBe(0);
    store.pause('k', START + 10);
    expect(store.take('k', request(START, Number.POSITIVE_INFINITY))).toBe(10);
  });

  it('forgets idle keys (rotated tokens) without losing live ones, nor a start still holding its slot', () => {
    const store = new MemoryRateLimitStore();
    store.take('live', request(START + 10 * MINUTE, 1));
    // Started more than a window before the sweep, but less than a window and the padding.
    store.take('padded', request(START + 9 * MINUTE - PADDING / 2, 1));
    for (let i = 0; i < 3000; i++) store.take(`idle_${i}`, request(START + (i < 2000 ? 0 : 10 * MINUTE)));
    expect(store.take('live', request(START + 10 * MINUTE, 1))).toBeGreaterThan(0);
    expect(store.take('padded', request(START + 10 * MINUTE, 1))).toBe(PADDING / 2);
  });
});

describe('the client-side limit is on by default: 200 requests per minute per access token', () => {
  it('a default client bursting 210 requests sees no 429 from a server enforcing 200/min per token', async () => {
    const clock = new ManualClock(START);
    const limited = await startFakeServer({
      rateLimit: { requests: 200, windowMs: MINUTE, per: 'token', now: () => clock.now() },
    });
    try {
      const client = createClient({ baseUrl: limited.url, accessToken: TOKEN, clock, maxRetries: 0 });
      const burst = Promise.all(Array.from({ length: 210 }, () => client.customers.list({ limit: 1 })));
      await waitFor(() => limited.requests.length === 200 && clock.pending === 10);
      // The ten beyond the budget wait on the clock until the first starts release their slots, a minute
      // and the padding after they started: nothing more is sent before.
      await clock.advance(MINUTE + PADDING - 1);
      expect(limited.requests).toHaveLength(200);
      await clock.advance(1);
      expect(await burst).toHaveLength(210);
      expect(limited.throttled()).toBe(0);
      expect(limited.requests).toHaveLength(210);
    } finally {
      await limited.close();
    }
  });

  it('the same burst with rateLimit: false runs into the server limit (the server really enforces it)', async () => {
    const clock = new ManualClock(START);
    const limited = await startFakeServer({
      rateLimit: { requests: 200, windowMs: MINUTE, per: 'token', now: () => clock.now() },
    });
    try {
      const client = createClient({ baseUrl: limited.url, accessToken: TOKEN, clock, maxRetries: 0, rateLimit: false });
      const burst = await Promise.allSettled(Array.from({ length: 210 }, () => client.customers.list({ limit: 1 })));
      expect(burst.filter((r) => r.status === 'rejected' && r.reason instanceof RateLimitError)).toHaveLength(10);
      expect(limited.throttled()).toBe(10);
    } finally {
      await limited.close();
    }
  });

  it('clients with the same token share the budget; another token has its own', async () => {
    const clock = new ManualClock(START);
    const options = { baseUrl: server().url, clock, rateLimit: { requestsPerMinute: 2 } } as const;
    const a = createClient({ ...options, accessToken: TOKEN });
    const b = createClient({ ...options, accessToken: TOKEN });
    const c = createClient({ ...options, accessToken: 'other_token' });
    await a.customers.list({ limit: 1 });
    await b.customers.list({ limit: 1 });
    await c.customers.list({ limit: 1 });
    const third = a.customers.list({ limit: 1 });
    await waitFor(() => clock.pending === 1);
    expect(server().requests).toHaveLength(3);
    await clock.advance(MINUTE + PADDING);
    await third;
    expect(server().requests).toHaveLength(4);
  });

  it('rateLimit.accountKey shares one budget between tokens of an account', async () => {
    const clock = new ManualClock(START);
    const options = {
      baseUrl: server().url,
      clock,
      rateLimit: { accountKey: 'acct_42', requestsPerMinute: 2 },
    } as const;
    const a = createClient({ ...options, accessToken: TOKEN });
    const b = createClient({ ...options, accessToken: 'other_token' });
    await a.customers.list({ limit: 1 });
    await b.customers.list({ limit: 1 });
    const third = b.customers.list({ limit: 1 });
    await waitFor(() => clock.pending === 1);
    await clock.advance(MINUTE + PADDING);
    await third;
    expect(server().requests).toHaveLength(3);
  });
});

describe('the store interface', () => {
  /** An asynchronous store, as a shared (Redis-like) one would be, recording what it is asked. */
  class RecordingStore implements RateLimitStore {
    readonly inner = new MemoryRateLimitStore();
    readonly keys: string[] = [];
    readonly pauses: Array<{ key: string; until: number }> = [];
    async take(key: string, request: RateLimitRequest): Promise<number> {
      this.keys.push(key);
      await new Promise((r) => setTimeout(r, 0));
      return this.inner.take(key, request);
    }
    async pause(key: string, until: number): Promise<void> {
      this.pauses.push({ key, until });
      this.inner.pause(key, until);
    }
  }

  it('an async store is used for every request; keys never contain the token', async () => {
    const store = new RecordingStore();
    const clock = new ManualClock(START);
    const client = createClient({
      baseUrl: server().url,
      accessToken: TOKEN,
      clock,
      rateLimit: { store, requestsPerMinute: 3 },
    });
    for (let i = 0; i < 3; i++) await client.customers.list({ limit: 1 });
    const fourth = client.customers.list({ limit: 1 });
    await waitFor(() => clock.pending === 1);
    await clock.advance(MINUTE + PADDING);
    await fourth;
    expect(store.keys.length).toBeGreaterThanOrEqual(5);
    expect(new Set(store.keys).size).toBe(1);
    expect(store.keys[0]).toMatch(/^token:[0-9a-f]{32}$/);
    expect(store.keys.join()).not.toContain(TOKEN);
  });

  it('a 429 is reported to the store as a pause of the key', async () => {
    const store = new RecordingStore();
    const clock = new ManualClock(START);
    const client = createClient({
      baseUrl: server().url,
      accessToken: TOKEN,
      clock,
      rateLimit: { store, accountKey: 'acct_7' },
    });
    server().script.push({ status: 429, headers: { 'retry-after': '5' } });
    const pending = client.customers.list({ limit: 1 });
    await waitFor(() => clock.pending === 1);
    expect(store.pauses).toEqual([{ key: 'account:acct_7', until: START + 5000 }]);
    await clock.advance(5000);
    await pending;
  });
});
