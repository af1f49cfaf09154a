// The control commands of `commerce-sandbox` against a real sandbox on a loopback port: each one does what
// it says to the sandbox, prints one line (or the JSON answer), and exits 0 / 1 / 2. Run through the CLI's
// entry in this process (runInProcess); a refusal's exit 1 also through the built bin (runBin).
import { WEBHOOK_EVENT_TYPES } from '@commerce-kit/api-types';
import { createWebhookHandler, type WebhookEvent } from '@commerce-kit/webhooks';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { nodeListener } from './support/node-listener.js';
import { runBin, runInProcess, STACK_TRACE } from './support/run-bin.js';
import { api, start } from './support/start.js';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

const json = { 'content-type': 'application/json' };

async function customerCount(sandbox: Awaited<ReturnType<typeof start>>): Promise<number> {
  let count = 0;
  let after: string | undefined;
  for (;;) {
    const page = (await (
      await api(sandbox, `/customers?limit=100${after ? `&starting_after=${after}` : ''}`)
    ).json()) as { data: { id: string }[]; has_more: boolean };
    count += page.data.length;
    if (!page.has_more) return count;
    after = page.data.at(-1)!.id;
  }
}

describe('reset, snapshot, restore, snapshots', () => {
  test('reset puts the seeded customers back and says how many', async () => {
    const sandbox = await start({ customers: 12 });
    await api(sandbox, '/customers', {
      method: 'POST',
      headers: json,
      body: '{"first_name":"A","last_name":"B","email":"a@example.com"}',
    });
    sandbox.faults.setLatency(5);
    expect(await customerCount(sandbox)).toBe(13);
    const run = await runInProcess(['reset', '--url', sandbox.url]);
    expect(run).toEqual({ status: 0, stdout: 'reset: 12 customers\n', stderr: '' });
    expect(await customerCount(sandbox)).toBe(12);
    expect(sandbox.faults.latencyMs).toBe(0);
  });

  test('snapshot NAME, snapshots, restore NAME round-trip the data; --json prints the answer', async () => {
    const sandbox = await start({ customers: 5 });
    const taken = await runInProcess(['snapshot', 'seeded', '--url', sandbox.url]);
    expect(taken.status).toBe(0);
    expect(taken.stdout).toMatch(/^snapshot: seeded \([\d,]+ bytes, taken \d{4}-\d\d-\d\dT[\d:.]+Z\)\n$/);

    const created = (await (
      await api(sandbox, '/customers', {
        method: 'POST',
        headers: json,
        body: '{"first_name":"A","last_name":"B","email":"a@example.com"}',
      })
    ).json()) as { id: string };
    expect(await customerCount(sandbox)).toBe(6);

    const listed = await runInProcess(['snapshots', '--url', sandbox.url]);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/^seeded \([\d,]+ bytes, taken .+\)\n$/);
    const listedJson = await runInProcess(['snapshots', '--json', '--url', sandbox.url]);
    expect(JSON.parse(listedJson.stdout)).toEqual({
      data: [{ name: 'seeded', created_time: expect.any(String), bytes: expect.any(Number) }],
    });

    const restored = await runInProcess(['restore', 'seeded', '--url', sandbox.url, '--json']);
    expect(restored.status).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ name: 'seeded' });
    expect(await customerCount(sandbox)).toBe(5);
    expect((await api(sandbox, `/customers/${created.id}`)).status).toBe(404);
  });

  test('no snapshots: says so', async () => {
    const sandbox = await start({ customers: 0 });
    expect(await runInProcess(['snapshots', '--url', sandbox.url])).toEqual({
      status: 0,
      stdout: 'snapshots: none\n',
      stderr: '',
    });
  });

  test('refused by the sandbox: exit 1 with its message, no stack trace', async () => {
    const sandbox = await start({ customers: 0 });
    const missing = await runBin(['restore', 'nope', '--url', sandbox.url]);
    expect(missing).toEqual({
      status: 1,
      stdout: '',
      stderr: 'commerce-sandbox restore: the sandbox answered 404: name: no snapshot named "nope"\n',
    });
    const badName = await runBin(['snapshot', '-bad', '--url', sandbox.url]);
    expect(badName.status).toBe(2); // "-bad" reads as a flag
    const invalid = await runBin(['snapshot', 'bad name', '--url', sandbox.url]);
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toMatch(
      /^commerce-sandbox snapshot: the sandbox answered 400: name: must be 1 to 64 letters/,
    );
    expect(invalid.stderr).not.toMatch(STACK_TRACE);
  });
});

describe('trigger', () => {
  test('sends a signed webhook of the given type with --data, verified by the webhooks package', async () => {
    const events: WebhookEvent[] = [];
    const secret = 'whsec_cli_trigger_test_secret';
    const handler = createWebhookHandler({ secret, onEvent: (event) => void events.push(event) });
    const receiver = createServer(nodeListener(handler.node));
    servers.push(receiver);
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const sandbox = await start({
      customers: 0,
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`,
      webhookSecret: secret,
    });

    const run = await runInProcess([
      'trigger',
      'product_soldout',
      '--data',
      '{"id":"prod_42","name":"Mug"}',
      '--url',
      sandbox.url,
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^trigger: product_soldout for prod_42, delivery \d+ \((pending|delivered)\)\n$/);
    await sandbox.webhooks.settle({ timeoutMs: 10_000 });
    expect(events.map((e) => [e.type, e.data])).toEqual([['product_soldout', { id: 'prod_42', name: 'Mug' }]]);
  });

  test('without --data the event carries a generated id; --json prints the delivery', async () => {
    const sandbox = await start({ customers: 0 });
    const run = await runInProcess(['trigger', 'customer_created', '--json', '--url', sandbox.url]);
    expect(run.status).toBe(0);
    const delivery = JSON.parse(run.stdout) as {
      id: string;
      event_type: string;
      object_id: string;
      data: { id: string };
    };
    expect(delivery.event_type).toBe('customer_created');
    expect(delivery.data).toEqual({ id: expect.stringMatching(/^test_[0-9a-f]{24}$/) });
    expect(sandbox.webhooks.delivery(delivery.id).objectId).toBe(delivery.data.id);
  });

  test('every documented event type is accepted and listed in the help', async () => {
    const help = await runInProcess(['trigger', '--help']);
    expect(help.status).toBe(0);
    for (const type of WEBHOOK_EVENT_TYPES) expect(help.stdout).toContain(type);
  });

  test.each([
    [['--data', '{bad'], 1, /--data is not valid JSON/],
    [['--data', '[1]'], 1, /--data must be a JSON object/],
    [['--data', '{"name":"x"}'], 1, /--data must have an "id"/],
    [['--data', '{"id":7}'], 1, /--data must have an "id"/],
    [['--data', '{"id":"x","__proto__":{"a":1}}'], 1, /__proto__/],
  ])('bad data %j: exit %i, naming the problem, nothing sent', async (args, status, message) => {
    const sandbox = await start({ customers: 0 });
    const run = await runInProcess(['trigger', 'customer_updated', ...args, '--url', sandbox.url]);
    expect(run.status).toBe(status);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(sandbox.webhooks.deliveries().data).toEqual([]);
  });

  test('an unknown event type or none: usage error (exit 2)', async () => {
    const unknown = await runInProcess(['trigger', 'customer.created', '--url', 'http://127.0.0.1:9']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/unknown event type "customer.created": one of blog_post_created, /);
    const missing = await runInProcess(['trigger']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/missing EVENT/);
  });
});

describe('fault', () => {
  test('429 with Retry-After for the next N matching requests, listed until spent', async () => {
    const sandbox = await start({ customers: 3 });
    const run = await runInProcess([
      'fault',
      '429',
      '--count',
      '2',
      '--retry-after',
      '3',
      '--method',
      'get',
      '--path',
      '/customers*',
      '--url',
      sandbox.url,
    ]);
    expect(run).toEqual({
      status: 0,
      stdout: 'fault flt_1: 429 (Retry-After 3 s), the next 2 requests matching GET /customers*\n',
      stderr: '',
    });
    expect(sandbox.faults.list()).toEqual([
      expect.objectContaining({
        id: 'flt_1',
        status: 429,
        retryAfter: 3,
        remaining: 2,
        method: 'GET',
        path: '/customers*',
      }),
    ]);
    expect((await api(sandbox, '/orders')).status).toBe(200);
    const limited = await api(sandbox, '/customers');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect((await api(sandbox, '/customers/x')).status).toBe(429);
    expect((await api(sandbox, '/customers')).status).toBe(200);
    expect(await runInProcess(['fault', 'list', '--url', sandbox.url])).toEqual({
      status: 0,
      stdout: 'latency: off\nfaults: none\n',
      stderr: '',
    });
  });

  // Eleven CLI processes one after the other: on a loaded two-core machine each can take seconds.
  test('500 and 503, delay, drop with a token (never printed), latency, list, clear', { timeout: 90_000 }, async () => {
    const sandbox = await start({ customers: 3 });
    const token = sandbox.app.accessToken;
    const url = ['--url', sandbox.url];
    expect((await runInProcess(['fault', '503', '--method', 'POST', ...url])).stdout).toBe(
      'fault flt_1: 503, the next request matching POST\n',
    );
    expect((await runInProcess(['fault', '500', '--path', '/orders', ...url])).stdout).toBe(
      'fault flt_2: 500, the next request matching /orders\n',
    );
    expect((await runInProcess(['fault', 'delay', '5', '--count', '4', '--path', '/charges', ...url])).stdout).toBe(
      'fault flt_3: delay 5 ms, the next 4 requests matching /charges\n',
    );
    const drop = await runInProcess(['fault', 'drop', '--token', token, '--path', '/products', ...url]);
    expect(drop.stdout).toBe(
      `fault flt_4: drop the connection, the next request matching /products with token …${token.slice(-4)}\n`,
    );
    expect((await runInProcess(['fault', 'latency', '20', ...url])).stdout).toBe('latency: 20 ms\n');
    expect(sandbox.faults.latencyMs).toBe(20);

    const list = await runInProcess(['fault', 'list', ...url]);
    expect(list.stdout.split('\n')).toEqual([
      'latency: 20 ms',
      'flt_1: 503, the next request matching POST',
      'flt_2: 500, the next request matching /orders',
      'flt_3: delay 5 ms, the next 4 requests matching /charges',
      `flt_4: drop the connection, the next request matching /products with token …${token.slice(-4)}`,
      '',
    ]);
    const listJson = JSON.parse((await runInProcess(['fault', 'list', '--json', ...url])).stdout) as {
      latency_ms: number;
      data: { id: string; token: string | null }[];
    };
    expect(listJson.latency_ms).toBe(20);
    expect(listJson.data.map((f) => f.id)).toEqual(['flt_1', 'flt_2', 'flt_3', 'flt_4']);
    for (const run of [drop, list]) expect(run.stdout + run.stderr).not.toContain(token);

    expect(
      (
        await api(sandbox, '/customers', {
          method: 'POST',
          headers: json,
          body: '{"first_name":"A","last_name":"B","email":"a@example.com"}',
        })
      ).status,
    ).toBe(503);
    expect((await api(sandbox, '/orders')).status).toBe(500);
    await expect(api(sandbox, '/products')).rejects.toThrow();

    expect(await runInProcess(['fault', 'clear', ...url])).toEqual({
      status: 0,
      stdout: 'fault clear: every fault removed (the latency stays)\n',
      stderr: '',
    });
    expect(sandbox.faults.list()).toEqual([]);
    expect((await runInProcess(['fault', 'latency', '0', '--json', ...url])).stdout).toBe('{\n  "latency_ms": 0\n}\n');
    expect((await runInProcess(['fault', 'latency', '0', ...url])).stdout).toBe('latency: off\n');
  });

  test.each([
    [['fault'], /missing KIND/],
    [['fault', '404'], /unknown fault "404": 429, 500, 503, delay, drop, latency, list or clear/],
    [['fault', 'delay'], /missing MS/],
    [['fault', 'delay', 'soon'], /MS must be a whole number, got "soon"/],
    [['fault', 'latency'], /missing MS/],
    [['fault', '503', 'extra'], /unexpected argument "extra"/],
    [['fault', '500', '--retry-after', '2'], /--retry-after applies to 429 faults only/],
    [['fault', 'drop', '--retry-after', '2'], /--retry-after does not apply to `fault drop`/],
    [['fault', '429', '--count', 'many'], /--count must be a whole number, got "many"/],
    [['fault', 'list', '--count', '2'], /--count does not apply to `fault list`/],
    [['fault', 'clear', '--path', '/x'], /--path does not apply to `fault clear`/],
    [
      ['fault', '429', '--cuont', '2'],
      /unknown option --cuont: the options are --count, --retry-after, --method, --path, --token, --url, --control-key, --json, --help/,
    ],
  ])('%j: usage error, exit 2', async (args, message) => {
    const run = await runInProcess([...args, '--url', 'http://127.0.0.1:9']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('Run `npm run sandbox -- fault --help` for its usage.');
    expect(run.stdout).toBe('');
  });

  test('values the sandbox refuses (out of range): exit 1 with its message', async () => {
    const sandbox = await start({ customers: 0 });
    const count = await runInProcess(['fault', '429', '--count', '0', '--url', sandbox.url]);
    expect(count).toEqual({
      status: 1,
      stdout: '',
      stderr: 'commerce-sandbox fault: the sandbox answered 400: count: must be an integer from 1 to 10000\n',
    });
    const latency = await runInProcess(['fault', 'latency', '600000', '--url', sandbox.url]);
    expect(latency.status).toBe(1);
    expect(latency.stderr).toMatch(/the sandbox answered 400: latency_ms: must be an integer from 0 to 60000/);
    const path = await runInProcess(['fault', 'drop', '--path', 'customers', '--url', sandbox.url]);
    expect(path.stderr).toMatch(/path: must start with "\/"/);
    expect(sandbox.faults.list()).toEqual([]);
  });
});
