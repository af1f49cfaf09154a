// Webhook delivery modes: duplicates, held and reordered deliveries, bursts, late timestamps, retries,
// triggers of every documented event type, and redelivery from the log.
import { WEBHOOK_EVENT_TYPES } from '@commerce-kit/api-types';
import { computeSignature, SIGNATURE_HEADER } from '@commerce-kit/webhooks';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { SandboxControlError } from '../src/index.js';
import { ManualClock } from '../src/testing/index.js';
import { nodeListener } from './support/node-listener.js';
import { controlFetch, start } from './support/start.js';

const SECRET = 'whsec_control_webhooks_test';

interface Received {
  readonly body: { type: string; timestamp: string; token: string; data: { id: string } };
  readonly signature: string | undefined;
  readonly startedAt: number;
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A receiver that records what it gets; `answer` decides each status; `hold` keeps answers back. */
async function receiver(answer: (index: number) => number = () => 200, hold?: Promise<void>) {
  const received: Received[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer(
    nodeListener(async (req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const index = received.length;
      received.push({
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'],
        signature: req.headers[SIGNATURE_HEADER] as string | undefined,
        startedAt: index,
      });
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      if (hold) await hold;
      inFlight--;
      res.statusCode = answer(index);
      res.end('ok');
    }),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    maxInFlight: () => maxInFlight,
  };
}

const ids = (received: readonly Received[]) => received.map((r) => r.body.data.id);

describe('trigger and redeliver', () => {
  test('every one of the 19 documented event types can be triggered with the caller data, signed as documented', async () => {
    const hook = await receiver();
    const sandbox = await start({ webhookUrl: hook.url, webhookSecret: SECRET });
    expect(WEBHOOK_EVENT_TYPES).toHaveLength(19);
    for (const type of WEBHOOK_EVENT_TYPES) {
      const delivery = sandbox.webhooks.trigger(type, { id: `obj_${type}`, note: 'mine' });
      expect(delivery).toMatchObject({
        eventType: type,
        objectId: `obj_${type}`,
        data: { id: `obj_${type}`, note: 'mine' },
      });
    }
    await sandbox.webhooks.settle();
    expect(hook.received.map((r) => r.body.type)).toEqual([...WEBHOOK_EVENT_TYPES]);
    for (const { body, signature } of hook.received) {
      expect(signature).toBe(computeSignature(SECRET, body.timestamp, body.token));
      expect(body.data).toEqual({ id: `obj_${body.type}`, note: 'mine' });
    }
  });

  test('POST /_sandbox/webhooks/trigger, and the refused triggers', async () => {
    const hook = await receiver();
    const sandbox = await start({ webhookUrl: hook.url });
    const post = (body: unknown) =>
      controlFetch(sandbox.url, `/_sandbox/webhooks/trigger`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const accepted = await post({ type: 'order_completed', data: { id: 'ord_1', total: 12 } });
    expect(accepted.status).toBe(202);
    expect(await accepted.json()).toMatchObject({
      event_type: 'order_completed',
      object_id: 'ord_1',
      data: { id: 'ord_1', total: 12 },
    });
    for (const [body, field] of [
      [{ type: 'order.completed', data: { id: 'x' } }, 'type'],
      [{ type: 'order_completed' }, 'data'],
      [{ type: 'order_completed', data: { id: 7 } }, 'data.id'],
      [{ type: 'order_completed', data: { id: 'x' }, extra: true }, 'extra'],
    ] as const) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(((await response.json()) as { errors: object }).errors)).toEqual([field]);
    }
    expect(() => sandbox.webhooks.trigger('nope' as never, { id: 'x' })).toThrow(SandboxControlError);
  });

  test('redeliver sends a logged delivery again: same token and signed timestamp (a duplicate to the receiver)', async () => {
    const hook = await receiver();
    const sandbox = await start({ webhookUrl: hook.url, webhookSecret: SECRET });
    const delivery = sandbox.webhooks.trigger('product_updated', { id: 'prod_1' });
    await sandbox.webhooks.settle();
    expect(sandbox.webhooks.delivery(delivery.id)).toMatchObject({ status: 'delivered', attemptCount: 1 });
    const again = await controlFetch(sandbox.url, `/_sandbox/deliveries/${delivery.id}/redeliver`, { method: 'POST' });
    expect(again.status).toBe(202);
    await sandbox.webhooks.settle();
    expect(hook.received).toHaveLength(2);
    expect(hook.received[1]).toEqual({ ...hook.received[0], startedAt: 1 });
    expect(sandbox.webhooks.delivery(delivery.id)).toMatchObject({ status: 'delivered', attemptCount: 2 });
    expect(() => sandbox.webhooks.redeliver('999')).toThrow(expect.objectContaining({ reason: 'not_found' }) as Error);
  });
});

describe('delivery modes', () => {
  test('duplicate: each delivery arrives twice, identical (same timestamp, token and signature)', async () => {
    const hook = await receiver();
    const sandbox = await start({ webhookUrl: hook.url, webhookSecret: SECRET });
    sandbox.webhooks.setMode({ duplicate: true });
    sandbox.webhooks.trigger('customer_updated', { id: 'cus_a' });
    sandbox.webhooks.trigger('customer_updated', { id: 'cus_b' });
    await sandbox.webhooks.settle();
    expect(ids(hook.received)).toEqual(['cus_a', 'cus_a', 'cus_b', 'cus_b']);
    expect(hook.received[0]!.body).toEqual(hook.received[1]!.body);
    expect(hook.received[0]!.signature).toBe(hook.received[1]!.signature);
    expect(sandbox.webhooks.deliveries().data[0]).toMatchObject({ status: 'delivered', attemptCount: 1 });
    expect(sandbox.webhooks.delivery(sandbox.webhooks.deliveries().data[0]!.id).attempts).toHaveLength(2);
  });

  test.each([
    ['sent', ['e1', 'e2', 'e3', 'e4', 'e5']],
    ['reverse', ['e5', 'e4', 'e3', 'e2', 'e1']],
  ] as const)('hold keeps deliveries until release(%s)', async (order, expected) => {
    const hook = await receiver();
    const sandbox = await start({ webhookUrl: hook.url });
    sandbox.webhooks.setMode({ hold: true });
    for (const id of ['e1', 'e2', 'e3', 'e4', 'e5']) sandbox.webhooks.trigger('category_updated', { id });
    await sandbox.webhooks.settle(); // held deliveries do not keep settle waiting
    expect(hook.received).toEqual([]);
    expect(sandbox.webhooks.held).toBe(5);
    expect(await sandbox.webhooks.release(order)).toBe(5);
    expect(ids(hook.received)).toEqual(expected);
    expect(sandbox.webhooks.held).toBe(0);
  });

  test('release shuffle is a permutation, the same for the same seed (over HTTP too)', async () => {
    const orders: string[][] = [];
    for (let run = 0; run < 2; run++) {
      const hook = await receiver();
      const sandbox = await start({ webhookUrl: hook.url });
      const mode = await controlFetch(sandbox.url, `/_sandbox/webhooks/mode`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: '{"hold":true}',
      });
      expect(await mode.json()).toMatchObject({ hold: true, duplicate: false, held: 0 });
      for (let i = 1; i <= 12; i++) sandbox.webhooks.trigger('discount_created', { id: `d${i}` });
      const released = await controlFetch(sandbox.url, `/_sandbox/webhooks/release`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"order":"shuffle","seed":42}',
      });
      expect(await released.json()).toEqual({ released: 12 });
      orders.push(ids(hook.received));
    }
    expect(orders[0]).toEqual(orders[1]);
    expect([...orders[0]!].sort()).toEqual(Array.from({ length: 12 }, (_, i) => `d${i + 1}`).sort());
    expect(orders[0]).not.toEqual(Array.from({ length: 12 }, (_, i) => `d${i + 1}`));
  });

  test('turning hold off sends what was held, in order', async () => {
    const hook = await receiver();
    const sandbox = await start({ webhookUrl: hook.url });
    sandbox.webhooks.setMode({ hold: true });
    sandbox.webhooks.trigger('blog_post_created', { id: 'b1' });
    sandbox.webhooks.trigger('blog_post_created', { id: 'b2' });
    sandbox.webhooks.setMode({ hold: false });
    await sandbox.webhooks.settle();
    expect(ids(hook.received)).toEqual(['b1', 'b2']);
  });

  test('concurrent: a burst arrives at once instead of one at a time', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const hook = await receiver(() => 200, gate);
    const sandbox = await start({ webhookUrl: hook.url });
    sandbox.webhooks.setMode({ hold: true, concurrent: true });
    for (let i = 0; i < 6; i++) sandbox.webhooks.trigger('customer_updated', { id: 'cus_same_user' });
    const released = sandbox.webhooks.release('sent');
    await waitFor(() => hook.received.length === 6); // all six held by the receiver at once
    expect(hook.maxInFlight()).toBe(6);
    open();
    expect(await released).toBe(6);
  });

  test('one at a time by default: the next delivery starts after the previous one was answered', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const hook = await receiver(() => 200, gate);
    const sandbox = await start({ webhookUrl: hook.url });
    const deliveries = Array.from({ length: 3 }, (_, i) =>
      sandbox.webhooks.trigger('customer_updated', { id: `c${i}` }),
    );
    await waitFor(() => hook.received.length > 0);
    // The first is held by the receiver. The dispatcher signs a delivery as it sends it, and sending
    // at once (the concurrent mode) signs all three in the same turn, before the first can arrive:
    // the other two unsigned now means they were not sent.
    expect(deliveries.map((d) => sandbox.webhooks.delivery(d.id).signedTimestamp !== null)).toEqual([
      true,
      false,
      false,
    ]);
    expect(hook.received).toHaveLength(1);
    open();
    await sandbox.webhooks.settle();
    expect(hook.maxInFlight()).toBe(1);
    expect(ids(hook.received)).toEqual(['c0', 'c1', 'c2']);
  });

  test('timestampAgeSeconds signs with an old timestamp (a late retry)', async () => {
    const clock = new ManualClock('2025-06-01T12:00:00Z');
    const hook = await receiver();
    const sandbox = await start({ webhookUrl: hook.url, webhookSecret: SECRET, clock });
    sandbox.webhooks.setMode({ timestampAgeSeconds: 3600 });
    sandbox.webhooks.trigger('order_payment_succeeded', { id: 'ord_1' });
    await sandbox.webhooks.settle();
    const { body, signature } = hook.received[0]!;
    expect(Number(body.timestamp)).toBe(Date.parse('2025-06-01T12:00:00Z') / 1000 - 3600);
    expect(signature).toBe(computeSignature(SECRET, body.timestamp, body.token));
    expect(() => sandbox.webhooks.setMode({ timestampAgeSeconds: -1 })).toThrow(SandboxControlError);
  });
});

describe('retries', () => {
  test('a failed delivery is retried on the schedule, with the same signed message, until delivered', async () => {
    const clock = new ManualClock('2025-01-01T00:00:00Z');
    const hook = await receiver((index) => (index < 2 ? 503 : 200));
    const sandbox = await start({ webhookUrl: hook.url, clock, webhookRetrySchedule: [1_000, 5_000, 30_000] });
    const { id } = sandbox.webhooks.trigger('product_soldout', { id: 'prod_9' });
    // Answered 503: the retry waits on the sandbox clock (its only sleeper), which moves only when told.
    await waitFor(() => sandbox.webhooks.delivery(id).attemptCount === 1 && clock.pending === 1);
    expect(sandbox.webhooks.delivery(id)).toMatchObject({
      status: 'pending',
      nextAttemptTime: '2025-01-01T00:00:01.000Z',
    });
    await clock.advance(999);
    expect(clock.pending).toBe(1); // not due yet: the retry still waits
    expect(hook.received).toHaveLength(1);
    await clock.advance(1);
    await waitFor(() => sandbox.webhooks.delivery(id).attemptCount === 2 && clock.pending === 1);
    await clock.advance(5_000);
    await waitFor(() => sandbox.webhooks.delivery(id).status === 'delivered');
    expect(hook.received).toHaveLength(3);
    expect(new Set(hook.received.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(sandbox.webhooks.delivery(id).attempts?.map((a) => a.status)).toEqual([503, 503, 200]);
  });

  test('when the schedule is used up the delivery is failed; an empty schedule means no retry', async () => {
    const hook = await receiver(() => 500);
    const sandbox = await start({ webhookUrl: hook.url, webhookRetrySchedule: [5, 5] });
    const { id } = sandbox.webhooks.trigger('product_deleted', { id: 'prod_2' });
    await sandbox.webhooks.settle();
    expect(sandbox.webhooks.delivery(id)).toMatchObject({ status: 'failed', attemptCount: 3, nextAttemptTime: null });
  });
});

describe('reset', () => {
  test('clears the mode, the held deliveries and the log', async () => {
    const hook = await receiver();
    const sandbox = await start({ webhookUrl: hook.url });
    sandbox.webhooks.setMode({ hold: true, duplicate: true });
    sandbox.webhooks.trigger('customer_created', { id: 'c' });
    await sandbox.reset();
    expect(sandbox.webhooks.mode).toEqual({ duplicate: false, hold: false, concurrent: false, timestampAgeSeconds: 0 });
    expect(sandbox.webhooks.held).toBe(0);
    expect(sandbox.webhooks.deliveries().data).toEqual([]);
    await sandbox.webhooks.settle();
    expect(hook.received).toEqual([]);
  });
});
