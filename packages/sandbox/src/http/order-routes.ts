/**
 * The simulated shopper over HTTP: `POST /_sandbox/orders` `{ product, quantity?, customer?, decline? }`
 * places an order as `sandbox.orders.place()` does, through the same checkout, and answers 201
 * `{ order, charge }` (`order` is `null` when the payment was declined). Refusals: 400 for a bad body
 * (naming the field), 404 for an unknown product or customer, 409 when there is not enough stock; in
 * each case nothing is written. A control route: the access rule of `/_sandbox/` applies (this machine,
 * or the control key), registered before this.
 */
import type { Hono } from 'hono';
import { ORDERS_PATH, readOrderInput } from '../control/orders.js';
import type { OrderService } from '../services/orders.js';
import { answer, json, jsonBody } from './control-reply.js';

export interface OrderRouteDeps {
  readonly orders: OrderService;
}

export function registerOrderRoutes(app: Hono, deps: OrderRouteDeps): void {
  app.post(ORDERS_PATH, (c) =>
    answer(c, async () => json(201, deps.orders.place(readOrderInput(await jsonBody(c), true)))),
  );
}
