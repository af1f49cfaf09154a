import { setFlagsFromString } from 'node:v8';
import { inspect } from 'node:util';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import type { Customer } from '@commerce-kit/api-types';
import { ApiClientConfigurationError, ApiError, InvalidRequestError, ListPromise, createClient } from '../src/index.js';
import { objectId, startFakeServer } from './support/fake-server.js';
import { useFakeServer } from './support/servers.js';

const server = useFakeServer({ customers: 250 });

const client = () => createClient({ baseUrl: server().url, accessToken: 'test_token', rateLimit: false });
/** Whether `promise` has settled, seen without attaching a handler (which would make a rejection handled). */
const settled = (promise: Promise<unknown>): boolean => !inspect(promise, { depth: 0 }).includes('<pending>');
const ids = (from: number, to: number): string[] => {
  const out: string[] = [];
  const step = from <= to ? 1 : -1;
  for (let i = from; step > 0 ? i <= to : i >= to; i += step) out.push(objectId('cus_', i));
  return out;
};

describe('list()', () => {
  it('awaits to the first page envelope', async () => {
    const page = await client().customers.list({ limit: 3 });
    expect(page.limit).toBe(3);
    expect(page.has_more).toBe(true);
    expect(page.data.map((c) => c.id)).toEqual(ids(1, 3));
    const list = client().customers.list();
    expect(list).toBeInstanceOf(ListPromise);
    await list;
  });

  it('is a real Promise: then/catch/finally give plain promises, Promise.all and awaiting twice work', async () => {
    const list = client().customers.list({ limit: 2 });
    expect(list).toBeInstanceOf(Promise);
    expect(Object.prototype.toString.call(list)).toBe('[object ListPromise]');
    const derived = list.then((page) => page.data.length);
    expect(derived).not.toBeInstanceOf(ListPromise);
    expect(await derived).toBe(2);
    const [a, b] = await Promise.all([list, client().charges.list({ limit: 1 })]);
    expect(a.data).toHaveLength(2);
    expect(b.data).toHaveLength(1);
    // Iterating, then awaiting again: the first page is the one already received.
    expect(await list.toArray({ max: 3 })).toHaveLength(3);
    expect((await list).data.map((c) => c.id)).toEqual(ids(1, 2));
    expect(server().requests.filter((r) => r.path === '/customers')).toHaveLength(2);
    await expect(list.finally(() => undefined)).resolves.toHaveProperty('has_more', true);
  });

  it('a fetcher that throws synchronously gives a rejected list, not a throw', async () => {
    const boom = new Error('boom');
    const list = new ListPromise<{ id: string }>(() => {
      throw boom;
    }, {});
    await expect(list).rejects.toBe(boom);
    await expect(list.toArray({ max: 1 })).rejects.toBe(boom);
  });

  it('iterates every object forward, ascending, none skipped or repeated', async () => {
    const seen: string[] = [];
    for await (const customer of client().customers.list({ limit: 100 })) seen.push(customer.id);
    expect(seen).toEqual(ids(1, 250));
    const cursors = server().requests.map((r) => r.query.get('starting_after'));
    expect(cursors).toEqual([null, objectId('cus_', 100), objectId('cus_', 200)]);
  });

  it('forward from a starting_after cursor', async () => {
    const seen = await client()
      .customers.list({ limit: 7, starting_after: objectId('cus_', 240) })
      .toArray({ max: 1000 });
    expect(seen.map((c) => c.id)).toEqual(ids(241, 250));
  });

  it('backward with ending_before: newest first, following with the last id of each page', async () => {
    const seen: string[] = [];
    for await (const c of client().customers.list({ limit: 40, ending_before: objectId('cus_', 101) })) seen.push(c.id);
    expect(seen).toEqual(ids(100, 1));
    const cursors = server().requests.map((r) => r.query.get('ending_before'));
    expect(cursors).toEqual([objectId('cus_', 101), objectId('cus_', 61), objectId('cus_', 21)]);
    expect(server().requests.every((r) => !r.query.has('starting_after'))).toBe(true);
  });

  it('refuses both cursors before sending (see validation.test.ts)', async () => {
    const params = {
      limit: 5,
      starting_after: objectId('cus_', 10),
      ending_before: objectId('cus_', 20),
    } as unknown as { limit: number };
    await expect(client().customers.list(params)).rejects.toBeInstanceOf(InvalidRequestError);
    expect(server().requests).toHaveLength(0);
  });

  it('undefined parameters are not sent', async () => {
    const cursor: string | undefined = undefined;
    const all = await client()
      .customers.list({ limit: undefined, starting_after: cursor, ending_before: undefined })
      .toArray({ max: 3 });
    expect(all.map((c) => c.id)).toEqual(ids(1, 3));
    expect([...(server().requests[0]?.query.keys() ?? [])]).toEqual([]);
  });

  it('pages() yields envelopes and fetches lazily', async () => {
    const pages = client().customers.list({ limit: 100 }).pages();
    const first = await pages.next();
    expect(first.value?.data).toHaveLength(100);
    expect(server().count('/customers')).toBeGreaterThanOrEqual(1);
    const requestsAfterFirst = server().requests.length;
    expect(requestsAfterFirst).toBe(1);
    const sizes = [first.value?.data.length];
    for await (const page of pages) sizes.push(page.data.length);
    expect(sizes).toEqual([100, 100, 50]);
    expect(server().requests).toHaveLength(3);
  });

  it('toArray({ max }) stops at max and fetches no more pages than needed', async () => {
    const some = await client().customers.list({ limit: 10 }).toArray({ max: 25 });
    expect(some.map((c) => c.id)).toEqual(ids(1, 25));
    expect(server().requests).toHaveLength(3);
  });

  it('toArray needs a valid bound', async () => {
    const list = client().customers.list({ limit: 1 });
    await expect(list.toArray({ max: -1 })).rejects.toThrow(ApiClientConfigurationError);
    await expect(list.toArray({} as { max: number })).rejects.toThrow(/max/);
    await expect(list.toArray({ max: 0 })).resolves.toEqual([]);
  });

  it('an empty list iterates nothing', async () => {
    const page = await client().customers.list({ limit: 5, ending_before: objectId('cus_', 1) });
    expect(page).toEqual({ limit: 5, has_more: false, data: [] });
    const all = await client()
      .customers.list({ limit: 5, ending_before: objectId('cus_', 1) })
      .toArray({ max: 10 });
    expect(all).toEqual([]);
  });

  it('the first iteration reuses the eager first request', async () => {
    const list = client().customers.list({ limit: 100 });
    await waitFor(() => settled(list)); // answered before anything iterates
    await list.toArray({ max: 100 });
    expect(server().requests).toHaveLength(1);
  });

  it('every top-level resource has list()', async () => {
    const c = client();
    for (const [resource, prefix] of [
      [c.charges, 'ch_'],
      [c.orders, 'ord_'],
      [c.products, 'prod_'],
      [c.categories, 'cat_'],
      [c.blogPosts, 'post_'],
      [c.discounts, 'disc_'],
    ] as const) {
      const all = await resource.list({ limit: 7 }).toArray({ max: 100 });
      expect(all).toHaveLength(30);
      expect(all[0]?.id).toBe(objectId(prefix, 1));
    }
  });

  it('an error on a later page rejects the iteration with the typed error', async () => {
    server().script.push({
      match: (r) => r.query.has('starting_after'),
      status: 404,
      body: '{"type":"not_found_error"}',
    });
    const seen: Customer[] = [];
    const run = async () => {
      for await (const c of client().customers.list({ limit: 50 })) seen.push(c);
    };
    await expect(run()).rejects.toMatchObject({ status: 404, name: 'NotFoundError' });
    expect(seen).toHaveLength(50);
  });

  it('a 2xx answer that is not an envelope, or a page that cannot be continued, is a typed error', async () => {
    const cases = [
      { body: '[]', message: /"data" array/ },
      { body: '{"has_more":true}', message: /"data" array/ },
      { body: '{"limit":1,"has_more":true,"data":[{"name":"no id"}]}', message: /no string "id"/ },
      { body: '{"limit":1,"has_more":true,"data":[7]}', message: /no string "id"/ },
    ];
    for (const { body, message } of cases) {
      server().script.push({ status: 200, body });
      const error = await client()
        .customers.list({ limit: 1 })
        .toArray({ max: 10 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).type).toBe('invalid_response');
      expect((error as ApiError).message).toMatch(message);
    }
  });

  it('stops with a typed error when the server hands back the same cursor (no endless loop)', async () => {
    const page = JSON.stringify({ limit: 1, has_more: true, data: [{ id: 'cus_00000005' }] });
    server().script.push({ status: 200, body: page }, { status: 200, body: page });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const c of client().customers.list({ limit: 1 })) seen.push(c.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/did not advance/);
    expect(seen).toEqual(['cus_00000005', 'cus_00000005']);
  });

  it('a has_more that is not true ends the list', async () => {
    server().script.push({
      status: 200,
      body: JSON.stringify({ limit: 1, has_more: 'yes', data: [{ id: 'cus_00000001' }] }),
    });
    expect(await client().customers.list({ limit: 1 }).toArray({ max: 10 })).toHaveLength(1);
    expect(server().count('/customers')).toBeGreaterThan(0);
  });

  it('a rejected first page does not surface as an unhandled rejection when only iterated', async () => {
    server().script.push({ status: 400, body: '{"type":"invalid_request_error"}' });
    const list = client().customers.list();
    // Rejected with no handler of the test's attached: an unhandled rejection would be reported by now.
    await waitFor(() => settled(list));
    await expect(list.toArray({ max: 1 })).rejects.toMatchObject({ status: 400 });
  });
});

describe('memory: one page at a time', () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;

  it('objects of pages already passed are collectable while iterating (100k customers served lazily)', async () => {
    const big = await startFakeServer({ customers: 100_000, record: false });
    try {
      const c = createClient({ baseUrl: big.url, accessToken: 'test_token', rateLimit: false });
      const refs: WeakRef<object>[] = [];
      let count = 0;
      for await (const customer of c.customers.list({ limit: 100 })) {
        count++;
        if (count <= 100) refs.push(new WeakRef(customer));
        if (count === 1000) break;
      }
      gc();
      await new Promise((r) => setTimeout(r, 0));
      gc();
      const alive = refs.filter((r) => r.deref() !== undefined).length;
      expect(alive).toBe(0);
      expect(count).toBe(1000);
      // Breaking out early fetched only the pages consumed: no read-ahead of the 1,000 pages.
      expect(big.count('/customers')).toBe(10);
    } finally {
      await big.close();
    }
  });

  it('iterating all 100,000 customers keeps the heap bounded', async () => {
    const big = await startFakeServer({ customers: 100_000, record: false });
    try {
      const c = createClient({ baseUrl: big.url, accessToken: 'test_token', rateLimit: false });
      let count = 0;
      let last = '';
      gc();
      const baseline = process.memoryUsage().heapUsed;
      let peak = 0;
      for await (const customer of c.customers.list({ limit: 100 })) {
        count++;
        last = customer.id;
        if (count % 10_000 === 0) {
          gc();
          peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
        }
      }
      expect(count).toBe(100_000);
      expect(last).toBe(objectId('cus_', 100_000));
      // 100,000 customers held at once would be tens of MB; one page is a few hundred KB.
      expect(peak).toBeLessThan(15 * 1024 * 1024);
    } finally {
      await big.close();
    }
  }, 120_000);
});
