/**
 * The test controls: reset, webhook triggers and the delivery log, behind one object used by both the
 * JavaScript API and the HTTP control API (snapshots are in `snapshots.ts`).
 */
import type { Clock } from '@commerce-kit/internal/clock';
import type { ThemeConfig } from '@commerce-kit/theme-config';
import { isRecord } from '@commerce-kit/internal/is-record';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@commerce-kit/api-types';
import type { Dispatcher } from '../events/dispatcher.js';
import { DEFAULT_WEBHOOK_MODE } from '../events/mode.js';
import type { EventOutbox } from '../events/outbox.js';
import { seedStore } from '../seed/seed.js';
import type { RateLimiter } from '../services/rate-limit.js';
import { Store } from '../store/store.js';
import { toDelivery, type Delivery } from './deliveries.js';
import type { FaultBoard } from './faults.js';
import { invalidInput, notFound } from '../refusal.js';
import type { ViolationLog } from './violations.js';

export interface ControlOperationsDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly dispatcher: Dispatcher;
  readonly events: EventOutbox;
  readonly rateLimiter: RateLimiter;
  readonly faults: FaultBoard;
  readonly violations: ViolationLog;
  readonly seed: number;
  readonly customers: number;
  /** The theme config the catalogue was seeded from (`configDir`), if any: a reset seeds it again. */
  readonly themeConfig?: ThemeConfig | undefined;
  readonly webhookUrl: string | undefined;
}

/** Deliveries listed per page by default, and at most. */
export const DELIVERIES_DEFAULT_LIMIT = 20;
export const DELIVERIES_MAX_LIMIT = 100;

const KNOWN_EVENTS: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);

export class ControlOperations {
  readonly #deps: ControlOperationsDeps;

  constructor(deps: ControlOperationsDeps) {
    this.#deps = deps;
  }

  /** Back to the seeded data; faults, latency, webhook mode, violations and rate-limit counts cleared. */
  async reset(): Promise<{ readonly customers: number }> {
    const { store, dispatcher } = this.#deps;
    await dispatcher.pause();
    try {
      if (!store.snapshots.hasSeed) store.snapshots.captureSeedFrom(this.#freshSeedImage());
      store.snapshots.reset();
      this.#deps.faults.clear();
      this.#deps.faults.setLatency(0);
      this.#deps.violations.clear();
      this.#deps.rateLimiter.clear();
      dispatcher.setMode(DEFAULT_WEBHOOK_MODE);
    } finally {
      dispatcher.resume();
    }
    return { customers: store.resources.count('customers') };
  }

  /** Records a webhook event of any documented type with the caller's `data`, and sends it. */
  trigger(type: unknown, data: unknown): Delivery {
    if (typeof type !== 'string' || !KNOWN_EVENTS.has(type)) {
      throw invalidInput('type', `must be one of the documented event types: ${WEBHOOK_EVENT_TYPES.join(', ')}`);
    }
    if (!isRecord(data)) throw invalidInput('data', 'must be an object');
    if (typeof data['id'] !== 'string' || data['id'] === '')
      throw invalidInput('data.id', 'is required: the id of the affected object (a non-empty string)');
    const { store, events, dispatcher } = this.#deps;
    const seq = store.write(() => events.record(type as WebhookEventType, data as { readonly id: string }));
    dispatcher.wake();
    return this.delivery(String(seq));
  }

  /** Sends a logged delivery again (same token and signed timestamp: a duplicate, as a receiver sees it). */
  redeliver(id: string): Delivery {
    const { store, clock, dispatcher, webhookUrl } = this.#deps;
    const row = store.outbox.get(this.#seq(id));
    if (!row) throw notFound('id', `no delivery with id ${JSON.stringify(id)}`);
    if (webhookUrl === undefined)
      throw invalidInput('webhook_url', 'is not configured: start the sandbox with a webhook URL');
    if (row.status === 'pending') throw invalidInput('id', 'names a delivery that is already waiting to be sent');
    store.write(() => store.outbox.requeue(row.seq, clock.now()));
    dispatcher.wake();
    return this.delivery(id);
  }

  delivery(id: string): Delivery {
    const { store } = this.#deps;
    const row = store.outbox.get(this.#seq(id));
    if (!row) throw notFound('id', `no delivery with id ${JSON.stringify(id)}`);
    return toDelivery(row, store.outbox.attempts(row.seq), true);
  }

  /** Newest first; `limit` 1–100 (default 20), `endingBefore` a delivery id for the next page. */
  deliveries(
    limit: number = DELIVERIES_DEFAULT_LIMIT,
    endingBefore?: string,
  ): { readonly hasMore: boolean; readonly data: Delivery[] } {
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > DELIVERIES_MAX_LIMIT) {
      throw invalidInput('limit', `must be an integer from 1 to ${DELIVERIES_MAX_LIMIT}`);
    }
    const { store } = this.#deps;
    const rows = store.outbox.list(limit + 1, endingBefore === undefined ? undefined : this.#seq(endingBefore));
    return {
      hasMore: rows.length > limit,
      data: rows.slice(0, limit).map((row) => toDelivery(row, store.outbox.attempts(row.seq), false)),
    };
  }

  #seq(id: string): number {
    if (!/^[1-9]\d{0,15}$/.test(id)) throw invalidInput('id', 'must be a delivery id (a positive integer)');
    return Number(id);
  }

  /** A freshly seeded database's image, for a data file that was seeded by an earlier run. */
  #freshSeedImage(): Buffer {
    const temp = new Store(undefined, 'normal');
    try {
      seedStore(temp, this.#deps.seed, this.#deps.customers, this.#deps.themeConfig);
      return temp.db.serialize();
    } finally {
      temp.close();
    }
  }
}
