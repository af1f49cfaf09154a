import { inspect } from 'node:util';
import { createWebhookHandler, type WebhookEvent, type WebhookHandler } from '@commerce-kit/webhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { RedisAdapterConfigurationError, RedisUnavailableError } from '../src/index.js';
import { ManualClock, startRedisServer } from '../src/testing/index.js';
import { RedisIdempotencyStore, RedisUserLock } from '../src/webhooks/index.js';
import { SECRET, delivery } from './support/deliveries.js';
import { useRedisServer } from './support/redis.js';

const redis = useRedisServer();
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await redis().inspect.flushall();
});

function idempotency(url = redis().server.url): RedisIdempotencyStore {
  const store = new RedisIdempotencyStore({ url });
  closers.push(() => store.close());
  return store;
}

function lock(options: { url?: string; leaseMs?: number; clock?: ManualClock } = {}): RedisUserLock {
  const created = new RedisUserLock({
    url: options.url ?? redis().server.url,
    leaseMs: options.leaseMs,
    clock: options.clock,
  });
  closers.push(() => created.close());
  return created;
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A ManualClock that records every wait asked of it. */
class RecordingClock extends ManualClock {
  readonly waits: number[] = [];
  override sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.waits.push(ms);
    return super.sleep(ms, signal);
  }
}

describe('RedisIdempotencyStore', () => {
  it('claims a key once across stores (processes), with its TTL', async () => {
    const stores = [idempotency(), idempotency(), idempotency()];
    const answers = await Promise.all(
      stores.flatMap((store) => Array.from({ length: 5 }, () => store.claim('1700000000tok', 120))),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    const [key] = await redis().inspect.keys('commerce-kit:webhooks:seen:*');
    expect(key).toMatch(/^commerce-kit:webhooks:seen:[0-9a-f]{64}$/);
    expect(await redis().inspect.ttl(key ?? '')).toBeGreaterThan(100);
    expect(await stores[0]?.claim('1700000000other', 120)).toBe(true);
  });

  it('rejects with RedisUnavailableError when Redis is down, and refuses bad arguments', async () => {
    const down = await startRedisServer();
    const store = idempotency(down.url);
    await down.stop();
    await expect(store.claim('k', 60)).rejects.toBeInstanceOf(RedisUnavailableError);
    await expect(store.claim('', 60)).rejects.toBeInstanceOf(RedisAdapterConfigurationError);
    await expect(store.claim('k', 1.5)).rejects.toThrow('ttlSeconds');
    expect(inspect(new RedisIdempotencyStore({ url: 'redis://:pw@h:1' }))).toBe(
      "RedisIdempotencyStore { server: 'redis://h:1', keyPrefix: 'commerce-kit' }",
    );
  });
});

describe('RedisUserLock', () => {
  it('holds a user key for one holder at a time; the next waits until it is released', async () => {
    // b asks again for a held key after a wait on its clock, which moves only when the test says.
    const clock = new RecordingClock(Date.now());
    const [a, b] = [lock(), lock({ clock })];
    const tries = () => clock.waits.filter((ms) => ms <= 100).length; // its renewals wait 10 s
    const releaseA = await a.acquire('u1');
    let bHolds = false;
    const bAcquired = b.acquire('u1').then((release) => {
      bHolds = true;
      return release;
    });
    const other = await b.acquire('u2');
    for (let refused = 1; ; refused++) {
      // b waits again only after Redis refused it the key.
      await waitFor(() => tries() === refused);
      expect(bHolds).toBe(false);
      if (refused === 3) break;
      await clock.advance(100);
    }
    await releaseA();
    await releaseA(); // once only
    await clock.advance(100); // b's next try finds the key free
    const releaseB = await bAcquired;
    expect(bHolds).toBe(true);
    await releaseB();
    await other();
    expect(await redis().inspect.keys('commerce-kit:webhooks:lock:*')).toEqual([]);
  });

  it('renews its lease while held, and frees the key after the lease when the holder is gone', async () => {
    // a renews every 20 s of its own clock, moved by the test; Redis keeps the lease in real time,
    // so the test shortens what is left of it (PEXPIRE) where the time would have passed.
    const clock = new ManualClock(Date.now());
    const a = lock({ leaseMs: 60_000, clock });
    const b = lock({ leaseMs: 300 });
    const key = 'commerce-kit:webhooks:lock:u';
    await a.acquire('u');
    for (let renewal = 1; renewal <= 2; renewal++) {
      await waitFor(() => clock.pending === 1); // the renewal waits
      await redis().inspect.pexpire(key, 1_000); // most of the lease gone
      await clock.advance(20_000);
      await waitFor(async () => (await redis().inspect.pttl(key)) > 50_000, {
        message: `renewal ${renewal} of the lease`,
      });
    }
    await a.close(); // a "dies": no renewal, no release
    expect(clock.pending).toBe(0); // nothing is left to renew it
    await redis().inspect.pexpire(key, 200); // the rest of its lease
    const release = await b.acquire('u'); // once the lease ran out
    await release();
  });

  it('a release by a holder whose lease ran out does not free the next holder', async () => {
    const a = lock({ leaseMs: 200 });
    const releaseA = await a.acquire('u');
    await a.close(); // stops renewing: the lease runs out
    const b = lock({ leaseMs: 5_000 });
    const releaseB = await b.acquire('u');
    await releaseA().catch(() => undefined); // a's connection is closed; even if it were not, its token no longer matches
    expect(await redis().inspect.get('commerce-kit:webhooks:lock:u')).not.toBeNull();
    await releaseB();
  });

  it('rejects with RedisUnavailableError when Redis is down', async () => {
    const down = await startRedisServer();
    const l = lock({ url: down.url });
    await down.stop();
    await expect(l.acquire('u')).rejects.toBeInstanceOf(RedisUnavailableError);
    expect(() => new RedisUserLock({ url: 'redis://h', leaseMs: 5 })).toThrow('leaseMs');
  });
});

describe('createWebhookHandler with the Redis store and lock, as several processes', () => {
  function handlers(count: number, onEvent: (event: WebhookEvent) => Promise<void>): WebhookHandler[] {
    return Array.from({ length: count }, () => {
      const handler = createWebhookHandler({
        secret: SECRET,
        userKey: (event) => String(event.payload['user_id']),
        idempotency: { store: idempotency() },
        userLock: lock(),
        onEvent,
        retry: { retries: 0 },
      });
      closers.push(() => handler.close());
      return handler;
    });
  }

  it("processes a delivery received by several processes once, and a user's events one at a time", async () => {
    const seen: string[] = [];
    const running = new Map<string, number>();
    let overlap = 0;
    const all = handlers(3, async (event) => {
      const user = String(event.payload['user_id']);
      running.set(user, (running.get(user) ?? 0) + 1);
      if ((running.get(user) ?? 0) > 1) overlap++;
      await tick(3);
      seen.push(event.deliveryKey);
      running.set(user, (running.get(user) ?? 0) - 1);
    });
    const deliveries = Array.from({ length: 30 }, (_, i) => delivery(`user-${i % 3}`, i));
    // Every delivery reaches every process.
    const answers = await Promise.all(
      deliveries.flatMap((d) => all.map((handler) => handler.handle(d.body, d.headers))),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.body.duplicate === true)).toHaveLength(60);
    await Promise.all(all.map((handler) => handler.drain()));
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(overlap).toBe(0);
  });

  it('answers 500 and processes nothing while Redis is down (fails closed: the platform can send it again)', async () => {
    const down = await startRedisServer();
    const calls: string[] = [];
    const handler = createWebhookHandler({
      secret: SECRET,
      idempotency: { store: idempotency(down.url) },
      onEvent: (event) => void calls.push(event.token),
    });
    closers.push(() => handler.close());
    await down.stop();
    const d = delivery('u', 1);
    const answer = await handler.handle(d.body, d.headers);
    expect(answer.status).toBe(500);
    await handler.drain();
    expect(calls).toEqual([]);
  });
});
