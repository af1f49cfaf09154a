/**
 * The simulated shopper's checkout: one purchase of one product, in one transaction of the resource
 * engine, with the webhook events that follow from it. The platform's API documentation shows no way to
 * place an order, so this is the sandbox's own (its control API calls it); what it writes is what the
 * API then answers, and its events describe exactly those changes.
 *
 * In order: the product must exist (404 `product`), the customer too when one is named (404 `customer`);
 * a product whose `quantity` is a number must have at least the quantity asked left (409 `quantity`,
 * naming the product and what is left; `null` means stock is not tracked). A declined card then writes
 * one `failed` charge and nothing else: no order, no stock taken, no event. A paid order writes the
 * order (`paid`) and its `succeeded` charge, sends `order_payment_succeeded`, completes the order and
 * sends `order_completed`, takes the stock (`product_updated`, as any change of a product) and, when
 * none is left, sends `product_soldout`. Any refusal leaves nothing written.
 */
import { notFound, outOfStock } from '../refusal.js';
import type { ResourceObject } from '../store/resource-model.js';
import type { ResourceService, ResourceWriter } from './resources.js';

/** A purchase, its input already checked. */
export interface OrderRequest {
  readonly productId: string;
  /** At least 1. */
  readonly quantity: number;
  /** Undefined for a guest. */
  readonly customerId: string | undefined;
  /** Pay with a card that is declined. */
  readonly decline: boolean;
}

/** What a purchase wrote: the order (`null` when the payment was declined), its charge, and the product afterwards. */
export interface OrderOutcome {
  readonly order: ResourceObject | null;
  readonly charge: ResourceObject;
  readonly product: ResourceObject;
}

/**
 * The currency of an order for a product that names none (`currency: null`, "the store's currency"):
 * the currency of the seeded orders.
 */
export const STORE_CURRENCY = 'USD';
/** The `failure_code` of a declined payment. */
export const DECLINED = 'card_declined';

/** Amounts in the currency's major unit, to the cent (`3 × 0.1` is `0.3`, not `0.30000000000000004`). */
const cents = (amount: number): number => Math.round(amount * 100) / 100;

export class OrderService {
  readonly #resources: ResourceService;

  constructor(resources: ResourceService) {
    this.#resources = resources;
  }

  /** Places the order (see the module's description); throws a 404 or 409 Refusal with nothing written. */
  place(request: OrderRequest): OrderOutcome {
    return this.#resources.write((tx) => this.#place(tx, request));
  }

  #place(tx: ResourceWriter, { productId, quantity, customerId, decline }: OrderRequest): OrderOutcome {
    const product = tx.get('products', productId);
    if (product === undefined) throw notFound('product', `no product with id ${JSON.stringify(productId)}`);
    if (customerId !== undefined && tx.get('customers', customerId) === undefined) {
      throw notFound('customer', `no customer with id ${JSON.stringify(customerId)}`);
    }
    const stock = typeof product['quantity'] === 'number' ? product['quantity'] : undefined;
    if (stock !== undefined && stock < quantity) {
      throw outOfStock('quantity', `${quantity} asked, but product ${productId} has ${stock} left`);
    }
    const unitPrice = Number(product['price']);
    const currency = typeof product['currency'] === 'string' ? product['currency'] : STORE_CURRENCY;
    const amount = cents(unitPrice * quantity);
    const customer = customerId ?? null;

    if (decline) {
      const charge = tx.create('charges', {
        order_id: null,
        customer_id: customer,
        amount,
        currency,
        status: 'failed',
        failure_code: DECLINED,
      });
      return { order: null, charge, product };
    }

    const paid = tx.create('orders', {
      customer_id: customer,
      currency,
      lines: [{ product_id: productId, quantity, unit_price: unitPrice }],
      total: amount,
      status: 'paid',
    });
    const charge = tx.create('charges', {
      order_id: paid.id,
      customer_id: customer,
      amount,
      currency,
      status: 'succeeded',
      failure_code: null,
    });
    tx.emit('order_payment_succeeded', paid);
    const completed = tx.update('orders', paid.id, { status: 'completed' });
    tx.emit('order_completed', completed);
    let after = product;
    if (stock !== undefined) {
      after = tx.update('products', productId, { quantity: stock - quantity });
      if (stock === quantity) tx.emit('product_soldout', after);
    }
    return { order: completed, charge, product: after };
  }
}
