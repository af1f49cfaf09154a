// `commerce-sandbox order` places orders on a running `commerce-sandbox` (another process) through the
// control API, prints what was written, and exits 0 / 1 / 2: the first order through the built bin, the
// rest through the CLI's entry in this process.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startCli, type RunningCli } from './support/cli.js';
import { runBin, runInProcess, STACK_TRACE } from './support/run-bin.js';

let cli: RunningCli;
beforeAll(async () => {
  cli = await startCli(['--customers', '3']);
});
afterAll(async () => {
  cli.child.kill('SIGTERM');
  await cli.exited;
});

async function apiCall(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${cli.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${cli.accessToken}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function newProduct(quantity: number | null): Promise<string> {
  const created = await apiCall('POST', '/products', {
    title: 'Lamp',
    description: 'A lamp.',
    price: 19.99,
    currency: 'EUR',
    quantity,
  });
  expect(created.status).toBe(201);
  return String(created.body['id']);
}

const order = (...args: string[]): ReturnType<typeof runInProcess> =>
  runInProcess(['order', ...args, '--url', cli.url]);

describe('order against a running sandbox', () => {
  test('places an order, prints the order, its charge and what is left; the API shows it', async () => {
    const product = await newProduct(3);
    const customer = 'cus_00000000000000000000000002';
    const run = await runBin([
      'order',
      '--product',
      product,
      '--quantity',
      '2',
      '--customer',
      customer,
      '--url',
      cli.url,
    ]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const match =
      /^order: (ord_\d+) completed: 2 × (prod_\d+) for 39\.98 EUR by (cus_\d+), charge (ch_\d+) succeeded; 1 left\n$/.exec(
        run.stdout,
      );
    expect(match, run.stdout).not.toBeNull();
    const [, orderId, productId, customerId, chargeId] = match!;
    expect([productId, customerId]).toEqual([product, customer]);
    expect((await apiCall('GET', `/orders/${orderId}`)).body).toMatchObject({
      status: 'completed',
      total: 39.98,
      lines: [{ product_id: product, quantity: 2 }],
    });
    expect((await apiCall('GET', `/charges/${chargeId}`)).body).toMatchObject({
      order_id: orderId,
      status: 'succeeded',
    });

    const last = await order('--product', product, '--json');
    expect(last.status).toBe(0);
    const answer = JSON.parse(last.stdout) as {
      order: { id: string };
      charge: { order_id: string };
      product: { quantity: number };
    };
    expect(answer.charge.order_id).toBe(answer.order.id);
    expect(answer.product).toMatchObject({ id: product, quantity: 0 });
    expect((await apiCall('GET', `/products/${product}`)).body['quantity']).toBe(0);
  });

  test('--decline: a failed charge, no order, no stock taken', async () => {
    const product = await newProduct(1);
    const run = await order('--product', product, '--decline');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^order: declined: charge ch_\d+ failed \(card_declined\); no order placed, no stock taken\n$/,
    );
    expect((await apiCall('GET', `/products/${product}`)).body['quantity']).toBe(1);
  });

  test('a product whose stock is not tracked says so; a guest buys', async () => {
    const product = await newProduct(null);
    const run = await order('--product', product, '--quantity', '5');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/ for 99\.95 EUR by a guest, charge ch_\d+ succeeded; stock not tracked\n$/);
  });

  test('refused by the sandbox: exit 1 with its message (unknown product or customer, not enough stock)', async () => {
    const product = await newProduct(1);
    expect(await order('--product', 'prod_nope')).toEqual({
      status: 1,
      stdout: '',
      stderr: 'commerce-sandbox order: the sandbox answered 404: product: no product with id "prod_nope"\n',
    });
    expect(await order('--product', product, '--customer', 'cus_nope')).toEqual({
      status: 1,
      stdout: '',
      stderr: 'commerce-sandbox order: the sandbox answered 404: customer: no customer with id "cus_nope"\n',
    });
    expect(await order('--product', product, '--quantity', '4')).toEqual({
      status: 1,
      stdout: '',
      stderr: `commerce-sandbox order: the sandbox answered 409: quantity: 4 asked, but product ${product} has 1 left\n`,
    });
    expect((await apiCall('GET', `/products/${product}`)).body['quantity']).toBe(1);
  });

  test('usage errors name the flag: exit 2, nothing sent', async () => {
    const product = await newProduct(2);
    const cases: Array<[string[], string]> = [
      [[], '--product is required: the id of the product to buy'],
      [['--product'], "--product needs a value: the product's id"],
      [['--product', ''], '--product must be an id, not an empty string'],
      [['--product', product, '--quantity', '0'], '--quantity must be between 1 and 1000000, not "0"'],
      [['--product', product, '--quantity', 'two'], '--quantity must be a whole number, not "two"'],
      [['--product', product, '--quantity', '-3'], '--quantity must be between 1 and 1000000, not "-3"'],
      [['--product', product, '--customer', ''], '--customer must be an id, not an empty string'],
      [['--product', product, '--decline=yes'], '--decline takes no value'],
      [
        ['--product', product, '--colour', 'red'],
        'unknown option --colour: the options are --product, --quantity, --customer, --decline, --url, --control-key, --json, --help',
      ],
      [['--product', product, 'now'], 'unexpected argument "now"'],
    ];
    for (const [args, message] of cases) {
      const run = await order(...args);
      expect([args, run.status, run.stdout, run.stderr.split('\n')[0]]).toEqual([
        args,
        2,
        '',
        `commerce-sandbox order: ${message}`,
      ]);
      expect(run.stderr).toMatch(/\nRun `.+ order --help` for its usage\.\n$/);
      expect(run.stderr).not.toMatch(STACK_TRACE);
    }
    expect((await apiCall('GET', `/products/${product}`)).body['quantity']).toBe(2);
  });
});
