// The platform's list rules over the store's keyset pagination.
import { describe, expect, test } from 'vitest';
import { api, start } from './support/start.js';

interface Envelope {
  limit: number;
  has_more: boolean;
  data: Array<{ id: string; created_time: string }>;
}

const id = (n: number): string => `cus_${String(n).padStart(26, '0')}`;

async function page(sandbox: Awaited<ReturnType<typeof start>>, query: string): Promise<Envelope> {
  const res = await api(sandbox, `/customers${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Envelope;
}

describe('customer list', () => {
  test('default limit 10, ascending from the oldest; has_more from limit + 1 rows', async () => {
    const sandbox = await start({ customers: 12 });
    const first = await page(sandbox, '');
    expect(first.limit).toBe(10);
    expect(first.data.map((c) => c.id)).toEqual(Array.from({ length: 10 }, (_, i) => id(i + 1)));
    expect(first.has_more).toBe(true);
    const rest = await page(sandbox, `?starting_after=${id(10)}`);
    expect(rest.data.map((c) => c.id)).toEqual([id(11), id(12)]);
    expect(rest.has_more).toBe(false);
    const exact = await page(sandbox, '?limit=12');
    expect(exact.has_more).toBe(false);
  });

  test('ending_before is descending, and wins over starting_after', async () => {
    const sandbox = await start({ customers: 12 });
    const back = await page(sandbox, `?ending_before=${id(6)}&limit=3`);
    expect(back.data.map((c) => c.id)).toEqual([id(5), id(4), id(3)]);
    expect(back.has_more).toBe(true);
    const both = await page(sandbox, `?ending_before=${id(3)}&starting_after=${id(8)}`);
    expect(both.data.map((c) => c.id)).toEqual([id(2), id(1)]);
    expect(both.has_more).toBe(false);
  });

  test('limit outside 1..100, or not an integer, is a 400 naming limit', async () => {
    const sandbox = await start({ customers: 3 });
    for (const limit of ['0', '101', '-1', '2.5', 'ten', '']) {
      const res = await api(sandbox, `/customers?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      const body = (await res.json()) as { type: string; errors: Record<string, string[]> };
      expect(body.type).toBe('invalid_request_error');
      expect(Object.keys(body.errors)).toEqual(['limit']);
    }
    expect((await page(sandbox, '?limit=100')).data).toHaveLength(3);
    expect((await page(sandbox, '?limit=1')).data).toHaveLength(1);
  });

  test('a cursor that never existed is a 400 naming the parameter', async () => {
    const sandbox = await start({ customers: 3 });
    for (const name of ['starting_after', 'ending_before']) {
      const res = await api(sandbox, `/customers?${name}=cus_nope`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        type: 'invalid_request_error',
        errors: { [name]: ['no object with id "cus_nope"'] },
      });
    }
  });

  test('a cursor naming a deleted customer keeps paging from its place, both ways', async () => {
    const sandbox = await start({ customers: 6 });
    expect((await api(sandbox, `/customers/${id(3)}`, { method: 'DELETE' })).status).toBe(204);
    expect((await page(sandbox, `?starting_after=${id(3)}`)).data.map((c) => c.id)).toEqual([id(4), id(5), id(6)]);
    expect((await page(sandbox, `?ending_before=${id(3)}`)).data.map((c) => c.id)).toEqual([id(2), id(1)]);
    expect((await page(sandbox, '')).data.map((c) => c.id)).toEqual([id(1), id(2), id(4), id(5), id(6)]);
  });

  test('a cursor given twice is a 400; unknown query parameters are ignored', async () => {
    const sandbox = await start({ customers: 3 });
    const twice = await api(sandbox, `/customers?limit=1&limit=2`);
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({
      type: 'invalid_request_error',
      errors: { limit: ['is given more than once'] },
    });
    expect((await page(sandbox, '?utm_source=x')).data).toHaveLength(3);
  });

  test('the other six resources page the same way over seeded data', async () => {
    const sandbox = await start({ customers: 20 });
    for (const path of ['/charges', '/orders', '/products', '/categories', '/blog_posts', '/discounts']) {
      const all: string[] = [];
      let cursor = '';
      for (;;) {
        const res = await api(sandbox, `${path}?limit=2${cursor}`);
        expect(res.status, path).toBe(200);
        const body = (await res.json()) as Envelope;
        all.push(...body.data.map((o) => o.id));
        if (!body.has_more) break;
        cursor = `&starting_after=${body.data.at(-1)!.id}`;
      }
      expect(all.length, path).toBeGreaterThan(0);
      expect(new Set(all).size, path).toBe(all.length);
      const unknown = await api(sandbox, `${path}?ending_before=nope`);
      expect(unknown.status).toBe(400);
    }
  });
});
