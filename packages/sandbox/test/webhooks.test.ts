// Customer webhooks: written with the change, sent off the request path, signed as the platform
// document says, received and verified by @commerce-kit/webhooks' Node adapter.
import { createWebhookHandler, type WebhookEvent } from '@commerce-kit/webhooks';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { nodeListener } from './support/node-listener.js';
import { api, controlFetch, start } from './support/start.js';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

interface Delivery {
  id: string;
  event_type: string;
  object_id: string;
  status: string;
  attempt_count: number;
  last_attempt: { status: number | null; response_body: string | null; error: string | null } | null;
}

async function deliveries(url: string): Promise<Delivery[]> {
  return ((await (await controlFetch(url, `/_sandbox/deliveries`)).json()) as { data: Delivery[] }).data;
}

/** The delivery log, once `ok` holds for it. */
function deliveriesWhen(url: string, ok: (list: Delivery[]) => boolean): Promise<Delivery[]> {
  return waitFor(
    async () => {
      const list = await deliveries(url);
      return ok(list) && list;
    },
    { message: async () => `${String(ok)}; the log: ${JSON.stringify(await deliveries(url))}` },
  );
}

const newCustomer = { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' };
const json = { 'content-type': 'application/json' };

describe('webhooks', () => {
  test('create, update, delete each send a signed event that the webhooks package verifies', async () => {
    const events: WebhookEvent[] = [];
    const secret = 'whsec_test_secret_for_the_sandbox';
    const handler = createWebhookHandler({ secret, onEvent: (event) => void events.push(event) });
    const url = await listen(createServer(nodeListener(handler.node)));
    const sandbox = await start({ webhookUrl: url, webhookSecret: secret });
    expect(sandbox.app.webhookSecret).toBe(secret);

    const created = (await (
      await api(sandbox, '/customers', { method: 'POST', headers: json, body: JSON.stringify(newCustomer) })
    ).json()) as { id: string };
    await api(sandbox, `/customers/${created.id}`, { method: 'PUT', headers: json, body: '{"company":"Navy"}' });
    await api(sandbox, `/customers/${created.id}`, { method: 'DELETE' });

    await waitFor(() => events.length === 3);
    expect(events.map((e) => [e.type, e.data.id])).toEqual([
      ['customer_created', created.id],
      ['customer_updated', created.id],
      ['customer_deleted', created.id],
    ]);
    expect(events[1]!.data).toMatchObject({ company: 'Navy', email: 'grace@example.com' });
    const listed = await deliveriesWhen(sandbox.url, (d) => d.every((x) => x.status === 'delivered'));
    expect(listed.map((d) => [d.event_type, d.status, d.attempt_count, d.last_attempt?.status])).toEqual([
      ['customer_deleted', 'delivered', 1, 200],
      ['customer_updated', 'delivered', 1, 200],
      ['customer_created', 'delivered', 1, 200],
    ]);
    await handler.close();
  });

  test('the API answers before the receiver does (the queue never delays a response)', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const url = await listen(
      createServer((req, res) => {
        req.resume();
        void gate.then(() => res.end('ok'));
      }),
    );
    const sandbox = await start({ webhookUrl: url });
    const res = await api(sandbox, '/customers', { method: 'POST', headers: json, body: JSON.stringify(newCustomer) });
    expect(res.status).toBe(201);
    expect((await deliveries(sandbox.url))[0]!.status).toBe('pending');
    release();
    await deliveriesWhen(sandbox.url, (d) => d[0]!.status === 'delivered');
  });

  test('a failed delivery is recorded with the answer, and can be re-sent', async () => {
    let fail = true;
    const url = await listen(
      createServer((req, res) => {
        req.resume();
        res.statusCode = fail ? 500 : 200;
        res.end(fail ? 'receiver broke' : 'ok');
      }),
    );
    const sandbox = await start({ webhookUrl: url, webhookRetrySchedule: [] });
    await api(sandbox, '/customers', { method: 'POST', headers: json, body: JSON.stringify(newCustomer) });
    const [failed] = await deliveriesWhen(sandbox.url, (d) => d[0]!.status === 'failed');
    expect(failed!.last_attempt).toMatchObject({ status: 500, response_body: 'receiver broke', error: null });

    fail = false;
    const resend = await controlFetch(sandbox.url, `/_sandbox/deliveries/${failed!.id}/redeliver`, { method: 'POST' });
    expect(resend.status).toBe(202);
    const [delivered] = await deliveriesWhen(sandbox.url, (d) => d[0]!.status === 'delivered');
    expect(delivered!.attempt_count).toBe(2);
    const detail = (await (await controlFetch(sandbox.url, `/_sandbox/deliveries/${failed!.id}`)).json()) as {
      attempts: unknown[];
    };
    expect(detail.attempts).toHaveLength(2);
    expect((await controlFetch(sandbox.url, `/_sandbox/deliveries/999/redeliver`, { method: 'POST' })).status).toBe(
      404,
    );
  });

  test('an unreachable receiver is a failed delivery with the network error', async () => {
    const closed = createServer();
    const url = await listen(closed);
    closed.close();
    const sandbox = await start({ webhookUrl: url, webhookRetrySchedule: [] });
    await api(sandbox, '/customers', { method: 'POST', headers: json, body: JSON.stringify(newCustomer) });
    const [failed] = await deliveriesWhen(sandbox.url, (d) => d[0]!.status === 'failed');
    expect(failed!.last_attempt?.error).toMatch(/ECONNREFUSED/);
  });

  test('without a webhook URL, events are recorded as skipped', async () => {
    const sandbox = await start();
    await api(sandbox, '/customers', { method: 'POST', headers: json, body: JSON.stringify(newCustomer) });
    const [skipped] = await deliveries(sandbox.url);
    expect(skipped).toMatchObject({ event_type: 'customer_created', status: 'skipped', attempt_count: 0 });
    expect(
      (await controlFetch(sandbox.url, `/_sandbox/deliveries/${skipped!.id}/redeliver`, { method: 'POST' })).status,
    ).toBe(400);
  });

  test('a refused write records no event (the change and its event share one transaction)', async () => {
    const sandbox = await start();
    await api(sandbox, '/customers', { method: 'POST', headers: json, body: '{"first_name":"x"}' });
    await api(sandbox, '/customers/cus_missing', { method: 'PUT', headers: json, body: '{"first_name":"x"}' });
    await api(sandbox, '/customers/cus_missing', { method: 'DELETE' });
    expect(await deliveries(sandbox.url)).toEqual([]);
  });
});

describe('webhook timeouts and restarts', () => {
  test('a receiver that does not answer within 10 s is a failed delivery (time moved by the clock)', async () => {
    const { ManualClock } = await import('../src/testing/index.js');
    const clock = new ManualClock('2025-01-01T00:00:00Z');
    const hanging = createServer((req) => req.resume()); // never answers
    const url = await listen(hanging);
    const sandbox = await start({ webhookUrl: url, clock, webhookRetrySchedule: [] });
    await api(sandbox, '/customers', { method: 'POST', headers: json, body: JSON.stringify(newCustomer) });
    // The attempt in flight waits for its answer on the sandbox clock (its only sleeper): 10 s, exactly.
    await waitFor(() => clock.pending === 1);
    await clock.advance(9_999);
    expect((await deliveries(sandbox.url))[0]).toMatchObject({ status: 'pending', attempt_count: 0 });
    await clock.advance(1);
    const [failed] = await deliveriesWhen(sandbox.url, (d) => d[0]!.status === 'failed');
    expect(failed!.last_attempt?.error).toBe('no answer within 10 s');
    hanging.closeAllConnections();
  });

  test('events left pending by a crash are sent at the next start with the same data file', async () => {
    const path = await import('node:path');
    const { startCli } = await import('./support/cli.js');
    const { startSandbox } = await import('../src/index.js');
    const data = path.join(testTempDir('commerce-sandbox-outbox-'), 'sandbox.db');
    const hanging = createServer((req) => req.resume());
    const deadUrl = await listen(hanging);
    const first = await startCli([
      '--data',
      data,
      '--customers',
      '0',
      '--webhook-url',
      deadUrl,
      '--webhook-secret',
      'whsec_restart',
    ]);
    const res = await fetch(`${first.url}/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.accessToken}`, ...json },
      body: JSON.stringify(newCustomer),
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { id: string }).id;
    first.child.kill('SIGKILL'); // the delivery was in flight: the event is still pending in the outbox
    await first.exited;
    hanging.closeAllConnections();

    const events: WebhookEvent[] = [];
    const handler = createWebhookHandler({ secret: 'whsec_restart', onEvent: (event) => void events.push(event) });
    const url = await listen(createServer(nodeListener(handler.node)));
    const second = await startSandbox({ port: 0, data, webhookUrl: url, onResponseMismatch: 'error' });
    try {
      await waitFor(() => events.length === 1);
      expect(events[0]).toMatchObject({ type: 'customer_created', data: { id } });
    } finally {
      await second.close();
      await handler.close();
    }
  });
});
