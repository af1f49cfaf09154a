/** Writing webhook events: one outbox row per change, inside the change's own transaction. */
import type { Clock } from '@commerce-kit/internal/clock';
import type { WebhookEventType } from '@commerce-kit/webhooks';
import { randomBytes } from 'node:crypto';
import type { Store } from '../store/store.js';

export class EventOutbox {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #hasUrl: boolean;

  constructor(store: Store, clock: Clock, hasUrl: boolean) {
    this.#store = store;
    this.#clock = clock;
    this.#hasUrl = hasUrl;
  }

  /**
   * Adds the event. Must run inside the transaction that makes the change, so an answered write always
   * has its event and a rolled-back one never does. Without a webhook URL the event is kept as `skipped`
   * (listed, and re-sendable once a URL is configured).
   */
  record(type: WebhookEventType, data: { readonly id: string; readonly [field: string]: unknown }): number {
    return this.#store.outbox.insert({
      event_type: type,
      object_id: data.id,
      // The delivery token: signed with the timestamp, fixed per event so a receiver can tell re-sends apart from new events.
      token: randomBytes(16).toString('hex'),
      data: JSON.stringify(data),
      created_at: this.#clock.now(),
      status: this.#hasUrl ? 'pending' : 'skipped',
    });
  }
}
