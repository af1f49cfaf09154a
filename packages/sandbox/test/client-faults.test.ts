// The api-client against injected faults: 429 with Retry-After, 503, 800 ms of latency and dropped
// connections. Reads and a create complete; a POST that meets a 5xx or a drop is not sent again.
// Both sides run on stepped manual clocks (tools/testing/stepped-clock.mjs), moved to the next deadline
// whenever one of them waits, so the test takes no real time for the waits and can check each wait exactly.
import { ConnectionError, createClient, ServerError, type Client } from '@commerce-kit/api-client';
import { describe, expect, test } from 'vitest';
import { drive, stepped } from '../../../tools/testing/stepped-clock.mjs';
import type { Sandbox } from '../src/index.js';
import { ManualClock } from '../src/testing/index.js';
import { start } from './support/start.js';

/** The sandbox's `ManualClock`, stepped: it records every wait and knows the deadline of the next sleeper. */
class SteppedClock extends stepped(ManualClock) {}

const START = '2025-06-01T00:00:00Z';

async function setUp(
  customers: number,
): Promise<{ sandbox: Sandbox; client: Client; sandboxClock: SteppedClock; clientClock: SteppedClock }> {
  const sandboxClock = new SteppedClock(START);
  const clientClock = new SteppedClock(START);
  const sandbox = await start({ clock: sandboxClock, customers });
  // Default retries (2); the client-side rate limit is off so only the injected 429s matter.
  const client = createClient({
    baseUrl: sandbox.url,
    accessToken: sandbox.app.accessToken,
    clock: clientClock,
    rateLimit: false,
  });
  return { sandbox, client, sandboxClock, clientClock };
}

/** Every customer id through a fault-free client, for comparison. */
async function allCustomerIds(sandbox: Sandbox): Promise<string[]> {
  const plain = createClient({
    baseUrl: sandbox.url,
    accessToken: sandbox.app.accessToken,
    rateLimit: false,
    maxRetries: 0,
  });
  return (await plain.customers.list({ limit: 100 }).toArray({ max: 1000 })).map((c) => c.id);
}

const requestsTo = (sandbox: Sandbox, operationId: string): number => sandbox.violations.counts()[operationId] ?? 0;

describe('the api-client with faults on', () => {
  test('completes a full pagination through a 429 with Retry-After, a 503 and a dropped connection, with 800 ms latency on every request', async () => {
    const { sandbox, client, sandboxClock, clientClock } = await setUp(45);
    const expected = await allCustomerIds(sandbox);
    expect(expected).toHaveLength(45);
    sandbox.violations.clear();
    const sandboxStart = sandboxClock.now();

    sandbox.faults.setLatency(800);
    // Each page request meets a fault: added while the previous page is read, it hits the next one.
    const faultsPerPage = [
      { type: 'status', status: 429, retryAfter: 3, path: '/customers' },
      { type: 'status', status: 503, path: '/customers' },
      { type: 'drop', path: '/customers' },
      { type: 'status', status: 429, retryAfter: 1, path: '/customers' },
    ] as const;
    sandbox.faults.add(faultsPerPage[0]);
    const walk = (async () => {
      const ids: string[] = [];
      let page = 0;
      for await (const p of client.customers.list({ limit: 10 }).pages()) {
        ids.push(...p.data.map((c) => c.id));
        page++;
        const next = faultsPerPage[page];
        if (next !== undefined) sandbox.faults.add(next);
      }
      return { ids, pages: page };
    })();
    const { ids, pages } = await drive(walk, sandboxClock, clientClock);

    expect(pages).toBe(5);
    expect(ids).toEqual(expected); // every customer once, in order: nothing skipped or repeated by a retry
    expect(sandbox.faults.list()).toEqual([]); // every fault was spent
    // Five pages plus one retry for each of the four faults reached the sandbox...
    expect(requestsTo(sandbox, 'listCustomers')).toBe(9);
    // ...each after 800 ms on the sandbox's clock.
    expect(sandbox.faults.latencyMs).toBe(800);
    expect(sandboxClock.now() - sandboxStart).toBe(9 * 800);
    // The client waited what each 429 asked, and a back-off of 250–500 ms after the 503 and the drop.
    const [afterRateLimit, after503, afterDrop, afterSecondRateLimit, ...rest] = clientClock.waits;
    expect(afterRateLimit).toBe(3000);
    expect(after503).toBeGreaterThanOrEqual(250);
    expect(after503).toBeLessThanOrEqual(500);
    expect(afterDrop).toBeGreaterThanOrEqual(250);
    expect(afterDrop).toBeLessThanOrEqual(500);
    expect(afterSecondRateLimit).toBe(1000);
    expect(rest).toEqual([]);
  });

  test('completes a create through a 429 with Retry-After and 800 ms latency: one customer created', async () => {
    const { sandbox, client, sandboxClock, clientClock } = await setUp(10);
    const before = await allCustomerIds(sandbox);
    sandbox.violations.clear();
    sandbox.faults.setLatency(800);
    sandbox.faults.add({ type: 'status', status: 429, retryAfter: 2, method: 'POST', path: '/customers', count: 2 });

    const created = await drive(
      client.customers.create({ first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' }),
      sandboxClock,
      clientClock,
    );

    expect(created).toMatchObject({ first_name: 'Grace', email: 'grace@example.com' });
    expect(clientClock.waits).toEqual([2000, 2000]); // a 429 means the server did nothing: POST is retried
    expect(requestsTo(sandbox, 'createCustomer')).toBe(3);
    expect(sandbox.faults.list()).toEqual([]);
    sandbox.faults.setLatency(0);
    const after = await allCustomerIds(sandbox);
    expect(after).toEqual([...before, created.id]); // created exactly once
  });

  test.each([500, 503] as const)(
    'a %i on a POST is not retried: one request reached the sandbox, ServerError thrown, nothing created',
    async (status) => {
      const { sandbox, client, sandboxClock, clientClock } = await setUp(10);
      const before = await allCustomerIds(sandbox);
      sandbox.violations.clear();
      // Two faults' worth: a blind retry would meet the second and leave none.
      sandbox.faults.add({ type: 'status', status, method: 'POST', path: '/customers', count: 2 });

      const attempt = drive(
        client.customers.create({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }),
        sandboxClock,
        clientClock,
      );
      const error = await attempt.then(
        () => undefined,
        (caught: unknown) => caught,
      );

      expect(error).toBeInstanceOf(ServerError);
      expect(error).toMatchObject({ status, type: 'api_error' });
      expect(requestsTo(sandbox, 'createCustomer')).toBe(1);
      expect(sandbox.faults.list()).toMatchObject([{ status, remaining: 1 }]);
      expect(clientClock.waits).toEqual([]); // no back-off either: it gave up at once
      sandbox.faults.clear();
      expect(await allCustomerIds(sandbox)).toEqual(before);
    },
  );

  test('a dropped connection on a POST is not retried either (the record may exist): ConnectionError after one request', async () => {
    const { sandbox, client, sandboxClock, clientClock } = await setUp(10);
    sandbox.violations.clear();
    sandbox.faults.add({ type: 'drop', method: 'POST', path: '/customers', count: 2 });

    const error = await drive(
      client.customers.create({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }),
      sandboxClock,
      clientClock,
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ConnectionError);
    expect(requestsTo(sandbox, 'createCustomer')).toBe(1);
    expect(sandbox.faults.list()).toMatchObject([{ type: 'drop', remaining: 1 }]);
    expect(clientClock.waits).toEqual([]);
  });

  test('whereas a 503 on a PUT is retried (an update can be repeated): the update lands', async () => {
    const { sandbox, client, sandboxClock, clientClock } = await setUp(10);
    const [id] = await allCustomerIds(sandbox);
    sandbox.violations.clear();
    sandbox.faults.add({ type: 'status', status: 503, method: 'PUT', path: '/customers/*' });

    const updated = await drive(client.customers.update(id!, { company: 'Retried Ltd' }), sandboxClock, clientClock);

    expect(updated).toMatchObject({ id, company: 'Retried Ltd' });
    expect(requestsTo(sandbox, 'updateCustomer')).toBe(2);
    expect(clientClock.waits).toHaveLength(1);
    expect(sandbox.faults.list()).toEqual([]);
  });
});
