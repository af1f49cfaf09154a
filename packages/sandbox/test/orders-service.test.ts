// The shopper's checkout (services/orders.ts) over a store, without a server: its writes and events are
// one transaction, so a failure at its last step leaves nothing of the order behind, and each event is
// recorded beside the state it describes.
import { describe, expect, test } from 'vitest';
import { EventOutbox } from '../src/events/outbox.js';
import { seedStore } from '../src/seed/seed.js';
import { OrderService } from '../src/services/orders.js';
import { ResourceService } from '../src/services/resources.js';
import { Store } from '../src/store/store.js';
import { ManualClock } from '../src/testing/index.js';

function checkout(outbox?: (store: Store, clock: ManualClock) => EventOutbox): {
  store: Store;
  orders: OrderService;
  resources: ResourceService;
  commits: () => number;
} {
  const clock = new ManualClock('2025-06-01T12:00:00Z');
  const store = new Store(undefined, 'normal');
  seedStore(store, 1, 3);
  let commits = 0;
  const resources = new ResourceService(
    store,
    outbox?.(store, clock) ?? new EventOutbox(store, clock, false),
    clock,
    () => commits++,
  );
  return { store, orders: new OrderService(resources), resources, commits: () => commits };
}

/** Everything an order can change: orders, charges, the product, the outbox. */
function snapshot(store: Store, productId: string): unknown {
  return [
    store.resources.count('orders'),
    store.resources.count('charges'),
    store.resources.get('products', productId),
    store.outbox.list(100),
  ];
}

describe('the checkout', () => {
  test('records each event with the state it describes: paid order, completed order, the stock, sold out', () => {
    const { store, orders, resources } = checkout();
    const product = resources.create('products', {
      title: 'Teapot',
      description: 'For two.',
      price: 39.5,
      quantity: 2,
    });
    const { order, charge } = orders.place({
      productId: product.id,
      quantity: 2,
      customerId: undefined,
      decline: false,
    });
    const events = store.outbox
      .list(4)
      .reverse()
      .map((row) => [row.event_type, JSON.parse(row.data) as Record<string, unknown>]);
    expect(events.map(([type, data]) => [type, (data as { id: string }).id])).toEqual([
      ['order_payment_succeeded', order!.id],
      ['order_completed', order!.id],
      ['product_updated', product.id],
      ['product_soldout', product.id],
    ]);
    expect(events[0]![1]).toMatchObject({ status: 'paid' });
    expect(events[1]![1]).toEqual(order);
    expect(events[3]![1]).toMatchObject({ quantity: 0 });
    expect(store.resources.get('charges', charge.id)).toEqual(charge);
  });

  test('a failure at the last step (the sold-out event) leaves nothing: no order, no charge, no stock taken, no event', () => {
    const failing = (store: Store, clock: ManualClock): EventOutbox => {
      const outbox = new EventOutbox(store, clock, false);
      const record = outbox.record.bind(outbox);
      outbox.record = (type, data) => {
        if (type === 'product_soldout') throw new Error('the outbox is full');
        return record(type, data);
      };
      return outbox;
    };
    const { store, orders, resources, commits } = checkout(failing);
    const product = resources.create('products', {
      title: 'Teapot',
      description: 'For two.',
      price: 39.5,
      quantity: 1,
    });
    const before = snapshot(store, product.id);
    const committed = commits();
    expect(() => orders.place({ productId: product.id, quantity: 1, customerId: undefined, decline: false })).toThrow(
      'the outbox is full',
    );
    expect(snapshot(store, product.id)).toEqual(before);
    expect(commits()).toBe(committed); // the dispatcher is not woken for a rolled-back order
    // A declined card records no event: it goes through even with this outbox.
    expect(
      orders.place({ productId: product.id, quantity: 1, customerId: undefined, decline: true }).charge,
    ).toMatchObject({ status: 'failed' });
  });
});
