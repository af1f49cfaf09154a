// Deterministic seeding, and list queries that run on the index.
import { describe, expect, test } from 'vitest';
import { RESOURCES } from '../src/generated/resources.js';
import { seedStore } from '../src/seed/seed.js';
import type { FieldModel, ResourceModel } from '../src/store/resource-model.js';
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

describe('a field the seed does not fill by hand', () => {
  // One new field per seeded kind, as a spec edit would add it (the product's has no counterpart in the mock
  // store, so the codec leaves it out).
  const added: Readonly<Record<string, FieldModel>> = {
    customers: {
      name: 'loyalty_tier',
      onCreate: { value: null },
      shape: { type: 'string', nullable: true, enum: ['bronze', 'gold'] },
    },
    orders: {
      name: 'gift_message',
      onCreate: { value: null },
      shape: { type: 'string', nullable: true, maxLength: 40 },
    },
    charges: {
      name: 'receipt_number',
      onCreate: 'absent',
      shape: { type: 'string', nullable: false, pattern: '^R-[0-9]{6}$' },
    },
    discounts: {
      name: 'max_uses',
      onCreate: 'required',
      shape: { type: 'integer', nullable: false, minimum: 1, maximum: 50 },
    },
    products: { name: 'gift_wrap', onCreate: { value: null }, shape: { type: 'boolean', nullable: true } },
    categories: {
      name: 'position',
      onCreate: 'required',
      shape: { type: 'integer', nullable: false, minimum: 0, maximum: 9 },
    },
    blog_posts: {
      name: 'reading_minutes',
      onCreate: 'required',
      shape: { type: 'integer', nullable: false, minimum: 1, maximum: 30 },
    },
  };
  const valid: Readonly<Record<string, (value: unknown) => boolean>> = {
    customers: (v) => v === null || v === 'bronze' || v === 'gold',
    orders: (v) => v === null || (typeof v === 'string' && v.length <= 40),
    charges: (v) => typeof v === 'string' && /^R-[0-9]{6}$/.test(v),
    discounts: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 50,
    products: (v) => v === null || typeof v === 'boolean',
    categories: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 9,
    blog_posts: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 30,
  };
  const extended: ResourceModel[] = RESOURCES.map((model) => ({
    ...model,
    fields: [...model.fields, added[model.kind]!],
  }));
  const objects = (store: Store, kind: string): Array<Record<string, unknown>> =>
    store.resources.page(kind, { limit: 100 }).data.map((row) => ({ ...row.value }));

  test('gets a valid value drawn from its shape, for every kind; every other value stays as it was', () => {
    const plain = seeded(5, 12);
    const store = new Store(undefined, 'normal', extended);
    seedStore(store, 5, 12);
    for (const model of RESOURCES) {
      const field = added[model.kind]!.name;
      const withField = objects(store, model.kind);
      expect(withField.length, model.kind).toBeGreaterThan(0);
      for (const object of withField)
        expect(valid[model.kind]!(object[field]), `${model.kind}.${field}: ${String(object[field])}`).toBe(true);
      expect(
        withField.map(({ [field]: _, ...rest }) => rest),
        model.kind,
      ).toEqual(objects(plain, model.kind));
    }
    const again = new Store(undefined, 'normal', extended);
    seedStore(again, 5, 12);
    for (const model of RESOURCES) expect(objects(again, model.kind)).toEqual(objects(store, model.kind));
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
