// Every resource the spec lets the API write (customers, products, categories, blog posts, discounts):
// create 201 with the spec's defaults, retrieve, partial update 201, delete 204 and then 404, the
// documented error bodies, and one webhook event per write, in order. Orders and charges: list and
// retrieve. Every response is checked against the spec by the sandbox itself (onResponseMismatch 'error').
import { createClient, NotFoundError } from '@commerce-kit/api-client';
import { createWebhookHandler, type WebhookEvent } from '@commerce-kit/webhooks';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import type { Sandbox } from '../src/index.js';
import { ManualClock } from '../src/testing/index.js';
import { nodeListener } from './support/node-listener.js';
import { api, start } from './support/start.js';

const json = { 'content-type': 'application/json' };
const NOW = '2026-05-01T10:00:00.000Z';

interface Case {
  readonly path: string;
  /** How messages and events name one object. */
  readonly noun: string;
  readonly event: string;
  readonly prefix: string;
  /** The required fields only. */
  readonly minimal: Record<string, unknown>;
  /** What a creation from `minimal` answers besides id and created_time (the spec's defaults filled in). */
  readonly created: Record<string, unknown>;
  readonly update: Record<string, unknown>;
  /** A body the spec refuses, and the field errors it gets. */
  readonly invalid: readonly [Record<string, unknown>, Record<string, string[]>];
}

const CASES: readonly Case[] = [
  {
    path: '/customers',
    noun: 'customer',
    event: 'customer',
    prefix: 'cus_',
    minimal: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    created: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      company: null,
      delivery_address: null,
      billing_address: null,
    },
    update: { company: 'Analytical Engines', delivery_address: { city: 'London' } },
    invalid: [
      { first_name: 'Ada', last_name: 'L', email: 'nope', nick: 'x' },
      { email: ['is not a valid email address'], nick: ['is not a known field'] },
    ],
  },
  {
    path: '/products',
    noun: 'product',
    event: 'product',
    prefix: 'prod_',
    minimal: { title: 'Teapot', description: 'For two.', price: 39.5 },
    created: {
      title: 'Teapot',
      description: 'For two.',
      featured_image: null,
      sku: null,
      currency: null,
      price: 39.5,
      quantity: null,
    },
    update: { quantity: 0, currency: 'EUR', sku: 'TP-2' },
    invalid: [
      { title: 'Teapot', description: 'For two.', quantity: -1, currency: 'usd' },
      { price: ['is required'], quantity: ['must be >= 0'], currency: ['must match ^[A-Z]{3}$'] },
    ],
  },
  {
    path: '/categories',
    noun: 'category',
    event: 'category',
    prefix: 'cat_',
    minimal: { title: 'Tea', description: 'Loose leaves.' },
    created: { title: 'Tea', description: 'Loose leaves.', featured_image: null, product_ids: [] },
    update: { product_ids: ['prod_00000000000000000000000001'], featured_image: 'https://example.com/tea.png' },
    invalid: [
      { title: 'Tea', description: null, num_items: 3 },
      { description: ['must be string'], num_items: ['is not a known field'] },
    ],
  },
  {
    path: '/blog_posts',
    noun: 'blog post',
    event: 'blog_post',
    prefix: 'post_',
    minimal: { title: 'Brewing', meta_description: 'How.', content: '<p>Hot.</p>', tags: ['tea'] },
    // published_time: the post's creation time (the theme kit's "current date") when none is given.
    created: {
      title: 'Brewing',
      meta_description: 'How.',
      content: '<p>Hot.</p>',
      published_time: NOW,
      featured_image: null,
      tags: ['tea'],
    },
    update: { published_time: '2026-06-01T08:00:00Z', tags: [] },
    invalid: [
      { title: 'Brewing', meta_description: 'How.', content: '<p>Hot.</p>', tags: [1], published_time: 'soon' },
      { 'tags.0': ['must be string'], published_time: ['is not an ISO 8601 date-time'] },
    ],
  },
  {
    path: '/discounts',
    noun: 'discount',
    event: 'discount',
    prefix: 'disc_',
    minimal: { code: 'SPRING10', percent_off: 10 },
    created: { code: 'SPRING10', percent_off: 10, active: true },
    update: { active: false, percent_off: 12.5 },
    invalid: [
      { code: '', percent_off: 0 },
      { code: ['must NOT have fewer than 1 characters'], percent_off: ['must be > 0'] },
    ],
  },
];

/** An object the API answers: a resource, with its id. */
interface ApiObject {
  readonly id: string;
  readonly [field: string]: unknown;
}

/** A page of a list. */
interface ApiPage {
  readonly data: ApiObject[];
  readonly has_more: boolean;
}

/**
 * One API call: its status and parsed body (undefined when empty). `T` is what the test expects the body
 * to be; the sandbox itself checks every answer against the spec (onResponseMismatch 'error').
 */
async function call<T = unknown>(
  sandbox: Sandbox,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await api(sandbox, path, {
    method,
    ...(body === undefined ? {} : { headers: json, body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
}

async function everything(sandbox: Sandbox, path: string): Promise<Array<{ id: string }>> {
  const all: Array<{ id: string }> = [];
  let cursor = '';
  for (;;) {
    const page = await call<ApiPage>(sandbox, 'GET', `${path}?limit=100${cursor}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    all.push(...page.body.data);
    if (!page.body.has_more) return all;
    cursor = `&starting_after=${page.body.data.at(-1)!.id}`;
  }
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

describe.each(CASES.map((c) => [c.path, c] as const))('%s', (path, c) => {
  test('create 201 with the defaults, retrieve, partial update 201, listed, delete 204, then 404 everywhere', async () => {
    const sandbox = await start({ clock: new ManualClock(NOW), rateLimit: 0 });
    const created = await call<ApiObject>(sandbox, 'POST', path, c.minimal);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(new RegExp(`^${c.prefix}\\d{26}$`)),
      created_time: NOW,
      ...c.created,
    });
    const id: string = created.body.id;
    expect(await call(sandbox, 'GET', `${path}/${id}`)).toEqual({ status: 200, body: created.body });

    const updated = await call(sandbox, 'PUT', `${path}/${id}`, c.update);
    expect(updated).toEqual({ status: 201, body: { ...created.body, ...c.update } });
    expect((await call(sandbox, 'GET', `${path}/${id}`)).body).toEqual(updated.body);
    expect((await everything(sandbox, path)).at(-1)).toEqual(updated.body);

    expect(await call(sandbox, 'DELETE', `${path}/${id}`)).toEqual({ status: 204, body: undefined });
    const gone = {
      status: 404,
      body: { type: 'not_found_error', errors: { id: [`no ${c.noun} with id ${JSON.stringify(id)}`] } },
    };
    expect(await call(sandbox, 'GET', `${path}/${id}`)).toEqual(gone);
    expect(await call(sandbox, 'PUT', `${path}/${id}`, c.update)).toEqual(gone);
    expect(await call(sandbox, 'DELETE', `${path}/${id}`)).toEqual(gone);
    expect((await everything(sandbox, path)).map((o) => o.id)).not.toContain(id);
    // The next creation gets a new id: deleted ones are never reused.
    const next = await call<ApiObject>(sandbox, 'POST', path, c.minimal);
    expect(next.body.id > id).toBe(true);
  });

  test('an invalid body is a 400 naming each field, an unknown id a 404; nothing is written', async () => {
    const sandbox = await start({ rateLimit: 0 });
    const before = await everything(sandbox, path);
    const [body, errors] = c.invalid;
    expect(await call(sandbox, 'POST', path, body)).toEqual({
      status: 400,
      body: { type: 'invalid_request_error', errors },
    });
    const existing = before[0]!.id;
    const refused = await call(sandbox, 'PUT', `${path}/${existing}`, { ...c.update, id: 'x' });
    expect(refused).toEqual({
      status: 400,
      body: { type: 'invalid_request_error', errors: { id: ['is not a known field'] } },
    });
    const unknown = `${c.prefix}00000000000000000000099999`;
    expect((await call(sandbox, 'GET', `${path}/${unknown}`)).status).toBe(404);
    expect((await call(sandbox, 'PUT', `${path}/${unknown}`, c.update)).status).toBe(404);
    expect((await call(sandbox, 'DELETE', `${path}/${unknown}`)).status).toBe(404);
    expect(await everything(sandbox, path)).toEqual(before);
    expect(sandbox.webhooks.deliveries().data).toEqual([]);
  });
});

describe('orders and charges: list and retrieve', () => {
  test.each([
    ['/orders', 'order'],
    ['/charges', 'charge'],
  ])('%s/{id} answers the listed object; unknown ids 404; no write method (405)', async (path, noun) => {
    const sandbox = await start();
    const first = (await call<ApiPage>(sandbox, 'GET', `${path}?limit=1`)).body.data[0]!;
    expect(await call(sandbox, 'GET', `${path}/${first.id}`)).toEqual({ status: 200, body: first });
    expect(await call(sandbox, 'GET', `${path}/nope`)).toEqual({
      status: 404,
      body: { type: 'not_found_error', errors: { id: [`no ${noun} with id "nope"`] } },
    });
    const post = await api(sandbox, path, { method: 'POST', headers: json, body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect((await api(sandbox, `${path}/${first.id}`, { method: 'DELETE' })).headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('webhooks', () => {
  test('each write sends its event, in order, signed, with the object as written ({ id, deleted } for a deletion)', async () => {
    const events: WebhookEvent[] = [];
    const handler = createWebhookHandler({ secret: 'whsec_resources', onEvent: (event) => void events.push(event) });
    const server = createServer(nodeListener(handler.node));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    const sandbox = await start({ webhookUrl: url, webhookSecret: 'whsec_resources', rateLimit: 0 });

    const expected: Array<[string, unknown]> = [];
    for (const c of CASES) {
      const created = (await call<ApiObject>(sandbox, 'POST', c.path, c.minimal)).body;
      const updated = (await call(sandbox, 'PUT', `${c.path}/${created.id}`, c.update)).body;
      await call(sandbox, 'DELETE', `${c.path}/${created.id}`);
      expected.push(
        [`${c.event}_created`, created],
        [`${c.event}_updated`, updated],
        [`${c.event}_deleted`, { id: created.id, deleted: true }],
      );
    }
    await sandbox.webhooks.settle();
    await waitFor(() => events.length === expected.length, { message: `${expected.length} webhook events` });
    expect(events.map((event) => [event.type, event.data])).toEqual(expected);
    await handler.close();
  });

  test('a refused write records no event; reads record none', async () => {
    const sandbox = await start({ rateLimit: 0 });
    for (const c of CASES) {
      await call(sandbox, 'POST', c.path, c.invalid[0]);
      await call(sandbox, 'GET', `${c.path}?limit=5`);
    }
    expect(sandbox.webhooks.deliveries().data).toEqual([]);
  });
});

describe('lists: each resource pages over its own ids', () => {
  const LISTS = ['/customers', '/charges', '/orders', '/products', '/categories', '/blog_posts', '/discounts'];

  test.each(LISTS)(
    "%s: forward and back with both cursors, a deleted cursor keeps its place, another resource's id is a 400",
    async (path) => {
      const sandbox = await start({ rateLimit: 0 });
      const all = (await everything(sandbox, path)).map((o) => o.id);
      expect(all.length).toBeGreaterThan(2);
      const walked: string[] = [];
      let cursor = '';
      for (;;) {
        const page = (await call<ApiPage>(sandbox, 'GET', `${path}?limit=2${cursor}`)).body;
        walked.push(...page.data.map((o: { id: string }) => o.id));
        if (!page.has_more) break;
        cursor = `&starting_after=${page.data.at(-1)!.id}`;
      }
      expect(walked).toEqual(all);
      const back: string[] = [];
      cursor = `&ending_before=${all.at(-1)}`;
      for (;;) {
        const page = (await call<ApiPage>(sandbox, 'GET', `${path}?limit=2${cursor}`)).body;
        back.push(...page.data.map((o: { id: string }) => o.id));
        if (!page.has_more) break;
        cursor = `&ending_before=${page.data.at(-1)!.id}`;
      }
      expect(back).toEqual(all.slice(0, -1).reverse());

      const other =
        path === '/customers'
          ? (await everything(sandbox, '/products'))[0]!.id
          : (await everything(sandbox, '/customers'))[0]!.id;
      expect(await call(sandbox, 'GET', `${path}?starting_after=${other}`)).toEqual({
        status: 400,
        body: {
          type: 'invalid_request_error',
          errors: { starting_after: [`no object with id ${JSON.stringify(other)}`] },
        },
      });

      if (path !== '/charges' && path !== '/orders') {
        expect((await call(sandbox, 'DELETE', `${path}/${all[1]}`)).status).toBe(204);
        expect(
          (await call<ApiPage>(sandbox, 'GET', `${path}?starting_after=${all[1]}&limit=1`)).body.data.map(
            (o: { id: string }) => o.id,
          ),
        ).toEqual([all[2]]);
        expect(
          (await call<ApiPage>(sandbox, 'GET', `${path}?ending_before=${all[1]}`)).body.data.map(
            (o: { id: string }) => o.id,
          ),
        ).toEqual([all[0]]);
      }
    },
  );

  test("the spec's cursor and id examples name objects of the default seed", async () => {
    const { readFileSync } = await import('node:fs');
    const { parse } = await import('yaml');
    const spec = parse(
      readFileSync(new URL('../../api-types/src/generated/openapi.yaml', import.meta.url), 'utf8'),
    ) as {
      components: { parameters: Record<string, { name: string; in: string; example: string }> };
    };
    const sandbox = await start({ customers: 250, rateLimit: 0 });
    const pathOf: Record<string, string> = {
      Customer: '/customers',
      Charge: '/charges',
      Order: '/orders',
      Product: '/products',
      Category: '/categories',
      BlogPost: '/blog_posts',
      Discount: '/discounts',
    };
    let checked = 0;
    for (const [name, parameter] of Object.entries(spec.components.parameters)) {
      const resource =
        /^(Customer|Charge|Order|Product|Category|BlogPost|Discount)(StartingAfter|EndingBefore|Id)$/.exec(name)?.[1];
      if (!resource) continue;
      const path = pathOf[resource]!;
      const answer =
        parameter.in === 'path'
          ? await call(sandbox, 'GET', `${path}/${parameter.example}`)
          : await call(sandbox, 'GET', `${path}?${parameter.name}=${parameter.example}`);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      checked++;
    }
    expect(checked).toBe(21);
  });
});

describe('the api-client', () => {
  test('client.<resource>.create / retrieve / update / del / list for every writable resource', async () => {
    const sandbox = await start({ rateLimit: 0 });
    const client = createClient({ baseUrl: sandbox.url, accessToken: sandbox.app.accessToken, maxRetries: 0 });
    const product = await client.products.create({
      title: 'Teapot',
      description: 'For two.',
      price: 39.5,
      quantity: 3,
    });
    expect(product).toMatchObject({ title: 'Teapot', quantity: 3, sku: null });
    expect((await client.products.update(product.id, { quantity: 2 })).quantity).toBe(2);
    const category = await client.categories.create({
      title: 'Tea',
      description: 'Leaves.',
      product_ids: [product.id],
    });
    expect((await client.categories.retrieve(category.id)).product_ids).toEqual([product.id]);
    const post = await client.blogPosts.create({
      title: 'Hello',
      meta_description: 'Hi.',
      content: '<p>Hi</p>',
      tags: ['news'],
    });
    expect(post.published_time).toBe(post.created_time);
    const discount = await client.discounts.create({ code: 'WELCOME', percent_off: 5 });
    expect(discount.active).toBe(true);
    const last = await client.discounts.list({ ending_before: 'disc_00000000000000000000000002', limit: 1 });
    expect(last.data.map((d) => d.id)).toEqual(['disc_00000000000000000000000001']);
    for (const [resource, id] of [
      [client.products, product.id],
      [client.categories, category.id],
      [client.blogPosts, post.id],
      [client.discounts, discount.id],
    ] as const) {
      await expect(resource.del(id)).resolves.toBeUndefined();
      await expect(resource.retrieve(id)).rejects.toBeInstanceOf(NotFoundError);
    }
    const order = (await client.orders.list({ limit: 1 })).data[0]!;
    expect(await client.orders.retrieve(order.id)).toEqual(order);
    const charge = (await client.charges.list({ limit: 1 })).data[0]!;
    expect(await client.charges.retrieve(charge.id)).toEqual(charge);
  });
});

describe('snapshots and reset cover every resource', () => {
  test('a restore puts back products, categories, blog posts and discounts as they were; a reset the seeded ones', async () => {
    const sandbox = await start({ rateLimit: 0 });
    const seeded = Object.fromEntries(
      await Promise.all(CASES.map(async (c) => [c.path, await everything(sandbox, c.path)] as const)),
    );
    const created = (await call<ApiObject>(sandbox, 'POST', '/products', CASES[1]!.minimal)).body;
    await sandbox.snapshot('one-more');
    await call(sandbox, 'DELETE', `/products/${created.id}`);
    await call(sandbox, 'PUT', `/categories/${seeded['/categories']![0]!.id}`, { title: 'Changed' });
    await call(sandbox, 'DELETE', `/blog_posts/${seeded['/blog_posts']![0]!.id}`);
    await call(sandbox, 'POST', '/discounts', CASES[4]!.minimal);
    await sandbox.restore('one-more');
    expect(await everything(sandbox, '/products')).toEqual([...seeded['/products']!, created]);
    for (const path of ['/categories', '/blog_posts', '/discounts'])
      expect(await everything(sandbox, path)).toEqual(seeded[path]);
    await sandbox.reset();
    for (const c of CASES) expect(await everything(sandbox, c.path)).toEqual(seeded[c.path]);
    // Ids handed out after a reset are the ones handed out after the seed.
    expect((await call<ApiObject>(sandbox, 'POST', '/products', CASES[1]!.minimal)).body.id).toBe(created.id);
  });
});
