/**
 * The simulated shopper, one of the test controls: an order placed as a shopper's checkout would place it
 * (the platform's API documentation shows no way to place one). The started sandbox's
 * `sandbox.orders.place()` and the HTTP control route `POST /_sandbox/orders` read their input here
 * and run the same checkout (`services/orders.ts`); the CLI's `order` command calls the route.
 */
import type { Charge, Order, Product } from '@commerce-kit/api-types';
import type { OrderRequest, OrderService } from '../services/orders.js';
import { controlled } from './controls.js';
import { invalidInput } from '../refusal.js';
import { InputReader } from './input.js';

/** The control route that places an order. */
export const ORDERS_PATH = '/_sandbox/orders';

/** The most units one order may take. */
export const MAX_ORDER_QUANTITY = 1_000_000;

/** An order to place, as the simulated shopper places it. */
export interface OrderInput {
  /** The id of the product to buy. */
  readonly product: string;
  /** How many units (1 to 1,000,000; default 1). */
  readonly quantity?: number | undefined;
  /** The id of the customer who buys; absent for a guest. */
  readonly customer?: string | undefined;
  /** Pay with a card that is declined: one failed charge, no order, no stock taken, no event. */
  readonly decline?: boolean | undefined;
}

/** What placing an order wrote, as the API answers it afterwards. */
export interface PlacedOrder {
  /** The completed order; `null` when the payment was declined. */
  readonly order: Order | null;
  /** The order's charge: `succeeded`, or `failed` (`failure_code: "card_declined"`) when declined. */
  readonly charge: Charge;
  /** The product afterwards: its `quantity` is what is left (unchanged when declined or not tracked). */
  readonly product: Product;
}

/** The simulated shopper. */
export interface SandboxOrders {
  /**
   * Places an order in one transaction, as a shopper's checkout would. The product must exist, and the
   * customer when one is named; a product whose `quantity` is a number must have enough left (a
   * `quantity` of `null` is not tracked). Paid: the order and its `succeeded` charge are created,
   * `order_payment_succeeded` then `order_completed` are sent with the order, the stock goes down
   * (`product_updated`) and `product_soldout` follows when none is left. Declined (`decline: true`):
   * one `failed` charge, nothing else.
   * @throws {SandboxControlError} nothing written: `reason` `'invalid'` for a bad input (the `field`
   *   names it), `'not_found'` for an unknown product or customer, `'conflict'` when there is not enough
   *   stock (`field` `quantity`; the message names the product and how many are left)
   */
  place(input: OrderInput): PlacedOrder;
}

/** Reads an order's input: the JavaScript API's object, or (with `snakeCase`) the control route's JSON body. */
export function readOrderInput(input: unknown, snakeCase: boolean): OrderRequest {
  const reader = new InputReader(input, snakeCase, snakeCase ? 'body' : 'input');
  const productId = reader.string('product', 256);
  const quantity = reader.integer('quantity', 1, MAX_ORDER_QUANTITY) ?? 1;
  const customerId = reader.string('customer', 256);
  const decline = reader.boolean('decline') ?? false;
  reader.done();
  if (productId === undefined) throw invalidInput('product', 'is required: the id of the product to buy');
  return { productId, quantity, customerId, decline };
}

/** The started sandbox's `orders`: input problems and refusals thrown as `SandboxControlError`. */
export function sandboxOrders(orders: OrderService): SandboxOrders {
  return {
    place: (input) => controlled(() => orders.place(readOrderInput(input, false)) as PlacedOrder),
  };
}
