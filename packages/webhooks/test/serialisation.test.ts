/**
 * Per-user serialisation: the default user key (one queue, since the documented payload names no
 * user), a user key from the payload, and the `UserLock` interface that extends serialisation
 * across handlers and processes.
 */
import { describe, expect, it } from 'vitest';
import { createWebhookHandler, MemoryUserLock, type UserLock, type WebhookEvent } from '../src/index.js';
import { ManualClock, signTestDelivery } from '../src/testing/index.js';
import { deferred } from './helpers/http.js';

const SECRET = 'whsec_serial';

/** Records overlapping runs per user and the order of completion. */
function tracker(userOf: (event: WebhookEvent) => string) {
  const active = new Map<string, number>();
  const log: string[] = [];
  let overlap = false;
  let parallel = 0;
  let maxParallel = 0;
  const onEvent = async (event: WebhookEvent) => {
    const user = userOf(event);
    if ((active.get(user) ?? 0) > 0) overlap = true;
    active.set(user, (active.get(user) ?? 0) + 1);
    maxParallel = Math.max(maxParallel, ++parallel);
    await new Promise((resolve) => setTimeout(resolve, 2));
    log.push(event.data.id);
    parallel--;
    active.set(user, active.get(user)! - 1);
  };
  return { onEvent, log, overlap: () => overlap, maxParallel: () => maxParallel };
}

describe('the user key', () => {
  it('by default, every event shares one queue: a user is never processed twice at once, whatever the payload', async () => {
    // Two changes for one user, about different objects: the documented payload cannot tell whose.
    const contexts: string[] = [];
    const t = tracker(() => 'the only user we can be sure of');
    const handler = createWebhookHandler({
      secret: SECRET,
      onEvent: (event, context) => {
        contexts.push(context.userKey);
        return t.onEvent(event);
      },
    });
    for (const id of ['ord_1', 'cus_1', 'ord_2', 'prd_1']) {
      const { body, headers } = signTestDelivery(SECRET, { id });
      expect((await handler.handle(body, headers)).status).toBe(200);
    }
    await handler.drain();
    expect(t.maxParallel()).toBe(1);
    expect(t.log).toEqual(['ord_1', 'cus_1', 'ord_2', 'prd_1']);
    expect(contexts).toEqual(['*', '*', '*', '*']);
  });

  it('from a payload field: one user at a time, users in parallel up to `concurrency`', async () => {
    const userOf = (event: WebhookEvent) => String(event.payload['user_id']);
    const t = tracker(userOf);
    const handler = createWebhookHandler({ secret: SECRET, userKey: userOf, concurrency: 2, onEvent: t.onEvent });
    for (let i = 0; i < 4; i++) {
      for (const user of ['u1', 'u2', 'u3']) {
        const { body, headers } = signTestDelivery(SECRET, { id: `${user}_${i}` }, { fields: { user_id: user } });
        await handler.handle(body, headers);
      }
    }
    await handler.drain();
    expect(t.overlap()).toBe(false);
    expect(t.maxParallel()).toBe(2);
    for (const user of ['u1', 'u2', 'u3']) {
      expect(t.log.filter((id) => id.startsWith(user))).toEqual([0, 1, 2, 3].map((i) => `${user}_${i}`));
    }
  });
});

describe('UserLock', () => {
  it('MemoryUserLock hands a key to one holder at a time, in the order asked', async () => {
    const lock = new MemoryUserLock();
    const order: string[] = [];
    const first = await lock.acquire('u');
    const second = lock.acquire('u').then((release) => {
      order.push('second');
      return release;
    });
    const other = await lock.acquire('v'); // other keys are independent
    order.push('other');
    await Promise.resolve();
    expect(order).toEqual(['other']);
    await first();
    await (await second)();
    await other();
    expect(order).toEqual(['other', 'second']);
    expect(lock.size).toBe(0);
  });

  it('shared by two handlers (two endpoints, or two processes over a shared lock), serialises a user across them', async () => {
    const lock = new MemoryUserLock();
    const userOf = (event: WebhookEvent) => String(event.payload['user_id']);
    const t = tracker(userOf);
    const a = createWebhookHandler({ secret: SECRET, userKey: userOf, userLock: lock, onEvent: t.onEvent });
    const b = createWebhookHandler({ secret: SECRET, userKey: userOf, userLock: lock, onEvent: t.onEvent });
    for (let i = 0; i < 6; i++) {
      const { body, headers } = signTestDelivery(
        SECRET,
        { id: `e${i}` },
        { fields: { user_id: i % 3 === 0 ? 'u2' : 'u1' } },
      );
      await (i % 2 === 0 ? a : b).handle(body, headers);
    }
    await Promise.all([a.drain(), b.drain()]);
    expect(t.overlap()).toBe(false);
    expect(t.log).toHaveLength(6);
    expect(lock.size).toBe(0);
  });

  it('an asynchronous lock (as over Redis): held across retries, released once, a failed acquire is retried', async () => {
    const clock = new ManualClock(Date.now());
    const calls: string[] = [];
    let failNext = true;
    const lock: UserLock = {
      acquire: async (key) => {
        await Promise.resolve();
        if (failNext) {
          failNext = false;
          calls.push(`acquire ${key} failed`);
          throw new Error('redis timeout');
        }
        calls.push(`acquire ${key}`);
        return async () => {
          await Promise.resolve();
          calls.push(`release ${key}`);
        };
      },
    };
    let attempts = 0;
    const errors: unknown[] = [];
    const handler = createWebhookHandler({
      secret: SECRET,
      clock,
      userLock: lock,
      retry: { retries: 3, delayMs: () => 100 },
      onError: (error) => void errors.push(error),
      onEvent: (_event, context) => {
        attempts++;
        calls.push(`onEvent attempt ${context.attempt}`);
        if (attempts === 1) throw new Error('flaky');
      },
    });
    const { body, headers } = signTestDelivery(SECRET, { id: 'cus_1' }, { clock });
    await handler.handle(body, headers);
    for (let i = 0; i < 5; i++) await clock.advance(100);
    await handler.drain();
    await clock.flush();
    expect(calls).toEqual(['acquire * failed', 'acquire *', 'onEvent attempt 2', 'onEvent attempt 3', 'release *']);
    expect(errors).toEqual([]);
  });

  it('is released when an event fails for good, and when close() drops an event waiting for a retry', async () => {
    const lock = new MemoryUserLock();
    const clock = new ManualClock(Date.now());
    const errors: unknown[] = [];
    const failing = createWebhookHandler({
      secret: SECRET,
      clock,
      userLock: lock,
      retry: { retries: 1, delayMs: () => 10 },
      onError: (error) => void errors.push(error),
      onEvent: () => {
        throw new Error('always');
      },
    });
    const first = signTestDelivery(SECRET, { id: 'a' }, { clock });
    await failing.handle(first.body, first.headers);
    await clock.advance(10);
    await failing.drain();
    expect(errors).toHaveLength(1);
    expect(lock.size).toBe(0);

    const gate = deferred();
    const dropped = createWebhookHandler({
      secret: SECRET,
      clock,
      userLock: lock,
      retry: { retries: 5, delayMs: () => 60_000 },
      onError: () => {},
      onEvent: async () => {
        await gate.promise;
        throw new Error('down');
      },
    });
    const second = signTestDelivery(SECRET, { id: 'b' }, { clock });
    await dropped.handle(second.body, second.headers);
    await clock.flush();
    gate.resolve();
    await clock.flush();
    expect(lock.size).toBe(1); // held while the retry waits
    const closing = dropped.close({ timeoutMs: 1000 }).catch(() => undefined);
    await clock.advance(1000);
    await closing;
    await clock.flush();
    expect(lock.size).toBe(0);
  });
});

describe('an injected clock whose sleep fails', () => {
  it('does not drop an acknowledged event (the acknowledgement wait just ends)', async () => {
    const seen: string[] = [];
    const clock = { now: () => Date.now(), sleep: () => Promise.reject(new Error('no timers here')) };
    for (const store of [undefined, { claim: async () => true }]) {
      seen.length = 0;
      const handler = createWebhookHandler({
        secret: SECRET,
        clock,
        idempotency: { store },
        onEvent: (event) => void seen.push(event.data.id),
      });
      const { body, headers } = signTestDelivery(SECRET, { id: 'cus_1' });
      const response = await handler.handle(body, headers);
      await response.processed;
      expect(seen).toEqual(['cus_1']);
    }
  });
});
