import type { ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import {
  computeSignature,
  createWebhookHandler,
  WebhookConfigurationError,
  WebhookProcessingError,
  WebhookShutdownTimeoutError,
  type Clock,
  type IdempotencyStore,
  type WebhookEvent,
  type WebhookHandler,
  type WebhookHandlerOptions,
} from '../src/index.js';
import { ManualClock, signTestDelivery } from '../src/testing/index.js';
import { deferred, post, startFetchServer, startNodeServer, type RunningServer } from './helpers/http.js';

const SECRET = 'whsec_handler_secret';
// Taken before any test installs fake timers.
const realSetImmediate = setImmediate;
const realDateNow = Date.now;
const realMacrotask = async () => {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => realSetImmediate(resolve));
};
/** The real time, with waits that end at once (recording the retry delays asked for). */
function instantClock(delays: number[] = []): Clock {
  return {
    now: () => Date.now(),
    sleep: async (ms) => {
      if (ms > 0) delays.push(ms);
    },
  };
}
/** Each event's own queue: users are told apart by the affected object in these tests. */
const byObject = (event: WebhookEvent) => event.data.id;

type Adapter = 'node' | 'fetch';
const servers: RunningServer[] = [];
const handlers: WebhookHandler[] = [];

afterEach(async () => {
  for (const handler of handlers.splice(0)) await handler.close();
  for (const server of servers.splice(0)) await server.close();
});

async function serve(adapter: Adapter, options: Partial<WebhookHandlerOptions> = {}) {
  const events: WebhookEvent[] = [];
  const handler = createWebhookHandler({
    secret: SECRET,
    clock: instantClock(),
    onEvent: (event) => void events.push(event),
    ...options,
  });
  handlers.push(handler);
  const server = adapter === 'node' ? await startNodeServer(handler.node) : await startFetchServer(handler.fetch);
  servers.push(server);
  return { handler, events, url: server.url };
}

describe.each<Adapter>(['node', 'fetch'])('createWebhookHandler over real HTTP (%s adapter)', (adapter) => {
  it('answers 200 for a valid delivery and runs onEvent from the queue', async () => {
    const { handler, events, url } = await serve(adapter);
    const { body, headers } = signTestDelivery(SECRET, { id: 'cus_1' }, { type: 'customer_created' });
    expect(await post(url, body, headers)).toEqual({ status: 200, json: { received: true } });
    await handler.drain();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'customer_created', data: { id: 'cus_1' } });
  });

  it('answers 400 with the reason for invalid deliveries and never calls onEvent', async () => {
    const rejected: string[] = [];
    const { handler, events, url } = await serve(adapter, {
      onRejected: (failure) => void rejected.push(failure.reason),
    });
    const good = signTestDelivery(SECRET, { id: 'cus_1' });
    const stale = signTestDelivery(
      SECRET,
      { id: 'cus_1' },
      { timestamp: String(Math.floor(Date.now() / 1000) - 90_000) },
    );
    const future = signTestDelivery(
      SECRET,
      { id: 'cus_1' },
      { timestamp: String(Math.floor(Date.now() / 1000) + 3600) },
    );
    const cases: Array<[string, Record<string, string>, string]> = [
      [good.body, { 'content-type': 'application/json' }, 'missing_signature'],
      [good.body, { 'x-service-signature': computeSignature('other', '1', '2') }, 'invalid_signature'],
      [good.body, { 'x-service-signature': 'not-base64' }, 'invalid_signature'],
      ['{"nope":', good.headers, 'malformed_body'],
      [stale.body, stale.headers, 'stale_timestamp'],
      [future.body, future.headers, 'stale_timestamp'],
    ];
    for (const [body, headers, reason] of cases) {
      expect(await post(url, body, headers)).toEqual({ status: 400, json: { received: false, reason } });
    }
    await handler.drain();
    expect(events).toHaveLength(0);
    expect(rejected).toEqual(cases.map((c) => c[2]));
  });

  it('answers 400 when the signature header is sent twice (two header lines), even with the right value', async () => {
    const { handler, events, url } = await serve(adapter);
    const { body, headers } = signTestDelivery(SECRET, { id: 'cus_1' });
    const signature = headers['x-service-signature']!;
    const { request } = await import('node:http');
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-signature': [signature, signature] },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(400);
    await handler.drain();
    expect(events).toHaveLength(0);
  });

  it('reads the signature header whatever its case', async () => {
    const { url } = await serve(adapter);
    const { body, headers } = signTestDelivery(SECRET, { id: 'cus_1' });
    const response = await post(url, body, { 'X-SERVICE-SIGNATURE': headers['x-service-signature']! });
    expect(response.status).toBe(200);
  });

  it('refuses bodies over the limit with 413', async () => {
    const { events, url } = await serve(adapter, { maxBodyBytes: 64 * 1024 });
    const { body, headers } = signTestDelivery(SECRET, { id: 'cus_1', blob: 'x'.repeat(70 * 1024) });
    expect(await post(url, body, headers)).toEqual({
      status: 413,
      json: { received: false, reason: 'body_too_large' },
    });
    expect(events).toHaveLength(0);
  });

  it('refuses a default-limit (1 MiB) overrun', async () => {
    const { url } = await serve(adapter);
    const { body, headers } = signTestDelivery(SECRET, { id: 'cus_1', blob: 'x'.repeat(1024 * 1024) });
    expect((await post(url, body, headers)).status).toBe(413);
  });

  it('processes a burst of concurrent duplicate deliveries for one user exactly once', async () => {
    const calls: string[] = [];
    const { handler, url } = await serve(adapter, {
      onEvent: async (event) => {
        calls.push(event.data.id);
        await new Promise((r) => setTimeout(r, 5));
      },
    });
    const { body, headers } = signTestDelivery(SECRET, { id: 'cus_burst' }, { type: 'customer_updated' });
    const responses = await Promise.all(Array.from({ length: 40 }, () => post(url, body, headers)));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(responses.filter((r) => r.json['duplicate'] !== true)).toHaveLength(1);
    await handler.drain();
    expect(calls).toEqual(['cus_burst']);
  });

  it('skips a captured delivery resent with another data.id (the duplicate key is timestamp + token)', async () => {
    const { handler, events, url } = await serve(adapter);
    const original = signTestDelivery(SECRET, { id: 'ord_1' });
    const payload = JSON.parse(original.body) as { data: { id: string } };
    payload.data.id = 'ord_attacker';
    expect((await post(url, original.body, original.headers)).json).toEqual({ received: true });
    expect((await post(url, JSON.stringify(payload), original.headers)).json).toEqual({
      received: true,
      duplicate: true,
    });
    await handler.drain();
    expect(events.map((e) => e.data.id)).toEqual(['ord_1']);
  });

  it('rejects the missing-separator forgery: far-future re-splits are stale, same-instant ones are duplicates', async () => {
    const now = Math.floor(Date.now() / 1000);
    const captured = signTestDelivery(SECRET, { id: 'cus_1' }, { timestamp: String(now), token: '123d1e9c0a' });
    const forged = JSON.stringify({ timestamp: `${now}1`, token: '23d1e9c0a', data: { id: 'cus_attacker' } });
    const asMillis = JSON.stringify({ timestamp: `${now}123`, token: 'd1e9c0a', data: { id: 'cus_attacker' } });

    for (const maxAgeSeconds of [undefined, false] as const) {
      const { handler, events, url } = await serve(adapter, { maxAgeSeconds });
      expect((await post(url, forged, captured.headers)).json).toEqual({ received: false, reason: 'stale_timestamp' });
      expect((await post(url, captured.body, captured.headers)).json).toEqual({ received: true });
      expect((await post(url, asMillis, captured.headers)).json).toEqual({ received: true, duplicate: true });
      await handler.drain();
      expect(events.map((e) => e.data.id)).toEqual(['cus_1']);
    }
  });

  it('keeps per-user order and runs other users in parallel', async () => {
    const log: string[] = [];
    const active = new Map<string, number>();
    let overlapSameUser = false;
    let maxParallel = 0;
    let parallel = 0;
    const { handler, url } = await serve(adapter, {
      concurrency: 4,
      userKey: (event) => String(event.payload['user']),
      onEvent: async (event) => {
        const user = String(event.payload['user']);
        if ((active.get(user) ?? 0) > 0) overlapSameUser = true;
        active.set(user, (active.get(user) ?? 0) + 1);
        maxParallel = Math.max(maxParallel, ++parallel);
        await new Promise((r) => setTimeout(r, 2 + (event.data.id.length % 3)));
        log.push(`${user}:${event.data.id}`);
        parallel--;
        active.set(user, active.get(user)! - 1);
      },
    });
    // Users A, B, C each send 8 deliveries; each delivery is sent after the previous one was
    // acknowledged, so arrival order is known, while processing lags behind.
    await Promise.all(
      ['A', 'B', 'C'].map(async (user) => {
        for (let i = 0; i < 8; i++) {
          const { body, headers } = signTestDelivery(
            SECRET,
            { id: `${user}${i}`.padEnd(2 + i, '_') },
            { fields: { user } },
          );
          expect((await post(url, body, headers)).status).toBe(200);
        }
      }),
    );
    await handler.drain();
    for (const user of ['A', 'B', 'C']) {
      const order = log
        .filter((entry) => entry.startsWith(`${user}:`))
        .map((entry) => entry.split(':')[1]!.replace(/_+$/, ''));
      expect(order).toEqual(Array.from({ length: 8 }, (_, i) => `${user}${i}`));
    }
    expect(overlapSameUser).toBe(false);
    expect(maxParallel).toBeLessThanOrEqual(3);
  });

  it('runs different users in parallel up to the concurrency limit', async () => {
    const gate = deferred();
    let running = 0;
    let maxRunning = 0;
    const { handler, url } = await serve(adapter, {
      concurrency: 3,
      userKey: byObject,
      onEvent: async () => {
        maxRunning = Math.max(maxRunning, ++running);
        await gate.promise;
        running--;
      },
    });
    for (let i = 0; i < 5; i++) {
      const { body, headers } = signTestDelivery(SECRET, { id: `user_${i}` });
      expect((await post(url, body, headers)).status).toBe(200);
    }
    // All five acknowledged; three started and held by the gate, the other two wait for a free slot.
    await waitFor(() => running === 3);
    expect(handler.pending).toBe(5);
    gate.resolve();
    await handler.drain();
    expect(maxRunning).toBe(3);
  });

  it('finishes acknowledged work on close() and refuses new deliveries with 503', async () => {
    const gate = deferred();
    const done: string[] = [];
    const { handler, url } = await serve(adapter, {
      onEvent: async (event) => {
        await gate.promise;
        done.push(event.data.id);
      },
    });
    for (let i = 0; i < 5; i++) {
      const { body, headers } = signTestDelivery(SECRET, { id: `cus_${i}` });
      expect((await post(url, body, headers)).status).toBe(200);
    }
    expect(handler.pending).toBe(5);
    let closed = false;
    const closing = handler.close().then(() => {
      closed = true;
    });
    const late = signTestDelivery(SECRET, { id: 'cus_late' });
    expect(await post(url, late.body, late.headers)).toEqual({
      status: 503,
      json: { received: false, reason: 'shutting_down' },
    });
    // close() has had its turn (it already refuses deliveries), but the gate still holds the work.
    expect(closed).toBe(false);
    gate.resolve();
    await closing;
    expect(done.sort()).toEqual(['cus_0', 'cus_1', 'cus_2', 'cus_3', 'cus_4']);
    expect(handler.pending).toBe(0);
  });

  it('retries a failing onEvent with back-off, then reports through onError', async () => {
    const errors: WebhookProcessingError[] = [];
    const delays: number[] = [];
    let calls = 0;
    const { handler, url } = await serve(adapter, {
      retry: { retries: 2, delayMs: (n) => n * 1000 },
      clock: instantClock(delays),
      onEvent: () => {
        calls++;
        throw new Error('downstream unavailable');
      },
      onError: (error, event) => {
        expect(event).toBe(error.event);
        errors.push(error);
      },
    });
    const { body, headers } = signTestDelivery(SECRET, { id: 'cus_1' }, { type: 'customer_deleted' });
    expect((await post(url, body, headers)).status).toBe(200);
    await handler.drain();
    expect(calls).toBe(3);
    expect(delays).toEqual([1000, 2000]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(WebhookProcessingError);
    expect(errors[0]!.attempts).toBe(3);
    expect(errors[0]!.event.data.id).toBe('cus_1');
    expect((errors[0]!.cause as Error).message).toBe('downstream unavailable');
    expect(errors[0]!.message).toContain('downstream unavailable');
    expect(errors[0]!.message).not.toContain(SECRET);
  });

  it('works with an asynchronous shared store, keeping order and skipping duplicates', async () => {
    const seen = new Set<string>();
    const claims: string[] = [];
    const store: IdempotencyStore = {
      claim: async (key) => {
        claims.push(key);
        await new Promise((r) => setTimeout(r, Math.random() * 5));
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      },
    };
    const order: string[] = [];
    const { handler, url } = await serve(adapter, {
      idempotency: { store, ttlSeconds: 90_000 },
      userKey: () => 'one-user',
      onEvent: (event) => void order.push(event.data.id),
    });
    const deliveries = Array.from({ length: 6 }, (_, i) => signTestDelivery(SECRET, { id: `o${i}` }));
    for (const d of deliveries) await post(url, d.body, d.headers);
    const dup = await post(url, deliveries[2]!.body, deliveries[2]!.headers);
    expect(dup.json).toEqual({ received: true, duplicate: true });
    await handler.drain();
    expect(order).toEqual(['o0', 'o1', 'o2', 'o3', 'o4', 'o5']);
    const first = JSON.parse(deliveries[0]!.body) as { timestamp: string; token: string };
    expect(claims[0]).toBe(first.timestamp + first.token);
  });

  it('answers 500 when the store fails, so the platform can send again', async () => {
    const { handler, events, url } = await serve(adapter, {
      idempotency: {
        store: {
          claim: () => Promise.reject(new Error('redis down')),
        },
      },
    });
    const { body, headers } = signTestDelivery(SECRET, { id: 'cus_1' });
    expect(await post(url, body, headers)).toEqual({
      status: 500,
      json: { received: false, reason: 'internal_error' },
    });
    await handler.drain();
    expect(events).toHaveLength(0);
  });
});

describe('createWebhookHandler configuration', () => {
  it('throws at creation for an empty or missing secret', () => {
    const onEvent = () => {};
    for (const secret of ['', [], undefined, null, new Uint8Array(0), ['ok', '']] as never[]) {
      expect(() => createWebhookHandler({ secret, onEvent })).toThrow(WebhookConfigurationError);
    }
    expect(() => createWebhookHandler({ secret: 's' } as WebhookHandlerOptions)).toThrow(WebhookConfigurationError);
    expect(() => createWebhookHandler({ secret: 's', onEvent, concurrency: 0 })).toThrow(WebhookConfigurationError);
    expect(() => createWebhookHandler({ secret: 's', onEvent, maxAgeSeconds: -5 })).toThrow(WebhookConfigurationError);
    for (const bad of [
      { userKey: 'user_id' },
      { userLock: {} },
      { onError: 'log' },
      { onRejected: 1 },
      { retry: { delayMs: 500 } },
      { retry: 3 },
      { idempotency: { store: {} } },
      { idempotency: true },
      { maxPending: 0 },
      { concurrency: 1.5 },
    ]) {
      expect(() => createWebhookHandler({ secret: 's', onEvent, ...(bad as object) }), JSON.stringify(bad)).toThrow(
        WebhookConfigurationError,
      );
    }
  });

  it('keeps duplicate keys at least as long as a delivery can pass the window, and says so when told otherwise', async () => {
    const onEvent = () => {};
    const ttls: number[] = [];
    const store: IdempotencyStore = {
      claim: (_key, ttlSeconds) => {
        ttls.push(ttlSeconds);
        return true;
      },
    };
    const send = async (options: Partial<WebhookHandlerOptions>) => {
      const handler = createWebhookHandler({ secret: 's', onEvent, idempotency: { store }, ...options });
      const { body, headers } = signTestDelivery('s', { id: 'x' });
      await handler.handle(body, headers);
      await handler.close();
    };
    await send({});
    await send({ maxAgeSeconds: 3600, maxFutureSeconds: 60 });
    await send({ maxAgeSeconds: false });
    expect(ttls).toEqual([86_400 + 300 + 61, 3600 + 60 + 61, 7 * 86_400]);
    expect(() => createWebhookHandler({ secret: 's', onEvent, idempotency: { ttlSeconds: 86_400 } })).toThrow(
      /at least 86701/,
    );
    expect(() => createWebhookHandler({ secret: 's', onEvent, idempotency: { ttlSeconds: 86_701 } })).not.toThrow();
    expect(() =>
      createWebhookHandler({ secret: 's', onEvent, maxAgeSeconds: 600, idempotency: { ttlSeconds: 901 } }),
    ).not.toThrow();
    expect(() =>
      createWebhookHandler({ secret: 's', onEvent, maxAgeSeconds: 600, idempotency: { ttlSeconds: 900 } }),
    ).toThrow(/at least 901/);
    expect(() => createWebhookHandler({ secret: 's', onEvent, idempotency: { ttlSeconds: 1.5 } })).toThrow(
      WebhookConfigurationError,
    );
  });

  it('accepts a genuine delivery retried by the platform hours later, and skips it when it was already processed', async () => {
    const clock = new ManualClock('2030-01-01T00:00:00Z');
    const seen: string[] = [];
    const handler = createWebhookHandler({ secret: SECRET, clock, onEvent: (event) => void seen.push(event.data.id) });
    handlers.push(handler);
    const first = signTestDelivery(SECRET, { id: 'cus_1' }, { clock });
    const second = signTestDelivery(SECRET, { id: 'cus_2' }, { clock });
    expect((await handler.handle(first.body, first.headers)).body).toEqual({ received: true });
    await clock.advance(20 * 3_600_000); // the platform gave up on our answer and retries both
    expect((await handler.handle(first.body, first.headers)).body).toEqual({ received: true, duplicate: true });
    expect((await handler.handle(second.body, second.headers)).body).toEqual({ received: true });
    await handler.drain();
    expect(seen).toEqual(['cus_1', 'cus_2']);
  });

  it('never shows the secret in inspect output or errors', async () => {
    const handler = createWebhookHandler({ secret: 'very-secret-key', onEvent: () => {} });
    expect(inspect(handler, { depth: 10, showHidden: true })).not.toContain('very-secret-key');
    const response = await handler.handle('{}', { 'x-service-signature': 'x' });
    expect(JSON.stringify(response.body)).not.toContain('very-secret-key');
    await handler.close();
  });

  it('accepts Express-style bodies already parsed by middleware (node adapter)', async () => {
    const events: WebhookEvent[] = [];
    const handler = createWebhookHandler({ secret: SECRET, onEvent: (e) => void events.push(e) });
    handlers.push(handler);
    // Mimic express.json(): consume the stream, then set req.body.
    const server = await startNodeServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      (req as typeof req & { body: unknown }).body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      await handler.node(req, res);
    });
    servers.push(server);
    const { body, headers } = signTestDelivery(SECRET, { id: 'cus_express' });
    expect((await post(server.url, body, headers)).status).toBe(200);
    await handler.drain();
    expect(events.map((e) => e.data.id)).toEqual(['cus_express']);
  });

  it('hands processing to ctx.waitUntil on Workers-style runtimes (fetch adapter)', async () => {
    const waited: Array<Promise<unknown>> = [];
    const gate = deferred();
    const started = deferred();
    const handler = createWebhookHandler({
      secret: SECRET,
      onEvent: () => {
        started.resolve();
        return gate.promise;
      },
    });
    handlers.push(handler);
    const server = await startFetchServer(handler.fetch, { waitUntil: (p) => void waited.push(p) });
    servers.push(server);
    const { body, headers } = signTestDelivery(SECRET, { id: 'cus_1' });
    expect((await post(server.url, body, headers)).status).toBe(200);
    expect(waited).toHaveLength(1);
    let settled = false;
    void waited[0]!.then(() => {
      settled = true;
    });
    await started.promise;
    await realMacrotask(); // every callback queued since onEvent started has run
    expect(settled).toBe(false); // onEvent is held by the gate
    gate.resolve();
    await waited[0];
    expect(settled).toBe(true);
  });

  it('streams a body without content-length through the Fetch adapter, enforcing the limit', async () => {
    const events: WebhookEvent[] = [];
    const handler = createWebhookHandler({ secret: SECRET, maxBodyBytes: 4096, onEvent: (e) => void events.push(e) });
    const streamOf = (text: string) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          const bytes = new TextEncoder().encode(text);
          for (let i = 0; i < bytes.length; i += 100) controller.enqueue(bytes.slice(i, i + 100));
          controller.close();
        },
      });
    const request = (body: string, headers: Record<string, string>) =>
      new Request('http://127.0.0.1/webhooks', {
        method: 'POST',
        headers,
        body: streamOf(body),
        duplex: 'half',
      } as RequestInit);
    const small = signTestDelivery(SECRET, { id: 'cus_stream' });
    const ok = await handler.fetch(request(small.body, small.headers));
    expect(ok.status).toBe(200);
    const big = signTestDelivery(SECRET, { id: 'cus_big', blob: 'x'.repeat(5000) });
    const refused = await handler.fetch(request(big.body, big.headers));
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ received: false, reason: 'body_too_large' });
    // A Request whose declared length understates the body is measured, not trusted.
    const lying = new Request('http://127.0.0.1/webhooks', {
      method: 'POST',
      headers: { ...big.headers, 'content-length': '10' },
      body: big.body,
    });
    expect((await handler.fetch(lying)).status).toBe(413);
    await handler.close();
    expect(events.map((e) => e.data.id)).toEqual(['cus_stream']);
  });

  it('answers 503 when too much work is pending', async () => {
    const gate = deferred();
    const handler = createWebhookHandler({ secret: SECRET, maxPending: 2, onEvent: () => gate.promise });
    const results = [];
    for (let i = 0; i < 3; i++) {
      const { body, headers } = signTestDelivery(SECRET, { id: `c${i}` });
      results.push((await handler.handle(body, headers)).status);
    }
    expect(results).toEqual([200, 200, 503]);
    gate.resolve();
    await handler.close();
  });
});

describe('Node adapter robustness', () => {
  it('settles when the client disconnects in the middle of the body', async () => {
    const { connect } = await import('node:net');
    const handler = createWebhookHandler({ secret: SECRET, onEvent: () => {} });
    handlers.push(handler);
    let settled!: () => void;
    const done = new Promise<void>((resolve) => {
      settled = resolve;
    });
    const reading = deferred();
    const server = await startNodeServer(async (req, res) => {
      const handled = handler.node(req, res);
      reading.resolve();
      await handled;
      settled();
    });
    servers.push(server);
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.on('connect', resolve));
    socket.write(
      'POST /webhooks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"timestamp":',
    );
    await reading.promise; // the handler reads the body, 13 of its 1000 bytes sent
    socket.destroy();
    await done;
    expect(handler.pending).toBe(0);
  });
});

describe('default retry back-off', () => {
  it('waits 500 ms, 1 s, 2 s between attempts (fake timers)', async () => {
    vi.useFakeTimers();
    try {
      const attempts: number[] = [];
      const errors: WebhookProcessingError[] = [];
      const handler = createWebhookHandler({
        secret: SECRET,
        onEvent: () => {
          attempts.push(Date.now());
          throw new Error('fail');
        },
        onError: (error) => void errors.push(error),
      });
      const { body, headers } = signTestDelivery(SECRET, { id: 'cus_1' });
      expect((await handler.handle(body, headers)).status).toBe(200);
      await realMacrotask();
      await vi.advanceTimersByTimeAsync(0);
      expect(attempts).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(499);
      expect(attempts).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(attempts).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1000);
      expect(attempts).toHaveLength(3);
      await vi.advanceTimersByTimeAsync(2000);
      expect(attempts).toHaveLength(4);
      await handler.drain();
      expect(attempts.map((t) => t - attempts[0]!)).toEqual([0, 500, 1500, 3500]);
      expect(errors).toHaveLength(1);
      expect(errors[0]!.attempts).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('acknowledgement before processing', () => {
  it('Node adapter: onEvent starts only after res.end(), even when it blocks synchronously', async () => {
    const handler = createWebhookHandler({
      secret: SECRET,
      onEvent: () => {
        // Synchronous work before any await: it must not hold the response back.
        endedWhenStarted.push(current?.writableEnded === true);
      },
    });
    handlers.push(handler);
    const endedWhenStarted: boolean[] = [];
    let current: ServerResponse | undefined;
    const server = await startNodeServer((req, res) => {
      current = res;
      return handler.node(req, res);
    });
    servers.push(server);
    for (let i = 0; i < 5; i++) {
      const { body, headers } = signTestDelivery(SECRET, { id: `cus_${i}` });
      expect((await post(server.url, body, headers)).status).toBe(200);
      await handler.drain();
    }
    expect(endedWhenStarted).toEqual([true, true, true, true, true]);
  });

  it('Fetch adapter: the Response is returned before onEvent starts', async () => {
    let returned = false;
    const startedAfterReturn: boolean[] = [];
    const handler = createWebhookHandler({ secret: SECRET, onEvent: () => void startedAfterReturn.push(returned) });
    handlers.push(handler);
    const { body, headers } = signTestDelivery(SECRET, { id: 'cus_1' });
    const request = new Request('http://127.0.0.1/webhooks', { method: 'POST', body, headers });
    const response = await handler.fetch(request);
    returned = true;
    expect(response.status).toBe(200);
    await handler.drain();
    expect(startedAfterReturn).toEqual([true]);
  });

  it('handle(): onEvent has not started when the response resolves', async () => {
    let started = false;
    const handler = createWebhookHandler({
      secret: SECRET,
      onEvent: () => {
        started = true;
      },
    });
    handlers.push(handler);
    const { body, headers } = signTestDelivery(SECRET, { id: 'cus_1' });
    const response = await handler.handle(body, headers);
    expect(response.status).toBe(200);
    expect(started).toBe(false);
    await response.processed;
    expect(started).toBe(true);
  });

  it('under fake timers, onEvent starts once the timers run (the acknowledgement wait is a 0 ms clock sleep)', async () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(new Date('2026-03-14T09:26:53Z'));
      const seen: string[] = [];
      const handler = createWebhookHandler({ secret: SECRET, onEvent: (event) => void seen.push(event.data.id) });
      const { body, headers } = signTestDelivery(SECRET, { id: 'cus_fake' });
      const response = await handler.handle(body, headers);
      expect(response.status).toBe(200);
      expect(seen).toEqual([]);
      await vi.advanceTimersByTimeAsync(0);
      await response.processed;
      expect(seen).toEqual(['cus_fake']);
      await handler.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('with a ManualClock, the acknowledgement wait ends without moving time', async () => {
    const start = Date.now();
    const clock = new ManualClock(start);
    const seen: string[] = [];
    const handler = createWebhookHandler({ secret: SECRET, clock, onEvent: (event) => void seen.push(event.data.id) });
    const { body, headers } = signTestDelivery(SECRET, { id: 'cus_manual' }, { clock });
    const response = await handler.handle(body, headers);
    await response.processed;
    expect(seen).toEqual(['cus_manual']);
    expect(clock.now()).toBe(start);
    await handler.close();
  });
});

describe('drain() and close() with timeoutMs', () => {
  it('close({ timeoutMs }) gives up on a hung onEvent, lists the unfinished events and starts nothing more', async () => {
    const hung = deferred();
    const started: string[] = [];
    const errors: WebhookProcessingError[] = [];
    // Time stands still unless the test moves it: the retry back-off would wait for ever.
    const clock = new ManualClock(Date.now());
    const handler = createWebhookHandler({
      secret: SECRET,
      clock,
      userKey: (event) => String(event.payload['user']),
      retry: { retries: 3 },
      onError: (error) => void errors.push(error),
      onEvent: async (event) => {
        started.push(event.data.id);
        if (event.data.id === 'hang') await hung.promise;
        if (event.data.id === 'flaky') throw new Error('down');
      },
    });
    const server = await startNodeServer(handler.node);
    servers.push(server);
    const send = async (id: string, user: string) => {
      const { body, headers } = signTestDelivery(SECRET, { id }, { fields: { user }, clock });
      expect((await post(server.url, body, headers)).status).toBe(200);
    };
    await send('hang', 'u1');
    await send('queued_1', 'u1');
    await send('queued_2', 'u1');
    await send('flaky', 'u2'); // fails once, then waits for its retry
    await waitFor(() => started.length === 2);
    expect(started).toEqual(['hang', 'flaky']);
    expect(handler.pending).toBe(4);

    const closing = handler.close({ timeoutMs: 30 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    await clock.advance(30);
    const error = await closing;
    expect(error).toBeInstanceOf(WebhookShutdownTimeoutError);
    const timeout = error as WebhookShutdownTimeoutError;
    expect(timeout.timeoutMs).toBe(30);
    expect(timeout.unfinished.map((event) => event.data.id).sort()).toEqual(['flaky', 'hang', 'queued_1', 'queued_2']);
    expect(timeout.message).not.toContain(SECRET);
    // Only the event inside onEvent is still pending; nothing else starts, not even after it ends.
    expect(handler.pending).toBe(1);
    hung.resolve();
    await handler.drain();
    await clock.advance(60_000);
    expect(started).toEqual(['hang', 'flaky']);
    expect(errors).toEqual([]);
    expect(handler.pending).toBe(0);
  });

  /** A handler whose onEvent waits for `gate`, with one accepted delivery per id. */
  async function gatedHandler(ids: readonly string[]) {
    const gate = deferred();
    const done: string[] = [];
    const handler = createWebhookHandler({
      secret: SECRET,
      onEvent: async (event) => {
        await gate.promise;
        done.push(event.data.id);
      },
    });
    handlers.push(handler);
    for (const id of ids) {
      const { body, headers } = signTestDelivery(SECRET, { id });
      await handler.handle(body, headers);
    }
    return { gate, done, handler };
  }

  it('close({ timeoutMs }) resolves as usual when the work ends in time', async () => {
    const { gate, done, handler } = await gatedHandler(['a', 'b', 'c']);
    const closing = handler.close({ timeoutMs: 60_000 });
    gate.resolve();
    await closing;
    expect(done.sort()).toEqual(['a', 'b', 'c']);
  });

  it('drain({ timeoutMs }) rejects but processing goes on', async () => {
    const { gate, done, handler } = await gatedHandler(['a', 'b']);
    const error = await handler.drain({ timeoutMs: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookShutdownTimeoutError);
    expect((error as WebhookShutdownTimeoutError).unfinished.map((e) => e.data.id).sort()).toEqual(['a', 'b']);
    gate.resolve();
    await handler.drain();
    expect(done.sort()).toEqual(['a', 'b']);
  });

  it('refuses a timeoutMs that is not a number >= 0', async () => {
    const handler = createWebhookHandler({ secret: SECRET, onEvent: () => {} });
    handlers.push(handler);
    for (const timeoutMs of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(handler.drain({ timeoutMs })).rejects.toBeInstanceOf(WebhookConfigurationError);
    }
  });
});

describe('one way to call the handler per framework', () => {
  it('is a plain object with node, fetch and handle (not callable itself)', async () => {
    const seen: string[] = [];
    const handler = createWebhookHandler({ secret: SECRET, onEvent: (event) => void seen.push(event.data.id) });
    handlers.push(handler);
    expect(typeof handler).toBe('object');
    expect(Object.keys(handler).sort()).toEqual(['close', 'closed', 'drain', 'fetch', 'handle', 'node', 'pending']);
    const nodeServer = await startNodeServer(handler.node);
    const fetchServer = await startFetchServer(handler.fetch);
    servers.push(nodeServer, fetchServer);
    const first = signTestDelivery(SECRET, { id: 'via_node' });
    const second = signTestDelivery(SECRET, { id: 'via_fetch' });
    expect(await post(nodeServer.url, first.body, first.headers)).toEqual({ status: 200, json: { received: true } });
    expect(await post(fetchServer.url, second.body, second.headers)).toEqual({ status: 200, json: { received: true } });
    expect((await post(fetchServer.url, second.body, { 'x-service-signature': 'AAAA' })).status).toBe(400);
    await handler.drain();
    expect(seen.sort()).toEqual(['via_fetch', 'via_node']);
    expect(inspect(handler)).toBe('WebhookHandler { pending: 0, closed: false }');
    expect(handler.node.length).toBeLessThan(4); // Express would take a 4-argument function for an error handler
  });
});

describe('retries under fake timers, advanced in one go right after the delivery', () => {
  function failingHandler() {
    const errors: WebhookProcessingError[] = [];
    let calls = 0;
    const handler = createWebhookHandler({
      secret: SECRET,
      onEvent: () => {
        calls++;
        throw new Error('boom');
      },
      onError: (error) => void errors.push(error),
    });
    return { handler, errors, calls: () => calls };
  }

  it('with the synchronous vi.advanceTimersByTime as well', async () => {
    vi.useFakeTimers();
    try {
      const { handler, errors, calls } = failingHandler();
      const { body, headers } = signTestDelivery(SECRET, { id: 'cus_1' });
      expect((await handler.handle(body, headers)).status).toBe(200);
      for (let step = 0; step < 4; step++) {
        await Promise.resolve();
        vi.advanceTimersByTime(5_000);
        for (let hop = 0; hop < 3; hop++) await Promise.resolve();
      }
      expect(calls()).toBe(4);
      expect(errors).toHaveLength(1);
      await handler.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it.each(['handle', 'fetch', 'node'] as const)('via %s: all attempts run and onError is called', async (entry) => {
    await realMacrotask(); // continue from the check phase, as after a setImmediate
    vi.useFakeTimers();
    try {
      const { handler, errors, calls } = failingHandler();
      const { body, headers } = signTestDelivery(SECRET, { id: 'cus_1' });
      if (entry === 'handle') {
        expect((await handler.handle(body, headers)).status).toBe(200);
      } else if (entry === 'fetch') {
        expect((await handler.fetch(new Request('http://127.0.0.1/', { method: 'POST', body, headers }))).status).toBe(
          200,
        );
      } else {
        const { Readable } = await import('node:stream');
        const req = Object.assign(Readable.from([Buffer.from(body)]), { headers });
        const res = { statusCode: 0, headersSent: false, setHeader: () => {}, end: () => {} };
        await handler.node(req, res);
        expect(res.statusCode).toBe(200);
      }
      // The worst case for a real macrotask: the fake clock's own stepping (a real 0 ms timer) is
      // already due when the event loop gets back to timers, so it would run before a setImmediate.
      const advancing = vi.advanceTimersByTimeAsync(10_000);
      const start = realDateNow();
      while (realDateNow() - start < 3) {
        // busy on purpose (real clock: the fake one stands still)
      }
      await advancing;
      expect(calls()).toBe(4);
      expect(errors).toHaveLength(1);
      expect(errors[0]!.attempts).toBe(4);
      expect(errors[0]!.cause).toEqual(new Error('boom'));
      await handler.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
