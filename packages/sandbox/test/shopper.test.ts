// The simulated shopper: events that follow from state. An app built with @commerce-kit/api-client and
// @commerce-kit/webhooks writes its catalogue through the API, a shopper buys, and the app receives the
// verified events of what changed, in order, while the API's state matches them. Declines and refusals
// write nothing they should not; the JavaScript API and the HTTP control route are one code path.
import { createClient, type Client } from '@commerce-kit/api-client';
import type { Order, Product } from '@commerce-kit/api-types';
import { createWebhookHandler, type WebhookEvent } from '@commerce-kit/webhooks';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, test } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { SandboxControlError, type Sandbox } from '../src/index.js';
import { ManualClock } from '../src/testing/index.js';
import { nodeListener } from './support/node-listener.js';
import { api, controlFetch, start } from './support/start.js';

const SECRET = 'whsec_shopper_test_secret';
const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** The app's webhook receiver: @commerce-kit/webhooks' Node adapter on a loopback port, verifying every signature. */
async function receiver(): Promise<{ url: string; events: WebhookEvent[]; close: () => Promise<void> }> {
  const events: WebhookEvent[] = [];
  const handler = createWebhookHandler({ secret: SECRET, onEvent: (event) => void events.push(event) });
  const server = createServer(nodeListener(handler.node));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    events,
    close: () => handler.close(),
  };
}

const clientOf = (sandbox: Sandbox): Client =>
  createClient({ baseUrl: sandbox.url, accessToken: sandbox.app.accessToken, maxRetries: 0 });

/** Every object of a list, through the api-client's iterator over all pages. */
async function all<T>(list: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of list) out.push(item);
  return out;
}

/** POST /_sandbox/orders with a JSON body. */
function placeOverHttp(sandbox: Sandbox, body: unknown): Promise<Response> {
  return controlFetch(sandbox.url, `/_sandbox/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const newProduct = (
  title: string,
  quantity: number | null,
  price = 12.5,
): Parameters<Client['products']['create']>[0] => ({
  title,
  description: `${title}, for the shopper test.`,
  price,
  currency: 'EUR',
  quantity,
});

/** What the delivery log holds (newest first), as event type and object id. */
function logged(sandbox: Sandbox): Array<[string, string]> {
  return sandbox.webhooks.deliveries({ limit: 100 }).data.map((d) => [d.eventType, d.objectId]);
}

describe('an app with the api-client and the webhooks package, and a shopper', () => {
  test('the shopper buys the last unit: the app receives product_created, order_payment_succeeded, order_completed, product_soldout, verified and in order; the API agrees', async () => {
    const app = await receiver();
    const sandbox = await start({ webhookUrl: app.url, webhookSecret: SECRET });
    const client = clientOf(sandbox);

    // The app writes its catalogue through the API.
    const teapot = await client.products.create(newProduct('Teapot', 1, 39.5));
    const cups = await client.products.create(newProduct('Cups', 5, 8));
    const category = await client.categories.create({
      title: 'Tea',
      description: 'Things for tea.',
      product_ids: [teapot.id, cups.id],
    });
    const customer = await client.customers.create({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
    });

    // A shopper buys two cups (stock left), then the last teapot.
    const cupsOrder = sandbox.orders.place({ product: cups.id, quantity: 2 });
    const teapotOrder = sandbox.orders.place({ product: teapot.id, customer: customer.id });
    expect(teapotOrder.order).toMatchObject({
      status: 'completed',
      customer_id: customer.id,
      currency: 'EUR',
      lines: [{ product_id: teapot.id, quantity: 1, unit_price: 39.5 }],
      total: 39.5,
    });
    expect(teapotOrder.charge).toMatchObject({
      order_id: teapotOrder.order!.id,
      customer_id: customer.id,
      amount: 39.5,
      currency: 'EUR',
      status: 'succeeded',
      failure_code: null,
    });
    expect(teapotOrder.product).toMatchObject({ id: teapot.id, quantity: 0 });

    await sandbox.webhooks.settle();
    const teapotOrderId = teapotOrder.order!.id;
    const aboutTeapot = (event: WebhookEvent): boolean =>
      event.data.id === teapot.id ||
      (event.data.id === teapotOrderId &&
        ((event.data as unknown as Order).lines ?? []).some((line) => line.product_id === teapot.id));
    await waitFor(() => app.events.some((e) => e.type === 'product_soldout'), {
      message: () => JSON.stringify(app.events.map((e) => e.type)),
    });
    const forTeapot = app.events.filter(aboutTeapot);
    expect(forTeapot.filter((e) => e.type !== 'product_updated').map((e) => [e.type, e.data.id])).toEqual([
      ['product_created', teapot.id],
      ['order_payment_succeeded', teapotOrderId],
      ['order_completed', teapotOrderId],
      ['product_soldout', teapot.id],
    ]);
    // The stock change is a product_updated like any other, right before the sold-out event, carrying quantity 0.
    expect(forTeapot.map((e) => e.type)).toEqual([
      'product_created',
      'order_payment_succeeded',
      'order_completed',
      'product_updated',
      'product_soldout',
    ]);
    expect(forTeapot.at(-2)!.data).toMatchObject({ id: teapot.id, quantity: 0 });
    // Each event carries the object as it was at that step.
    expect(forTeapot[1]!.data).toMatchObject({ id: teapotOrderId, status: 'paid', total: 39.5 });
    expect(forTeapot[2]!.data).toMatchObject({ id: teapotOrderId, status: 'completed' });
    expect(forTeapot[4]!.data).toMatchObject({ id: teapot.id, title: 'Teapot', quantity: 0 });
    // Every event the app received, in the order the changes happened: cups were not sold out.
    expect(app.events.map((e) => e.type)).toEqual([
      'product_created',
      'product_created',
      'category_created',
      'customer_created',
      'order_payment_succeeded',
      'order_completed',
      'product_updated',
      'order_payment_succeeded',
      'order_completed',
      'product_updated',
      'product_soldout',
    ]);
    // Verified: the receiver answered 200 to each delivery (an invalid signature gets 400).
    const deliveries = sandbox.webhooks.deliveries({ limit: 100 }).data;
    expect(deliveries).toHaveLength(11);
    expect(deliveries.every((d) => d.status === 'delivered' && d.lastAttempt?.status === 200)).toBe(true);

    // The API's final state matches the events.
    expect((await client.products.retrieve(teapot.id)).quantity).toBe(0);
    expect((await client.products.retrieve(cups.id)).quantity).toBe(3);
    expect(await client.orders.retrieve(teapotOrderId)).toEqual(teapotOrder.order);
    expect(await client.charges.retrieve(teapotOrder.charge.id)).toEqual(teapotOrder.charge);
    const orders = await all(client.orders.list({ limit: 100 }));
    expect(orders.slice(-2)).toEqual([cupsOrder.order, teapotOrder.order]);
    const charges = await all(client.charges.list({ limit: 100 }));
    expect(charges.slice(-2)).toEqual([cupsOrder.charge, teapotOrder.charge]);
    expect((await client.categories.retrieve(category.id)).product_ids).toEqual([teapot.id, cups.id]);

    // Sold out: one more is refused, with what is left.
    expect(() => sandbox.orders.place({ product: teapot.id })).toThrow(`1 asked, but product ${teapot.id} has 0 left`);
    await app.close();
  });

  test('a declined card: one failed charge, no order, no event, the stock unchanged', async () => {
    const sandbox = await start();
    const client = clientOf(sandbox);
    const product = await client.products.create(newProduct('Kettle', 2));
    const ordersBefore = (await all(client.orders.list({ limit: 100 }))).length;
    const eventsBefore = logged(sandbox);

    const placed = sandbox.orders.place({ product: product.id, quantity: 2, decline: true });

    expect(placed.order).toBeNull();
    expect(placed.charge).toMatchObject({
      order_id: null,
      customer_id: null,
      amount: 25,
      currency: 'EUR',
      status: 'failed',
      failure_code: 'card_declined',
    });
    expect(placed.product).toEqual(product);
    // The call has returned, its transaction committed: the outbox is what it will ever be for it.
    expect(logged(sandbox)).toEqual(eventsBefore);
    expect(await client.products.retrieve(product.id)).toEqual(product);
    expect(await all(client.orders.list({ limit: 100 }))).toHaveLength(ordersBefore);
    expect(await client.charges.retrieve(placed.charge.id)).toEqual(placed.charge);
    expect((await all(client.charges.list({ limit: 100 }))).at(-1)).toEqual(placed.charge);
  });

  test('not enough stock: refused (409 naming the product and what is left), nothing written', async () => {
    const sandbox = await start();
    const client = clientOf(sandbox);
    const product = await client.products.create(newProduct('Whisk', 2));
    const state = async (): Promise<unknown> => [
      await all(client.orders.list({ limit: 100 })),
      await all(client.charges.list({ limit: 100 })),
      await client.products.retrieve(product.id),
      logged(sandbox),
    ];
    const before = await state();

    const refused = await placeOverHttp(sandbox, { product: product.id, quantity: 3 });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      type: 'invalid_request_error',
      errors: { quantity: [`3 asked, but product ${product.id} has 2 left`] },
    });
    let thrown: unknown;
    try {
      sandbox.orders.place({ product: product.id, quantity: 3, decline: true }); // stock is checked before the card
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SandboxControlError);
    expect(thrown).toMatchObject({
      reason: 'conflict',
      field: 'quantity',
      message: `3 asked, but product ${product.id} has 2 left`,
    });
    expect(await state()).toEqual(before);
  });

  test('a product whose quantity is null is not tracked: any quantity sells, no stock event', async () => {
    const sandbox = await start();
    const product = await clientOf(sandbox).products.create(newProduct('Gift card', null, 20));
    const placed = sandbox.orders.place({ product: product.id, quantity: 1000 });
    expect(placed.order).toMatchObject({ total: 20_000, status: 'completed' });
    expect(placed.product).toEqual(product);
    expect(logged(sandbox).slice(0, 2)).toEqual([
      ['order_completed', placed.order!.id],
      ['order_payment_succeeded', placed.order!.id],
    ]);
    expect(logged(sandbox)[2]).toEqual(['product_created', product.id]);
  });

  test('a product without a currency is sold in the store currency; prices add up to the cent', async () => {
    const sandbox = await start();
    const client = clientOf(sandbox);
    const product = await client.products.create({ title: 'Pin', description: 'A pin.', price: 0.1, quantity: 10 });
    const placed = sandbox.orders.place({ product: product.id, quantity: 3 });
    expect(placed.order).toMatchObject({ currency: 'USD', total: 0.3 });
    expect(placed.charge).toMatchObject({ currency: 'USD', amount: 0.3 });
  });

  test('unknown product, unknown or deleted customer, bad input: refused naming the field, nothing written', async () => {
    const sandbox = await start({ customers: 3 });
    const client = clientOf(sandbox);
    const product = await client.products.create(newProduct('Tray', 4));
    const customer = await client.customers.create({ first_name: 'A', last_name: 'B', email: 'a@example.com' });
    await client.customers.del(customer.id);
    const before = logged(sandbox);
    const cases: Array<[unknown, number, string, string, string]> = [
      [{ product: 'prod_404' }, 404, 'not_found_error', 'product', 'no product with id "prod_404"'],
      [
        { product: product.id, customer: 'cus_404' },
        404,
        'not_found_error',
        'customer',
        'no customer with id "cus_404"',
      ],
      [
        { product: product.id, customer: customer.id },
        404,
        'not_found_error',
        'customer',
        `no customer with id "${customer.id}"`,
      ],
      [{}, 400, 'invalid_request_error', 'product', 'is required: the id of the product to buy'],
      [
        { product: product.id, quantity: 0 },
        400,
        'invalid_request_error',
        'quantity',
        'must be an integer from 1 to 1000000',
      ],
      [
        { product: product.id, quantity: '2' },
        400,
        'invalid_request_error',
        'quantity',
        'must be an integer from 1 to 1000000',
      ],
      [{ product: product.id, decline: 'yes' }, 400, 'invalid_request_error', 'decline', 'must be true or false'],
      [{ product: product.id, colour: 'red' }, 400, 'invalid_request_error', 'colour', 'is not a known field'],
      [[product.id], 400, 'invalid_request_error', 'body', 'must be an object'],
    ];
    for (const [body, status, type, field, message] of cases) {
      const answer = await placeOverHttp(sandbox, body);
      expect([body, answer.status, await answer.json()]).toEqual([
        body,
        status,
        { type, errors: { [field]: [message] } },
      ]);
    }
    const bad = await controlFetch(sandbox.url, `/_sandbox/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"product":',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, unknown> }).errors).toHaveProperty('body');
    expect(logged(sandbox)).toEqual(before);
    expect((await client.products.retrieve(product.id)).quantity).toBe(4);
  });
});

describe('one code path: the JavaScript API and the HTTP control route', () => {
  /** Two sandboxes with the same seed and the same clock reading write the same ids and times. */
  async function twins(): Promise<[Sandbox, Sandbox]> {
    const at = '2025-06-01T12:00:00.000Z';
    return [
      await start({ clock: new ManualClock(at), customers: 5 }),
      await start({ clock: new ManualClock(at), customers: 5 }),
    ];
  }

  /** The same refusal, from either side: reason and field from the JS error, status and field from HTTP. */
  const REASON_OF_STATUS: Record<number, string> = { 400: 'invalid', 404: 'not_found', 409: 'conflict' };

  test('the same orders, charges, products and events; the same refusals', async () => {
    const [viaJs, viaHttp] = await twins();
    const products = await Promise.all(
      [viaJs, viaHttp].map((sandbox) => clientOf(sandbox).products.create(newProduct('Mug', 3, 7.25))),
    );
    expect(products[0]).toEqual(products[1]);
    const [{ id: product }] = products as [Product, Product];
    const customer = 'cus_00000000000000000000000002';
    const inputs = [
      { product, quantity: 2, customer },
      { product, decline: true },
      { product, quantity: 2 }, // only one left
      { product },
      { product }, // sold out
      { product: 'prod_missing' },
      { product, quantity: -1 },
      { product, customer: 'cus_missing' },
    ];
    for (const input of inputs) {
      let js: unknown;
      try {
        js = { status: 201, body: viaJs.orders.place(input) };
      } catch (error) {
        if (!(error instanceof SandboxControlError)) throw error;
        js = { reason: error.reason, field: error.field };
      }
      const answer = await placeOverHttp(viaHttp, input);
      const body = (await answer.json()) as { errors?: Record<string, string[]> };
      const http =
        answer.status === 201
          ? { status: 201, body }
          : { reason: REASON_OF_STATUS[answer.status], field: Object.keys(body.errors ?? {})[0] };
      expect([input, js]).toEqual([input, http]);
    }
    const stateOf = async (sandbox: Sandbox): Promise<unknown> => {
      const client = clientOf(sandbox);
      return [
        await all(client.orders.list({ limit: 100 })),
        await all(client.charges.list({ limit: 100 })),
        await client.products.retrieve(product),
        sandbox.webhooks.deliveries({ limit: 100 }).data.map((d) => [d.eventType, d.objectId, d.data]),
      ];
    };
    expect(await stateOf(viaJs)).toEqual(await stateOf(viaHttp));
    expect(
      logged(viaJs)
        .slice(0, 3)
        .map(([type]) => type),
    ).toEqual(['product_soldout', 'product_updated', 'order_completed']);
  });
});

describe('access', () => {
  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i !== undefined && !i.internal && i.family === 'IPv4')?.address;

  test.skipIf(external === undefined)(
    'from another machine the route needs the control key, as every control route',
    async () => {
      const sandbox = await start({ host: '0.0.0.0', controlKey: 'sbk_orders_key' });
      const product = (await (await api(sandbox, '/products?limit=1')).json()) as { data: Product[] };
      const url = `http://${external}:${new URL(sandbox.url).port}/_sandbox/orders`;
      const body = JSON.stringify({ product: product.data[0]!.id });
      const refused = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        type: 'authentication_error',
        errors: { control_key: [expect.any(String)] },
      });
      const placed = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-control-key': 'sbk_orders_key' },
        body,
      });
      expect(placed.status).toBe(201);
    },
  );
});
