import { Redis } from 'ioredis';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import type { WebhookEvent } from '@commerce-kit/webhooks';
import { WebhookConfigurationError } from '@commerce-kit/webhooks';
import { signTestDelivery } from '@commerce-kit/webhooks/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { RedisAdapterConfigurationError, RedisUnavailableError, type RedisAdapterError } from '../src/index.js';
import { startRedisServer } from '../src/testing/index.js';
import {
  DeliveryFailedError,
  createRedisWebhookReceiver,
  createRedisWebhookWorker,
  type RedisWebhookEventContext,
  type RedisWebhookReceiver,
  type RedisWebhookReceiverOptions,
  type RedisWebhookWorker,
  type RedisWebhookWorkerOptions,
} from '../src/webhooks/index.js';
import { SECRET, delivery } from './support/deliveries.js';
import { useRedisServer } from './support/redis.js';

const redis = useRedisServer();
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await redis().inspect.flushall();
});

const userOf = (event: WebhookEvent): string => String(event.payload['user_id']);

function receiver(options: Partial<RedisWebhookReceiverOptions> = {}): RedisWebhookReceiver {
  const created = createRedisWebhookReceiver({ url: redis().server.url, secret: SECRET, userKey: userOf, ...options });
  closers.push(() => created.close());
  return created;
}

function worker(
  options: Partial<RedisWebhookWorkerOptions> & Pick<RedisWebhookWorkerOptions, 'onEvent'>,
): RedisWebhookWorker {
  const created = createRedisWebhookWorker({
    url: redis().server.url,
    claimIdleMs: 1_000,
    retry: { delayMs: () => 10 },
    ...options,
  });
  closers.push(() => created.close({ timeoutMs: 2_000 }));
  return created;
}

/** Stores deliveries `from` to `to - 1` of `user`, one after the other. */
async function store(r: RedisWebhookReceiver, user: string, from: number, to: number): Promise<void> {
  for (let seq = from; seq < to; seq++) {
    const d = delivery(user, seq);
    expect((await r.handle(d.body, d.headers)).status).toBe(200);
  }
}

describe('createRedisWebhookReceiver', () => {
  it('stores a verified delivery before answering 200, and answers a copy 200 as a duplicate', async () => {
    const r = receiver();
    const d = delivery('u1', 1);
    expect(await r.handle(d.body, d.headers)).toEqual({ status: 200, body: { received: true } });
    expect(await redis().inspect.xlen('commerce-kit:webhooks:{deliveries}:stream')).toBe(1);
    expect(await redis().inspect.lrange('commerce-kit:webhooks:{deliveries}:user:u1', 0, -1)).toHaveLength(1);
    expect(await r.handle(d.body, d.headers)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    // The same signed message with other (unsigned) data is the same delivery.
    const tampered = JSON.stringify({ ...JSON.parse(d.body), data: { id: 'other' } });
    expect((await r.handle(tampered, d.headers)).body).toEqual({ received: true, duplicate: true });
    expect(await redis().inspect.xlen('commerce-kit:webhooks:{deliveries}:stream')).toBe(1);
  });

  it('two receivers getting the same delivery at the same moment store it once', async () => {
    const [a, b] = [receiver(), receiver()];
    const copies = Array.from({ length: 20 }, (_, i) => delivery('u', i));
    const answers = await Promise.all(
      copies.flatMap((d) => [a.handle(d.body, d.headers), b.handle(d.body, d.headers)]),
    );
    expect(answers.filter((answer) => answer.body.duplicate === true)).toHaveLength(20);
    expect(await redis().inspect.xlen('commerce-kit:webhooks:{deliveries}:stream')).toBe(20);
  });

  it('refuses invalid deliveries like the webhooks handler (400/413) and stores nothing', async () => {
    const rejected: string[] = [];
    const r = receiver({ maxBodyBytes: 2_000, onRejected: (failure) => rejected.push(failure.reason) });
    const bad = signTestDelivery('another-secret', { id: 'x' });
    expect(await r.handle(bad.body, bad.headers)).toEqual({
      status: 400,
      body: { received: false, reason: 'invalid_signature' },
    });
    expect((await r.handle('{}', {})).status).toBe(400);
    const big = delivery('u', 1, { padding: 'x'.repeat(3_000) });
    expect(await r.handle(big.body, big.headers)).toEqual({
      status: 413,
      body: { received: false, reason: 'body_too_large' },
    });
    expect(rejected).toEqual(['invalid_signature', 'missing_signature', 'body_too_large']);
    expect(await redis().inspect.exists('commerce-kit:webhooks:{deliveries}:stream')).toBe(0);
  });

  it('answers 500 when userKey throws, 503 once closed', async () => {
    const r = receiver({
      userKey: () => {
        throw new Error('no user');
      },
    });
    const d = delivery('u', 1);
    expect(await r.handle(d.body, d.headers)).toEqual({
      status: 500,
      body: { received: false, reason: 'internal_error' },
    });
    await r.close();
    expect(r.closed).toBe(true);
    expect(await r.handle(d.body, d.headers)).toEqual({
      status: 503,
      body: { received: false, reason: 'shutting_down' },
    });
  });

  it('answers 503 while Redis is down (nothing stored, the platform can send it again), and recovers', async () => {
    const own = await startRedisServer();
    try {
      const r = receiver({ url: own.url });
      const d = delivery('u', 1);
      process.kill(own.pid, 'SIGSTOP');
      try {
        const hung = createRedisWebhookReceiver({
          url: own.url,
          secret: SECRET,
          redisOptions: { commandTimeout: 200 },
        });
        closers.push(() => hung.close());
        expect(await hung.handle(d.body, d.headers)).toEqual({
          status: 503,
          body: { received: false, reason: 'unavailable' },
        });
      } finally {
        process.kill(own.pid, 'SIGCONT');
      }
      expect((await r.handle(d.body, d.headers)).status).toBe(200);
      await own.stop();
      const next = delivery('u', 2);
      expect(await r.handle(next.body, next.headers)).toEqual({
        status: 503,
        body: { received: false, reason: 'unavailable' },
      });
    } finally {
      await own.stop();
    }
  });

  it('serves Node http: raw bodies, express-style parsed bodies, oversized bodies, Redis down', async () => {
    const own = await startRedisServer();
    const r = createRedisWebhookReceiver({ url: own.url, secret: SECRET, maxBodyBytes: 4_096 });
    const server = createServer((req, res) => {
      if (req.url === '/parsed') {
        let text = '';
        req.on('data', (chunk: Buffer) => (text += chunk.toString()));
        req.on('end', () => {
          Object.assign(req, { body: JSON.parse(text) as unknown });
          void r.node(req, res);
        });
        return;
      }
      void r.node(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const post = async (path: string, body: string, headers: Record<string, string>) => {
        const response = await fetch(base + path, { method: 'POST', body, headers });
        return { status: response.status, body: (await response.json()) as unknown };
      };
      const one = delivery('u', 1);
      expect(await post('/', one.body, one.headers)).toEqual({ status: 200, body: { received: true } });
      const two = delivery('u', 2);
      expect(await post('/parsed', two.body, two.headers)).toEqual({ status: 200, body: { received: true } });
      expect(await post('/', one.body, one.headers)).toEqual({
        status: 200,
        body: { received: true, duplicate: true },
      });
      const big = delivery('u', 3, { padding: 'x'.repeat(5_000) });
      expect((await post('/', big.body, big.headers)).status).toBe(413);
      await own.stop();
      const three = delivery('u', 4);
      expect(await post('/', three.body, three.headers)).toEqual({
        status: 503,
        body: { received: false, reason: 'unavailable' },
      });
    } finally {
      server.closeAllConnections();
      server.close();
      await r.close();
      await own.stop();
    }
  });

  it('checks its options where they are given', () => {
    expect(() => createRedisWebhookReceiver({ url: 'redis://localhost', secret: '' })).toThrow(
      WebhookConfigurationError,
    );
    expect(() => createRedisWebhookReceiver({ url: 'http://localhost', secret: SECRET })).toThrow(
      RedisAdapterConfigurationError,
    );
    expect(() => createRedisWebhookReceiver({ url: 'redis://localhost', secret: SECRET, queue: 'a b' })).toThrow(
      'queue must be',
    );
    expect(() =>
      createRedisWebhookReceiver({ url: 'redis://localhost', secret: SECRET, idempotencyTtlSeconds: 0 }),
    ).toThrow('idempotencyTtlSeconds');
    expect(() =>
      createRedisWebhookReceiver({ url: 'redis://localhost', secret: SECRET, userKey: 'user_id' as never }),
    ).toThrow('userKey must be a function');
    const r = createRedisWebhookReceiver({ url: 'redis://me:hunter2@localhost:6390', secret: SECRET });
    closers.push(() => r.close());
    expect(inspect(r)).toBe("RedisWebhookReceiver { server: 'redis://localhost:6390', closed: false }");
    expect(JSON.stringify(r)).not.toContain('hunter2');
    expect(JSON.stringify(r)).not.toContain(SECRET);
  });

  it('remembers delivery keys for the replay window plus a minute by default', async () => {
    const r = receiver({ maxAgeSeconds: 600, maxFutureSeconds: 60 });
    const d = delivery('u', 1);
    await r.handle(d.body, d.headers);
    const [seen] = await redis().inspect.keys('commerce-kit:webhooks:{deliveries}:seen:*');
    const ttl = await redis().inspect.ttl(seen ?? '');
    expect(ttl).toBeGreaterThan(700);
    expect(ttl).toBeLessThanOrEqual(721);
  });
});

interface Processed {
  readonly user: string;
  readonly seq: number;
  readonly context: RedisWebhookEventContext;
}

describe('createRedisWebhookWorker', () => {
  it('processes each stored delivery once, each user one at a time and in order, across several workers', async () => {
    const r = receiver();
    const processed: Processed[] = [];
    const running = new Map<string, number>();
    let overlap = 0;
    const onEvent = async (event: WebhookEvent, context: RedisWebhookEventContext) => {
      const user = userOf(event);
      running.set(user, (running.get(user) ?? 0) + 1);
      if ((running.get(user) ?? 0) > 1) overlap++;
      await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * 3));
      processed.push({ user, seq: Number(event.data['seq']), context });
      running.set(user, (running.get(user) ?? 0) - 1);
    };
    const errors: RedisAdapterError[] = [];
    for (let i = 0; i < 3; i++) worker({ onEvent, concurrency: 4, onError: (error) => errors.push(error) });
    const users = ['a', 'b', 'c', 'd', 'e'];
    for (let seq = 0; seq < 12; seq++) {
      for (const user of users) {
        const d = delivery(user, seq);
        expect((await r.handle(d.body, d.headers)).status).toBe(200);
      }
    }
    await waitFor(() => processed.length === 60, { message: '60 deliveries processed' });
    expect(errors).toEqual([]);
    expect(overlap).toBe(0);
    for (const user of users) {
      expect(processed.filter((p) => p.user === user).map((p) => p.seq)).toEqual([...Array(12).keys()]);
    }
    expect(processed.every((p) => p.context.attempt === 1 && p.context.deliveries === 1)).toBe(true);
    await waitFor(async () => (await redis().inspect.xlen('commerce-kit:webhooks:{deliveries}:stream')) === 0, {
      message: 'stream emptied',
    });
    expect(await redis().inspect.keys('commerce-kit:webhooks:{deliveries}:user:*')).toEqual([]);
  });

  it('processes deliveries stored before any worker ran', async () => {
    const r = receiver();
    await store(r, 'early', 0, 5);
    const seen: number[] = [];
    worker({ onEvent: (event) => void seen.push(Number(event.data['seq'])) });
    await waitFor(() => seen.length === 5, { message: 'five processed' });
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });

  it('retries a failing onEvent, then moves the delivery to the dead letters and goes on with the user', async () => {
    const r = receiver();
    const errors: RedisAdapterError[] = [];
    const calls: Array<[number, number]> = [];
    worker({
      retry: { retries: 2, delayMs: () => 5 },
      onError: (error) => errors.push(error),
      onEvent: (event, { attempt }) => {
        const seq = Number(event.data['seq']);
        calls.push([seq, attempt]);
        if (seq === 1) throw new Error('cannot handle 1');
        if (seq === 2 && attempt === 1) throw new Error('flaky 2');
      },
    });
    await store(r, 'p', 0, 4);
    await waitFor(() => calls.filter(([seq]) => seq === 3).length === 1, { message: 'the last delivery processed' });
    expect(calls).toEqual([
      [0, 1],
      [1, 1],
      [1, 2],
      [1, 3],
      [2, 1],
      [2, 2],
      [3, 1],
    ]);
    expect(errors).toHaveLength(1);
    const failure = errors[0] as DeliveryFailedError;
    expect(failure).toBeInstanceOf(DeliveryFailedError);
    expect(failure.attempts).toBe(3);
    expect(failure.userKey).toBe('p');
    expect(failure.event?.data['seq']).toBe(1);
    expect((failure.cause as Error).message).toBe('cannot handle 1');
    const dead = await redis().inspect.xrange('commerce-kit:webhooks:{deliveries}:failed', '-', '+');
    expect(dead).toHaveLength(1);
    const fields = dead[0]?.[1] ?? [];
    expect(fields.slice(0, 6)).toEqual([
      'id',
      failure.deliveryId,
      'error',
      'onEvent failed 3 time(s): cannot handle 1',
      'attempts',
      '3',
    ]);
    expect(fields).toContain('user');
  });

  it('moves a stored entry that is not a delivery to the dead letters without calling onEvent', async () => {
    const errors: RedisAdapterError[] = [];
    const events: WebhookEvent[] = [];
    const { inspect: raw } = redis();
    const id = await raw.xadd(
      'commerce-kit:webhooks:{deliveries}:stream',
      '*',
      'user',
      'x',
      'key',
      'k',
      'event',
      '{"v":1,"payload":"nope"}',
    );
    await raw.rpush('commerce-kit:webhooks:{deliveries}:user:x', id ?? '');
    worker({ onEvent: (event) => void events.push(event), onError: (error) => errors.push(error) });
    await waitFor(() => errors.length === 1, { message: 'the entry given up' });
    expect(events).toEqual([]);
    expect(errors[0]).toBeInstanceOf(DeliveryFailedError);
    expect(errors[0]?.message).toContain('not a delivery');
  });

  it('close() waits for running onEvent calls and hands the rest back at once', async () => {
    const r = receiver();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first: number[] = [];
    const w1 = worker({
      claimIdleMs: 60_000,
      onEvent: async (event) => {
        first.push(Number(event.data['seq']));
        await gate;
      },
    });
    await store(r, 'h', 0, 4);
    await waitFor(() => first.length === 1, { message: 'first delivery running' });
    const closing = w1.close();
    release();
    await closing;
    expect(w1.closed).toBe(true);
    expect(first).toEqual([0]);
    // A new worker claims the handed-back deliveries without waiting the 60 s claimIdleMs of the first.
    const second: number[] = [];
    worker({ claimIdleMs: 60_000, onEvent: (event) => void second.push(Number(event.data['seq'])) });
    await waitFor(() => second.length === 3, { message: 'the rest processed by the second worker' });
    expect(second).toEqual([1, 2, 3]);
  });

  it("takes over a dead worker's backlog larger than it can hold, in order per user", async () => {
    const r = receiver();
    for (let seq = 0; seq < 60; seq++) {
      for (const user of ['x', 'y', 'z']) {
        const d = delivery(user, seq);
        await r.handle(d.body, d.headers);
      }
    }
    // A worker that read all 180 and died: they sit in its pending list.
    const { inspect: raw } = redis();
    await raw.xgroup('CREATE', 'commerce-kit:webhooks:{deliveries}:stream', 'workers', '0', 'MKSTREAM');
    await raw.xreadgroup(
      'GROUP',
      'workers',
      'dead-worker',
      'COUNT',
      1_000,
      'STREAMS',
      'commerce-kit:webhooks:{deliveries}:stream',
      '>',
    );
    const seen = new Map<string, number[]>();
    const contexts: RedisWebhookEventContext[] = [];
    worker({
      // Long enough that the worker's own renewals (each round, every claimIdleMs / 3) never lapse on a loaded machine:
      // a lapse lets its own claim round take back what it holds, and counts a third delivery.
      claimIdleMs: 1_000,
      concurrency: 1, // holds at most 16
      onEvent: (event, context) => {
        contexts.push(context);
        const user = userOf(event);
        seen.set(user, [...(seen.get(user) ?? []), Number(event.data['seq'])]);
      },
    });
    await waitFor(() => contexts.length === 180, { message: 'the whole backlog processed', timeoutMs: 20_000 });
    for (const user of ['x', 'y', 'z']) expect(seen.get(user)).toEqual([...Array(60).keys()]);
    // Each one read by the dead worker, then claimed once: any other count is shown as it is.
    expect(contexts.map((context) => context.deliveries).filter((deliveries) => deliveries !== 2)).toEqual([]);
  });

  it('keeps going through a Redis that hangs: reports it once, then processes everything exactly once', async () => {
    const own = await startRedisServer();
    try {
      const r = createRedisWebhookReceiver({ url: own.url, secret: SECRET, userKey: userOf });
      closers.push(() => r.close());
      const errors: RedisAdapterError[] = [];
      const seen: number[] = [];
      const w = createRedisWebhookWorker({
        url: own.url,
        claimIdleMs: 1_000,
        redisOptions: { commandTimeout: 200 },
        onError: (error) => errors.push(error),
        onEvent: (event) => void seen.push(Number(event.data['seq'])),
      });
      closers.push(() => w.close({ timeoutMs: 1_000 }));
      await store(r, 'z', 0, 3);
      await waitFor(() => seen.length === 3, { message: 'first three' });
      process.kill(own.pid, 'SIGSTOP');
      try {
        await waitFor(() => errors.length > 0, { message: 'the outage reported' });
      } finally {
        process.kill(own.pid, 'SIGCONT');
      }
      await store(r, 'z', 3, 6);
      await waitFor(() => seen.length === 6, { message: 'all six' });
      // Nothing can be processed a second time once every entry is finished (deleted from the stream)
      // and the worker has stopped (close waits for what it is processing).
      const outage = new Redis(own.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await waitFor(async () => (await outage.xlen('commerce-kit:webhooks:{deliveries}:stream')) === 0, {
          message: 'the stream emptied',
        });
      } finally {
        outage.disconnect();
      }
      await w.close();
      expect(seen).toEqual([0, 1, 2, 3, 4, 5]);
      expect(errors[0]).toBeInstanceOf(RedisUnavailableError);
      expect(errors.every((error) => error instanceof RedisUnavailableError)).toBe(true);
    } finally {
      await own.stop();
    }
  });

  it('checks its options where they are given', () => {
    const base = { url: 'redis://localhost', onEvent: () => undefined };
    expect(() => createRedisWebhookWorker({ ...base, onEvent: undefined as never })).toThrow(
      'onEvent must be a function',
    );
    expect(() => createRedisWebhookWorker({ ...base, concurrency: 0 })).toThrow('concurrency');
    expect(() => createRedisWebhookWorker({ ...base, claimIdleMs: 10 })).toThrow('claimIdleMs');
    expect(() => createRedisWebhookWorker({ ...base, maxDeliveries: 0 })).toThrow('maxDeliveries');
    expect(() => createRedisWebhookWorker({ ...base, retry: { retries: -1 } })).toThrow('retry.retries');
    expect(() => createRedisWebhookWorker({ ...base, url: 'redis:/nohost' })).toThrow(RedisAdapterConfigurationError);
  });
});
