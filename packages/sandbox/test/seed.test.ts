// Deterministic seeding, and list queries that run on the index.
import { describe, expect, test } from 'vitest';
import { seedStore } from '../src/seed/seed.js';
import { Store } from '../src/store/store.js';

function dump(store: Store): string {
  const tables = ['resources', 'meta'];
  return JSON.stringify(tables.map((table) => store.db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all()));
}

function seeded(seed: number, customers: number): Store {
  const store = new Store(undefined, 'normal');
  seedStore(store, seed, customers);
  return store;
}

describe('seeding', () => {
  test('the same seed gives byte-identical data, ids and created_time included', () => {
    const a = seeded(7, 40);
    const b = seeded(7, 40);
    expect(dump(a)).toBe(dump(b));
    expect(dump(seeded(8, 40))).not.toBe(dump(a));
  });

  test('customer n is the same whatever the number of customers; dates derive from a fixed base', () => {
    const small = seeded(3, 5);
    const large = seeded(3, 50);
    const first = (store: Store) =>
      store.db.prepare(`SELECT * FROM resources WHERE kind = 'customers' AND seq <= 5 ORDER BY seq`).all();
    expect(first(large)).toEqual(first(small));
    const times = large.db
      .prepare(`SELECT created_time FROM resources WHERE kind = 'customers' ORDER BY seq`)
      .pluck()
      .all() as string[];
    expect(times[0]!.startsWith('2024-01-01')).toBe(true);
    expect(times).toEqual([...times].sort());
  });

  test('every resource gets seeded data', () => {
    const store = seeded(1, 10);
    const kinds = store.db.prepare(`SELECT kind, COUNT(*) AS n FROM resources GROUP BY kind ORDER BY kind`).all();
    expect(kinds.map((k) => (k as { kind: string }).kind)).toEqual([
      'blog_posts',
      'categories',
      'charges',
      'customers',
      'discounts',
      'orders',
      'products',
    ]);
  });
});

describe('list queries', () => {
  const plan = (store: Store, sql: string, ...args: unknown[]): string =>
    (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as Array<{ detail: string }>)
      .map((r) => r.detail)
      .join(' | ');

  test('every page, of every resource, uses the (kind, created_time, id) index: no table scan, no sort', () => {
    const store = seeded(1, 10);
    for (const kind of ['customers', 'orders', 'blog_posts']) {
      for (const sql of [
        `SELECT body FROM resources WHERE kind = '${kind}' AND deleted = 0 ORDER BY created_time, id LIMIT 11`,
        `SELECT body FROM resources WHERE kind = '${kind}' AND deleted = 0 AND (created_time, id) > ('2024', 'x') ORDER BY created_time, id LIMIT 11`,
        `SELECT body FROM resources WHERE kind = '${kind}' AND deleted = 0 AND (created_time, id) < ('2024', 'x') ORDER BY created_time DESC, id DESC LIMIT 11`,
      ]) {
        const detail = plan(store, sql);
        expect(detail).toContain('resources_page');
        expect(detail).not.toMatch(/TEMP B-TREE|SCAN resources$/);
      }
    }
  });

  test('a cursor, a read and the next id are index lookups', () => {
    const store = seeded(1, 10);
    expect(plan(store, `SELECT created_time, id FROM resources WHERE kind = 'customers' AND id = 'cus_1'`)).toMatch(
      /SEARCH resources USING INDEX sqlite_autoindex_resources_2/,
    );
    expect(plan(store, `SELECT body FROM resources WHERE kind = 'customers' AND id = 'cus_1' AND deleted = 0`)).toMatch(
      /SEARCH resources USING INDEX sqlite_autoindex_resources_2/,
    );
    expect(plan(store, `SELECT COALESCE(MAX(seq), 0) + 1 FROM resources WHERE kind = 'customers'`)).toMatch(
      /SEARCH resources USING (COVERING )?INDEX sqlite_autoindex_resources_1/,
    );
  });
});
