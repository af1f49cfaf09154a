/**
 * `order --product ID [--quantity N] [--customer ID] [--decline]`: the simulated shopper places an order
 * through the control API (`POST /_sandbox/orders`), as `sandbox.orders.place()` does.
 */
import { integerValue, stringValue } from '@commerce-kit/internal/cli/args';
import { isRecord } from '@commerce-kit/internal/is-record';
import { MAX_ORDER_QUANTITY, ORDERS_PATH } from '../../control/orders.js';
import { printJson, UsageError, type ControlCommand, type FlagValues } from './command.js';
import { positionals } from './state.js';

const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '?');

/** An id flag's value: absent, or a non-empty string. */
function idFlag(flags: FlagValues, name: string): string | undefined {
  const value = stringValue({ ...flags }, name);
  if (value === '') throw new UsageError(`--${name} must be an id, not an empty string`);
  return value;
}

/** One line for what the sandbox answered. */
export function describePlacedOrder(answer: unknown): string {
  const { order, charge, product } = record(answer);
  const c = record(charge);
  if (order === null) {
    return `order: declined: charge ${text(c['id'])} ${text(c['status'])} (${text(c['failure_code'])}); no order placed, no stock taken`;
  }
  const o = record(order);
  const [line] = Array.isArray(o['lines']) ? o['lines'].map(record) : [];
  const who = o['customer_id'] === null ? 'a guest' : text(o['customer_id']);
  const left = record(product)['quantity'];
  const stock = typeof left === 'number' ? (left === 0 ? '0 left, sold out' : `${left} left`) : 'stock not tracked';
  return (
    `order: ${text(o['id'])} ${text(o['status'])}: ${text(line?.['quantity'])} × ${text(line?.['product_id'])} for ${text(o['total'])} ${text(o['currency'])}` +
    ` by ${who}, charge ${text(c['id'])} ${text(c['status'])}; ${stock}`
  );
}

export const order: ControlCommand = {
  name: 'order',
  summary: 'a simulated shopper buys: stock, order, charge, webhooks',
  usage: `--product ID [--quantity N] [--customer ID] [--decline] [--url URL]`,
  help: `Places an order as a shopper's checkout would, in one transaction: the product's stock is checked and
taken (a product whose quantity is null is not tracked), the order and its charge are created, and the
webhooks order_payment_succeeded, order_completed, product_updated (the stock) and, when none is left,
product_soldout are sent. Nothing is written when the order is refused.

  --product ID          the product to buy (required)
  --quantity N          how many, 1 to ${MAX_ORDER_QUANTITY.toLocaleString('en-US')} (default 1)
  --customer ID         the customer who buys (default: a guest)
  --decline             pay with a card that is declined: one failed charge, no order, no stock taken,
                        no webhook

Prints the order, its charge and what is left. Exit 1 when the sandbox refuses: an unknown product or
customer (404), or not enough stock (409: the message says how many are left).`,
  flags: {
    product: { type: 'string', value: "the product's id" },
    quantity: { type: 'string', value: `a whole number from 1 to ${MAX_ORDER_QUANTITY}` },
    customer: { type: 'string', value: "the customer's id" },
    decline: { type: 'boolean' },
  },
  async run(context) {
    positionals(context, []);
    const { flags } = context;
    const product = idFlag(flags, 'product');
    if (product === undefined) throw new UsageError('--product is required: the id of the product to buy');
    const quantity = integerValue({ ...flags }, 'quantity', { min: 1, max: MAX_ORDER_QUANTITY });
    const customer = idFlag(flags, 'customer');
    const input: Record<string, unknown> = { product };
    if (quantity !== undefined) input['quantity'] = quantity;
    if (customer !== undefined) input['customer'] = customer;
    if (flags['decline'] === true) input['decline'] = true;
    const { body } = await context.client.call('POST', ORDERS_PATH, input);
    if (context.json) printJson(context, body);
    else context.out(`${describePlacedOrder(body)}\n`);
    return 0;
  },
};
