import { inspect } from 'node:util';
import { createClient, type RateLimitRequest } from '@commerce-kit/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { RedisAdapterConfigurationError, RedisAdapterError, RedisUnavailableError } from '../src/index.js';
import { RedisRateLimitStore } from '../src/rate-limit/index.js';
import { DEFAULT_WINDOW_PADDING_MS } from '../src/rate-limit/store.js';
import { ManualClock, startRedisServer } from '../src/testing/index.js';
import { bundleChild } from './support/bundle.js';
import { startChild } from './support/children.js';
import { startLimitedServer } from './support/limited-server.js';
import { useRedisServer } from './support/redis.js';

const redis = useRedisServer();
const stores: RedisRateLimitStore[] = [];
function store(options: Partial<ConstructorParameters<typeof RedisRateLimitStore>[0]> = {}): RedisRateLimitStore {
  const created = new RedisRateLimitStore({ url: redis().server.url, windowPaddingMs: 0, ...options });
  stores.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  await redis().inspect.flushall();
});

const request = (limit: number, windowMs: number): RateLimitRequest => ({ limit, windowMs, now: Date.now() });

describe('RedisRateLimitStore: the sliding-window log', () => {
  it('grants `limit` starts, then answers a wait no longer than the window', async () => {
    const s = store();
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await s.take('account:a', request(5, 60_000)));
    expect(answers.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    for (const wait of answers.slice(5)) {
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60_000);
    }
    // Refused takes record nothing: exactly five starts are in the log.
    expect(await redis().inspect.zcard('commerce-kit:rate-limit:{account:a}')).toBe(5);
  });

  it('counts keys apart, and padding keeps each start beyond the window', async () => {
    const s = store({ windowPaddingMs: 5_000 });
    expect(await s.take('account:a', request(1, 1_000))).toBe(0);
    expect(await s.take('account:b', request(1, 1_000))).toBe(0);
    const wait = await s.take('account:a', request(1, 1_000));
    expect(wait).toBeGreaterThan(1_000);
    expect(wait).toBeLessThanOrEqual(6_000);
  });

  it('many stores (as many processes) racing for one key never get more than `limit` starts together', async () => {
    const racers = Array.from({ length: 6 }, () => store());
    const answers = await Promise.all(
      racers.flatMap((s) => Array.from({ length: 25 }, () => s.take('account:shared', request(40, 60_000)))),
    );
    expect(answers.filter((wait) => wait === 0)).toHaveLength(40);
    expect(answers.filter((wait) => wait > 0)).toHaveLength(110);
  });

  it('ignores the clocks of the processes: a store whose clock is an hour off counts the same', async () => {
    const early = store({ clock: new ManualClock(Date.now() - 3_600_000) });
    const late = store({ clock: new ManualClock(Date.now() + 3_600_000) });
    expect(await early.take('account:skew', { limit: 2, windowMs: 60_000, now: Date.now() - 3_600_000 })).toBe(0);
    expect(await late.take('account:skew', { limit: 2, windowMs: 60_000, now: Date.now() + 3_600_000 })).toBe(0);
    expect(
      await early.take('account:skew', { limit: 2, windowMs: 60_000, now: Date.now() - 3_600_000 }),
    ).toBeGreaterThan(0);
    expect(
      await late.take('account:skew', { limit: 2, windowMs: 60_000, now: Date.now() + 3_600_000 }),
    ).toBeGreaterThan(0);
  });

  it('an unlimited request (limit Infinity) records nothing but still honours a pause', async () => {
    const s = store();
    expect(await s.take('account:u', { limit: Number.POSITIVE_INFINITY, windowMs: 60_000, now: Date.now() })).toBe(0);
    expect(await redis().inspect.exists('commerce-kit:rate-limit:{account:u}')).toBe(0);
    await s.pause('account:u', Date.now() + 30_000);
    expect(
      await s.take('account:u', { limit: Number.POSITIVE_INFINITY, windowMs: 60_000, now: Date.now() }),
    ).toBeGreaterThan(25_000);
  });
});

describe('RedisRateLimitStore: pauses after a 429', () => {
  it('a pause set by one process holds every process, whatever its clock', async () => {
    const clockA = new ManualClock(Date.now() + 600_000); // ten minutes ahead of the real time
    const a = store({ clock: clockA });
    const b = store();
    await a.pause('account:p', clockA.now() + 20_000);
    const wait = await b.take('account:p', request(100, 60_000));
    expect(wait).toBeGreaterThan(15_000);
    expect(wait).toBeLessThanOrEqual(20_000);
  });

  it('extends a pause, never shortens one; a pause already over is ignored', async () => {
    const clock = new ManualClock(Date.now());
    const s = store({ clock });
    await s.pause('account:q', clock.now() + 30_000);
    await s.pause('account:q', clock.now() + 1_000);
    await s.pause('account:q', clock.now() - 1_000);
    expect(await s.take('account:q', request(100, 60_000))).toBeGreaterThan(25_000);
    await s.pause('account:q', clock.now() + 50_000);
    expect(await s.take('account:q', request(100, 60_000))).toBeGreaterThan(45_000);
  });
});

describe('RedisRateLimitStore with the api-client', () => {
  it('two clients of one account in different "processes" share the budget, and a 429 pauses both', async () => {
    const server = await startLimitedServer(1_000, 60_000);
    try {
      const [a, b] = [store(), store()];
      // B waits for its slots on a clock that moves only when told.
      const clockB = new ManualClock(Date.now());
      const make = (s: RedisRateLimitStore, token: string, clock?: ManualClock) =>
        createClient({
          baseUrl: server.url,
          accessToken: token,
          maxRetries: 0,
          clock,
          rateLimit: { accountKey: 'shop-1', requestsPerMinute: 3, store: s },
        });
      const clientA = make(a, 'token-a');
      const clientB = make(b, 'token-b', clockB);
      await clientA.customers.list({ limit: 1 });
      await clientB.customers.list({ limit: 1 });
      await clientA.customers.list({ limit: 1 });
      // The fourth request in the minute was refused a slot by the shared store and waits on B's clock
      // (its only sleeper): it cannot have been sent.
      const controller = new AbortController();
      const fourth = clientB.customers.list({ limit: 1 }, { signal: controller.signal });
      await waitFor(() => clockB.pending === 1);
      expect(server.arrivals).toHaveLength(3);
      controller.abort(new Error('stop waiting'));
      await expect(fourth).rejects.toThrow('stop waiting');

      await a.pause('account:shop-1', Date.now() + 40_000);
      expect(await b.take('account:shop-1', request(1_000, 60_000))).toBeGreaterThan(35_000);
    } finally {
      await server.close();
    }
  });
});

describe('RedisRateLimitStore when Redis is unavailable (fails closed)', () => {
  it('a client call rejects with RedisUnavailableError and the request is never sent', async () => {
    const down = await startRedisServer();
    const server = await startLimitedServer(1_000, 60_000);
    try {
      const s = store({ url: down.url });
      const client = createClient({
        baseUrl: server.url,
        accessToken: 't',
        rateLimit: { accountKey: 'shop', store: s },
      });
      await client.customers.list({ limit: 1 });
      await down.stop();
      const error = await client.customers.list({ limit: 1 }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RedisUnavailableError);
      expect(error).toBeInstanceOf(RedisAdapterError);
      expect((error as RedisUnavailableError).reason).toBe('unreachable');
      expect((error as Error).message).toContain(`Redis at redis://127.0.0.1:${down.port} is unreachable`);
      expect(server.arrivals).toHaveLength(1);
    } finally {
      await server.close();
      await down.stop();
    }
  });

  it('a Redis that stops answering fails the call after the command timeout', async () => {
    const hung = await startRedisServer();
    try {
      const s = store({ url: hung.url, redisOptions: { commandTimeout: 300 } });
      expect(await s.take('account:h', request(5, 60_000))).toBe(0);
      process.kill(hung.pid, 'SIGSTOP');
      try {
        const error = await s.take('account:h', request(5, 60_000)).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(RedisUnavailableError);
        expect((error as RedisUnavailableError).reason).toBe('timeout');
      } finally {
        process.kill(hung.pid, 'SIGCONT');
      }
    } finally {
      await hung.stop();
    }
  });

  it('after close(), calls reject with RedisUnavailableError rather than hang', async () => {
    const s = store();
    expect(await s.take('account:c', request(5, 60_000))).toBe(0);
    await s.close();
    await expect(s.take('account:c', request(5, 60_000))).rejects.toBeInstanceOf(RedisUnavailableError);
  });
});

describe('RedisRateLimitStore configuration', () => {
  it.each([
    [undefined, '`url` must be a Redis URL'],
    ['', '`url` must be a Redis URL'],
    ['localhost:6379', 'must start with redis:// or rediss://'],
    ['http://user:hunter2@localhost', 'must start with redis:// or rediss://'],
    ['redis://', 'has no host'],
    ['redis://:hunter2@localhost/cache', 'database number'],
    ['not a url at all', 'not a valid URL'],
  ])('url %j is refused with a configuration error that never echoes it', (url, message) => {
    const make = () => new RedisRateLimitStore({ url: url as string });
    expect(make).toThrow(RedisAdapterConfigurationError);
    expect(make).toThrow(message);
    try {
      make();
    } catch (error) {
      expect(String((error as Error).message)).not.toContain('hunter2');
    }
  });

  it.each([
    [{ windowPaddingMs: -1 }, 'windowPaddingMs'],
    [{ windowPaddingMs: 0.5 }, 'windowPaddingMs'],
    [{ keyPrefix: '' }, 'keyPrefix'],
    [{ keyPrefix: 'a{b}' }, 'keyPrefix'],
    [{ clock: {} }, '`clock` must be'],
    [{ redisOptions: 'fast' }, 'redisOptions'],
  ])('option %j is refused', (options, message) => {
    expect(() => new RedisRateLimitStore({ url: 'redis://localhost', ...(options as object) })).toThrow(message);
  });

  it('rejects a malformed take/pause call with a configuration error', async () => {
    const s = store();
    await expect(s.take('', request(1, 1000))).rejects.toBeInstanceOf(RedisAdapterConfigurationError);
    await expect(s.take('k', request(0, 1000))).rejects.toThrow('limit must be an integer >= 1');
    await expect(s.take('k', request(1, 0))).rejects.toThrow('windowMs must be a positive number');
  });

  it('inspect(), JSON and errors never show the password', async () => {
    const s = new RedisRateLimitStore({
      url: 'redis://admin:hunter2@127.0.0.1:1/2',
      redisOptions: { connectTimeout: 200 },
    });
    stores.push(s);
    expect(inspect(s)).toBe("RedisRateLimitStore { server: 'redis://127.0.0.1:1/2', keyPrefix: 'commerce-kit' }");
    expect(JSON.stringify(s)).toBe('{"server":"redis://127.0.0.1:1/2","keyPrefix":"commerce-kit"}');
    const error = await s.take('k', request(1, 1000)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedisUnavailableError);
    expect(inspect(error)).not.toContain('hunter2');
    expect(JSON.stringify(error)).not.toContain('hunter2');
  });

  it('documents its default padding', () => {
    expect(DEFAULT_WINDOW_PADDING_MS).toBe(1000);
  });
});

describe('4 processes x 300 requests, one account key, 200 per (shortened) window, default padding', () => {
  it('finish with zero 429s and never more than the limit in any window, as the server counts', async () => {
    const LIMIT = 200;
    const WINDOW_MS = 1_000;
    const server = await startLimitedServer(LIMIT, WINDOW_MS);
    try {
      const script = await bundleChild('children/rate-limit-worker');
      const env = {
        REDIS_URL: redis().server.url,
        BASE_URL: server.url,
        ACCOUNT: 'one-account',
        REQUESTS: '300',
        CONCURRENCY: '8',
        LIMIT: String(LIMIT),
        WINDOW_MS: String(WINDOW_MS),
      };
      const workers = Array.from({ length: 4 }, () =>
        startChild<{ ok: number; rateLimited: number; otherErrors: string[] }>(script, env),
      );
      const results = await Promise.all(workers.map((worker) => worker.result));
      expect(results.map((r) => r.otherErrors)).toEqual([[], [], [], []]);
      expect(results.map((r) => r.rateLimited)).toEqual([0, 0, 0, 0]);
      expect(results.map((r) => r.ok)).toEqual([300, 300, 300, 300]);
      expect(server.rateLimited()).toBe(0);
      expect(server.arrivals).toHaveLength(1_200);
      // 1 200 requests against a budget of 200 per window: the processes had to wait for each other.
      expect(server.maxInAnyWindow()).toBeLessThanOrEqual(LIMIT);
    } finally {
      await server.close();
    }
  });
});
