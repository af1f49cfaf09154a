/** Customers: list, create, retrieve, update, delete. Every write and its webhook event share one transaction. */
import type { components } from '@commerce-kit/api-types';
import type { Clock } from '@commerce-kit/internal/clock';
import type { EventOutbox } from '../events/outbox.js';
import { notFound } from '../http/problem.js';
import type { Customer } from '../store/customers.js';
import type { Store } from '../store/store.js';
import { pageQuery, type ListEnvelope, type ListParams } from './lists.js';

type CreateRequest = components['schemas']['CustomerCreateRequest'];
type UpdateRequest = components['schemas']['CustomerUpdateRequest'];

export class CustomerService {
  readonly #store: Store;
  readonly #events: EventOutbox;
  readonly #clock: Clock;
  readonly #committed: () => void;

  /** @param committed called after each committed write (wakes the webhook dispatcher) */
  constructor(store: Store, events: EventOutbox, clock: Clock, committed: () => void) {
    this.#store = store;
    this.#events = events;
    this.#clock = clock;
    this.#committed = committed;
  }

  list(params: ListParams): ListEnvelope<Customer> {
    const query = pageQuery(params, (id) => this.#store.customers.position(id));
    const page = this.#store.customers.page(query);
    return { limit: query.limit, has_more: page.hasMore, data: page.data };
  }

  retrieve(id: string): Customer {
    const customer = this.#store.customers.get(id);
    if (!customer) throw notFound('id', `no customer with id ${JSON.stringify(id)}`);
    return customer;
  }

  create(body: CreateRequest): Customer {
    const customer = this.#store.write(() => {
      const created = this.#store.customers.insert(new Date(this.#clock.now()).toISOString(), {
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        company: body.company ?? null,
        delivery_address: body.delivery_address ?? null,
        billing_address: body.billing_address ?? null,
      });
      this.#events.record('customer_created', created);
      return created;
    });
    this.#committed();
    return customer;
  }

  /** A partial update: fields absent from the body keep their value; `null` clears a nullable one. */
  update(id: string, body: UpdateRequest): Customer {
    const customer = this.#store.write(() => {
      const current = this.#store.customers.get(id);
      if (!current) throw notFound('id', `no customer with id ${JSON.stringify(id)}`);
      const next: Customer = { ...current };
      for (const key of ['first_name', 'last_name', 'email', 'company', 'delivery_address', 'billing_address'] as const) {
        if (body[key] !== undefined) (next as Record<string, unknown>)[key] = body[key];
      }
      this.#store.customers.update(next);
      this.#events.record('customer_updated', next);
      return next;
    });
    this.#committed();
    return customer;
  }

  delete(id: string): void {
    this.#store.write(() => {
      if (!this.#store.customers.delete(id)) throw notFound('id', `no customer with id ${JSON.stringify(id)}`);
      this.#events.record('customer_deleted', { id, deleted: true });
    });
    this.#committed();
  }
}
