/**
 * The resource engine: list, create, retrieve, update and delete for every resource of the spec, the
 * same way for each. Bodies arrive checked by the spec's validators (unknown fields refused), so a
 * creation stores the fields given plus the spec's defaults, and an update changes exactly the fields
 * its body names. Every write and its webhook event share one transaction; {@link ResourceService.write}
 * runs several writes (and the events of each) as one, which is what placing an order needs: take
 * stock, create the order and its charge, emit the events, all or nothing.
 */
import type { Clock } from '@commerce-kit/internal/clock';
import type { WebhookEventType } from '@commerce-kit/webhooks';
import type { EventOutbox } from '../events/outbox.js';
import type { ResourceObject } from '../store/resource-model.js';
import type { Stored } from '../store/resources.js';
import type { Store } from '../store/store.js';
import { pageQuery, type ListEnvelope, type ListParams } from './lists.js';
import { notFound } from '../refusal.js';

type Fields = Readonly<Record<string, unknown>>;

/** Pages remembered while the store does not change; past this, all are forgotten (and read again). */
const REMEMBERED_PAGES = 256;

/** A list page as stored documents (see {@link ResourceService.pageDocuments}). */
export interface StoredPage {
  readonly envelope: { readonly limit: number; readonly has_more: boolean };
  readonly documents: readonly string[];
  /** `{"limit":…,"has_more":…,"data":[<documents>]}` */
  readonly json: string;
}

/** Writes inside one transaction of {@link ResourceService.write}: each records its webhook event in the same transaction. */
export interface ResourceWriter {
  /** The live object, or undefined. */
  get(kind: string, id: string): ResourceObject | undefined;
  /** Creates an object (its `created` event recorded). */
  create(kind: string, fields: Fields): ResourceObject;
  /** Changes the fields named (its `updated` event recorded); 404 Refusal for an unknown or deleted id. */
  update(kind: string, id: string, changes: Fields): ResourceObject;
  /** Deletes an object, keeping its place in the list (its `deleted` event recorded); 404 Refusal for an unknown or deleted id. */
  delete(kind: string, id: string): void;
  /** Records any other event (`order_payment_succeeded`, `product_soldout`…) in the same transaction. */
  emit(type: WebhookEventType, data: { readonly id: string; readonly [field: string]: unknown }): void;
}

export class ResourceService {
  readonly #store: Store;
  readonly #events: EventOutbox;
  readonly #clock: Clock;
  readonly #committed: () => void;
  readonly #writer: ResourceWriter;
  /** Pages answered since the store last changed (`Store.changeCount()`), by kind and parameters. */
  readonly #pages = new Map<string, StoredPage>();
  #pagesAt = -1;

  /** @param committed called after each committed write (wakes the webhook dispatcher) */
  constructor(store: Store, events: EventOutbox, clock: Clock, committed: () => void) {
    this.#store = store;
    this.#events = events;
    this.#clock = clock;
    this.#committed = committed;
    this.#writer = this.#createWriter();
  }

  /** A page of the list. */
  list(kind: string, params: ListParams): ListEnvelope<ResourceObject> {
    return this.page(kind, params).value;
  }

  /**
   * A page of the list beside its JSON, built from the documents as stored: what the API answers, with
   * no object serialized again.
   */
  page(kind: string, params: ListParams): Stored<ListEnvelope<ResourceObject>> {
    const resources = this.#store.resources;
    const query = pageQuery(params, (id) => resources.position(kind, id));
    const page = resources.page(kind, query);
    const value = { limit: query.limit, has_more: page.hasMore, data: page.data.map((object) => object.value) };
    const json = `{"limit":${query.limit},"has_more":${page.hasMore},"data":[${page.data.map((object) => object.json).join(',')}]}`;
    return { value, json };
  }

  /**
   * A page as the API answers it, none of its objects parsed: the envelope's fields, the objects' stored
   * JSON documents, and the page's JSON built from them.
   */
  pageDocuments(kind: string, params: ListParams): StoredPage {
    // A page depends on nothing but the store's rows and its parameters: while no row changed (any
    // write, reset or restore moves the count), the same parameters get the same page, its documents
    // the same strings (so the response check finds them already checked without hashing them again).
    const changes = this.#store.changeCount();
    if (changes !== this.#pagesAt) {
      this.#pages.clear();
      this.#pagesAt = changes;
    }
    const key = JSON.stringify([kind, params.limit, params.starting_after, params.ending_before]);
    const known = this.#pages.get(key);
    if (known !== undefined) return known;
    const page = this.#readPage(kind, params);
    if (this.#pages.size >= REMEMBERED_PAGES) this.#pages.clear();
    this.#pages.set(key, page);
    return page;
  }

  #readPage(kind: string, params: ListParams): StoredPage {
    const resources = this.#store.resources;
    const query = pageQuery(params, (id) => resources.position(kind, id));
    const page = resources.documents(kind, query);
    const json = `{"limit":${query.limit},"has_more":${page.hasMore},"data":[${page.data.join(',')}]}`;
    return { envelope: { limit: query.limit, has_more: page.hasMore }, documents: page.data, json };
  }

  /** An object's stored JSON document, not parsed. */
  document(kind: string, id: string): string {
    return this.#store.resources.document(kind, id) ?? this.#notFound(kind, id);
  }

  retrieve(kind: string, id: string): ResourceObject {
    return this.read(kind, id).value;
  }

  /** The object beside its stored JSON. */
  read(kind: string, id: string): Stored<ResourceObject> {
    return this.#store.resources.read(kind, id) ?? this.#notFound(kind, id);
  }

  create(kind: string, fields: Fields): ResourceObject {
    return this.write((tx) => tx.create(kind, fields));
  }

  /** A partial update: fields absent from `changes` keep their value; `null` clears a nullable one. */
  update(kind: string, id: string, changes: Fields): ResourceObject {
    return this.write((tx) => tx.update(kind, id, changes));
  }

  delete(kind: string, id: string): void {
    this.write((tx) => tx.delete(kind, id));
  }

  /** Runs `fn`'s writes and their events in one transaction (none of them if it throws), then wakes the dispatcher. */
  write<T>(fn: (tx: ResourceWriter) => T): T {
    const result = this.#store.write(() => fn(this.#writer));
    this.#committed();
    return result;
  }

  #notFound(kind: string, id: string): never {
    throw notFound('id', `no ${this.#store.resources.model(kind).noun} with id ${JSON.stringify(id)}`);
  }

  /** Records the event of a change, when the resource has events (writes inside the change's transaction). */
  #record(
    kind: string,
    change: 'created' | 'updated' | 'deleted',
    data: { readonly id: string; readonly [field: string]: unknown },
  ): void {
    const type = this.#store.resources.model(kind).events?.[change];
    if (type !== undefined) this.#events.record(type, data);
  }

  #createWriter(): ResourceWriter {
    const resources = this.#store.resources;
    return {
      get: (kind, id) => resources.get(kind, id),
      create: (kind, fields) => {
        const created = resources.insert(kind, new Date(this.#clock.now()).toISOString(), fields).value;
        this.#record(kind, 'created', created);
        return created;
      },
      update: (kind, id, changes) => {
        const updated = (resources.update(kind, id, changes) ?? this.#notFound(kind, id)).value;
        this.#record(kind, 'updated', updated);
        return updated;
      },
      delete: (kind, id) => {
        if (!resources.delete(kind, id)) this.#notFound(kind, id);
        this.#record(kind, 'deleted', { id, deleted: true });
      },
      emit: (type, data) => {
        this.#events.record(type, data);
      },
    };
  }
}
