// A data file written before the resource engine (schema version 3: customers in their own columns,
// the other resources in an `objects` table) opens with nothing lost: every customer answers exactly as
// it was written, a deleted one is still gone and still keeps its place for a cursor, ids go on after the
// highest (tombstones count), the webhook log is kept, the seeded catalogue answers in the new shape,
// and a snapshot taken before the upgrade can still be restored.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import type { Sandbox } from '../src/index.js';
import { MIGRATIONS } from '../src/store/schema.js';
import { api, start } from './support/start.js';

const OLD_VERSION = 3;

const id = (n: number): string => `cus_${String(n).padStart(26, '0')}`;
const at = (n: number): string => new Date(Date.UTC(2024, 0, 1) + n * 3_600_000).toISOString();

interface OldCustomer {
  readonly seq: number;
  readonly deleted: boolean;
  readonly customer: {
    id: string;
    created_time: string;
    first_name: string;
    last_name: string;
    email: string;
    company: string | null;
    delivery_address: Record<string, unknown> | null;
    billing_address: Record<string, unknown> | null;
  };
}

/** Customers as an older sandbox wrote them: every kind of value, tombstones among them, seq 7 the highest (deleted). */
const OLD_CUSTOMERS: OldCustomer[] = [
  {
    seq: 1,
    deleted: false,
    customer: {
      id: id(1),
      created_time: at(1),
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      company: null,
      delivery_address: null,
      billing_address: null,
    },
  },
  {
    seq: 2,
    deleted: false,
    customer: {
      id: id(2),
      created_time: at(2),
      first_name: 'Zoë "Z"',
      last_name: "O'Brien\n😀",
      email: 'a@localhost',
      company: 'Ünïcode & <Co>',
      delivery_address: {
        line1: '1 Main Street',
        city: 'Arlington',
        lines: ['a', 'b'],
        floor: 2,
        share: 1.5,
        big: 12345678901234,
        box: null,
        gate: true,
      },
      billing_address: {},
    },
  },
  {
    seq: 3,
    deleted: true,
    customer: {
      id: id(3),
      created_time: at(3),
      first_name: 'Gone',
      last_name: 'Away',
      email: 'gone@example.com',
      company: 'Tomb',
      delivery_address: { city: 'X' },
      billing_address: null,
    },
  },
  {
    seq: 4,
    deleted: false,
    customer: {
      id: id(4),
      created_time: at(3),
      first_name: 'Same',
      last_name: 'Time',
      email: 'same@example.com',
      company: null,
      delivery_address: null,
      billing_address: { nested: { deep: [1, { two: 2 }] } },
    },
  },
  {
    seq: 5,
    deleted: false,
    customer: {
      id: id(5),
      created_time: at(5),
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.org',
      company: 'Navy Labs',
      delivery_address: { line1: '2 Side Road' },
      billing_address: { line1: '2 Side Road' },
    },
  },
  {
    seq: 6,
    deleted: false,
    customer: {
      id: id(6),
      created_time: at(6),
      first_name: 'Émile',
      last_name: 'Zola',
      email: '"quoted local"@example.com',
      company: '',
      delivery_address: null,
      billing_address: null,
    },
  },
  {
    seq: 7,
    deleted: true,
    customer: {
      id: id(7),
      created_time: at(7),
      first_name: 'Last',
      last_name: 'Deleted',
      email: 'last@example.com',
      company: null,
      delivery_address: null,
      billing_address: null,
    },
  },
];

/** Writes a version-3 file: the customers above, an old-shaped catalogue, two outbox rows (one delivered with its attempt). */
function writeOldFile(file: string): void {
  const db = new Database(file);
  for (const step of MIGRATIONS.slice(0, OLD_VERSION)) db.exec(step);
  db.pragma(`user_version = ${OLD_VERSION}`);
  const insert = db.prepare(
    `INSERT INTO customers (seq, id, created_time, first_name, last_name, email, company, delivery_address, billing_address, deleted)
     VALUES (@seq, @id, @created_time, @first_name, @last_name, @email, @company, @delivery_address, @billing_address, @deleted)`,
  );
  for (const { seq, deleted, customer } of OLD_CUSTOMERS) {
    insert.run({
      seq,
      ...customer,
      delivery_address: customer.delivery_address === null ? null : JSON.stringify(customer.delivery_address),
      billing_address: customer.billing_address === null ? null : JSON.stringify(customer.billing_address),
      deleted: deleted ? 1 : 0,
    });
  }
  const object = db.prepare(`INSERT INTO objects (kind, id, created_time, body) VALUES (?, ?, ?, ?)`);
  const put = (kind: string, body: Record<string, unknown> & { id: string; created_time: string }): void =>
    void object.run(kind, body.id, body.created_time, JSON.stringify(body));
  put('categories', {
    id: 'cat_00000000000000000000000001',
    created_time: at(-90),
    title: 'Tea',
    description: 'Leaves',
    featured_image: null,
    num_items: 2,
  });
  put('products', {
    id: 'prod_00000000000000000000000001',
    created_time: at(-80),
    category_id: 'cat_00000000000000000000000001',
    title: 'Green',
    description: 'Sencha',
    featured_image: null,
    sku: 'G1',
    currency: 'USD',
    price: 4.5,
    quantity: 10,
  });
  put('products', {
    id: 'prod_00000000000000000000000002',
    created_time: at(-79),
    category_id: 'cat_00000000000000000000000001',
    title: 'Black',
    description: 'Assam',
    featured_image: null,
    sku: null,
    currency: 'USD',
    price: 3.25,
    quantity: 0,
  });
  put('blog_posts', {
    id: 'post_00000000000000000000000001',
    created_time: at(-70),
    title: 'Brewing',
    slug: 'brewing',
    meta_description: 'How',
    content: '<p>Hot</p>',
    published_time: at(-69),
    featured_image: null,
    tags: ['tea'],
  });
  put('discounts', {
    id: 'disc_00000000000000000000000001',
    created_time: at(-60),
    code: 'TEA10',
    percent_off: 10,
    active: true,
  });
  const event = db.prepare(
    `INSERT INTO outbox (event_type, object_id, token, data, created_at, status, attempts, updated_at, next_attempt_at, signed_timestamp)
     VALUES (?, ?, ?, ?, 1000, ?, ?, 2000, 0, ?)`,
  );
  event.run(
    'customer_deleted',
    id(7),
    'a'.repeat(32),
    JSON.stringify({ id: id(7), deleted: true }),
    'delivered',
    1,
    '1704067200',
  );
  db.prepare(
    `INSERT INTO delivery_attempts (outbox_seq, started_at, duration_ms, url, status, response_body, error) VALUES (1, 1500, 12, 'http://127.0.0.1:9/hooks', 200, 'ok', NULL)`,
  ).run();
  event.run('customer_updated', id(5), 'b'.repeat(32), JSON.stringify(OLD_CUSTOMERS[4]!.customer), 'skipped', 0, null);
  db.prepare(`INSERT INTO meta (key, value) VALUES ('seed', '1'), ('seeded_customers', '7')`).run();
  db.close();
}

async function json<T>(sandbox: Sandbox, path: string, status = 200): Promise<T> {
  const res = await api(sandbox, path);
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBe(status);
  return JSON.parse(text) as T;
}

const ids = (page: { data: Array<{ id: string }> }): string[] => page.data.map((c) => c.id);

test('a version-3 data file migrates with every customer, tombstone, delivery and snapshot intact', async () => {
  const dir = testTempDir('sandbox-resources-migrate-');
  const data = join(dir, 'old.db');
  writeOldFile(data);
  // A snapshot taken by the older sandbox, beside the data file: the same old data.
  mkdirSync(`${data}.snapshots`);
  writeOldFile(join(`${data}.snapshots`, 'before-upgrade.sqlite'));

  const sandbox = await start({ data, customers: 7 });
  const live = OLD_CUSTOMERS.filter((c) => !c.deleted).map((c) => c.customer);
  const inListOrder = [...live].sort((a, b) =>
    a.created_time === b.created_time ? a.id.localeCompare(b.id) : a.created_time.localeCompare(b.created_time),
  );

  // Every customer, field for field, over the API: the list and each retrieve.
  const all = await json<{ data: unknown[]; has_more: boolean }>(sandbox, '/customers?limit=100');
  expect(all).toEqual({ limit: 100, has_more: false, data: inListOrder });
  for (const customer of live) expect(await json(sandbox, `/customers/${customer.id}`)).toEqual(customer);
  // Property order as before: the documented field order.
  expect(Object.keys((all.data as object[])[0]!)).toEqual([
    'id',
    'created_time',
    'first_name',
    'last_name',
    'email',
    'company',
    'delivery_address',
    'billing_address',
  ]);

  // Deleted customers: gone, and still places in the list.
  for (const { customer } of OLD_CUSTOMERS.filter((c) => c.deleted))
    await json(sandbox, `/customers/${customer.id}`, 404);
  expect(ids(await json(sandbox, `/customers?starting_after=${id(3)}`))).toEqual([id(4), id(5), id(6)]);
  expect(ids(await json(sandbox, `/customers?ending_before=${id(3)}`))).toEqual([id(2), id(1)]);
  expect(ids(await json(sandbox, `/customers?starting_after=${id(7)}`))).toEqual([]);
  expect(ids(await json(sandbox, `/customers?ending_before=${id(7)}&limit=2`))).toEqual([id(6), id(5)]);

  // The next id goes on after the highest, deleted or not.
  const created = await api(sandbox, '/customers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"first_name":"New","last_name":"One","email":"new@example.com"}',
  });
  expect(created.status).toBe(201);
  expect(((await created.json()) as { id: string }).id).toBe(id(8));

  // The webhook log: both old rows, as they were, the delivered one with its attempt.
  const log = sandbox.webhooks.deliveries({ limit: 100 }).data;
  expect(log.map((d) => [d.eventType, d.status])).toEqual([
    ['customer_created', 'skipped'],
    ['customer_updated', 'skipped'],
    ['customer_deleted', 'delivered'],
  ]);
  expect(sandbox.webhooks.delivery(log[1]!.id).data).toEqual(OLD_CUSTOMERS[4]!.customer);
  expect(sandbox.webhooks.delivery(log[2]!.id)).toMatchObject({
    signedTimestamp: '1704067200',
    attempts: [{ status: 200, responseBody: 'ok' }],
  });

  // The old catalogue answers in the new shape (each checked against the spec by the sandbox).
  expect(await json(sandbox, '/categories')).toMatchObject({
    data: [
      {
        id: 'cat_00000000000000000000000001',
        title: 'Tea',
        product_ids: ['prod_00000000000000000000000001', 'prod_00000000000000000000000002'],
      },
    ],
  });
  const products = await json<{ data: Array<Record<string, unknown>> }>(sandbox, '/products');
  expect(products.data.map((p) => [p['id'], p['price'], 'category_id' in p])).toEqual([
    ['prod_00000000000000000000000001', 4.5, false],
    ['prod_00000000000000000000000002', 3.25, false],
  ]);
  expect(await json(sandbox, '/blog_posts')).toMatchObject({
    data: [{ id: 'post_00000000000000000000000001', title: 'Brewing', slug: 'brewing', tags: ['tea'] }],
  });
  expect(await json(sandbox, '/discounts')).toMatchObject({
    data: [{ id: 'disc_00000000000000000000000001', code: 'TEA10', percent_off: 10 }],
  });

  // The snapshot written before the upgrade restores (migrated on a copy; the file itself is untouched).
  await sandbox.restore('before-upgrade');
  expect(await json(sandbox, '/customers?limit=100')).toEqual({ limit: 100, has_more: false, data: inListOrder });
  await json(sandbox, `/customers/${id(8)}`, 404);
  const snapshotFile = new Database(join(`${data}.snapshots`, 'before-upgrade.sqlite'), { readonly: true });
  expect(snapshotFile.pragma('user_version', { simple: true })).toBe(OLD_VERSION);
  snapshotFile.close();
  await sandbox.close();

  const migrated = new Database(data, { readonly: true });
  expect(migrated.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
  const tables = migrated
    .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name IN ('customers', 'objects', 'resources')`)
    .pluck()
    .all();
  expect(tables).toEqual(['resources']);
  migrated.close();
});
