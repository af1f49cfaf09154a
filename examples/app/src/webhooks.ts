/**
 * Receiving webhooks with `@commerce-kit/webhooks`: every delivery is verified and answered at once;
 * `onEvent` runs afterwards from the handler's queue, one event at a time per user; a delivery seen
 * before (the same signed message, however many copies and however late) is acknowledged and skipped.
 * Accepted deliveries are remembered in SQLite, so that holds across restarts too.
 */
import { NotFoundError, systemClock, type Clock } from '@commerce-kit/api-client';
import {
  createWebhookHandler,
  type IdempotencyStore,
  type WebhookEvent,
  type WebhookHandler,
} from '@commerce-kit/webhooks';
import type { AppConfig } from './config.js';
import type { Db } from './db.js';
import type { EventLog } from './events.js';
import type { Installations } from './tokens.js';

/** The handler's duplicate check, kept in the app's database: `claim` is true only for a new delivery. */
export class SqliteIdempotencyStore implements IdempotencyStore {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  claim(key: string, ttlSeconds: number): boolean {
    const now = this.#clock.now();
    // One statement does the check and the write, so two copies arriving together cannot both win.
    this.#db.prepare('DELETE FROM webhook_deliveries WHERE expires_at <= ?').run(now);
    const { changes } = this.#db
      .prepare(
        'INSERT INTO webhook_deliveries (delivery_key, expires_at) VALUES (?, ?) ON CONFLICT (delivery_key) DO NOTHING',
      )
      .run(key, now + ttlSeconds * 1000);
    return changes === 1;
  }
}

export function createWebhooks(
  config: AppConfig,
  db: Db,
  installations: Installations,
  events: EventLog,
): WebhookHandler {
  const clock = config.clock ?? systemClock;

  /** What changed, read from the API: the payload's `data` is not signed, only its timestamp and token are. */
  async function describe(event: WebhookEvent): Promise<string> {
    if (event.type === 'customer_deleted') return 'Deleted';
    if (event.type !== 'customer_created' && event.type !== 'customer_updated')
      return 'Not a customer event: recorded as received';
    const installationId = installations.latest();
    if (installationId === undefined) return 'Not checked: the app is not installed yet';
    try {
      const customer = await installations.client(installationId).customers.retrieve(event.data.id);
      return `${customer.first_name} ${customer.last_name} <${customer.email}>`;
    } catch (error) {
      if (error instanceof NotFoundError) return 'Deleted since';
      throw error; // retried by the handler (500 ms, 1 s, 2 s), then onError
    }
  }

  return createWebhookHandler({
    secret: config.webhookSecret,
    clock,
    idempotency: { store: new SqliteIdempotencyStore(db, clock) },
    // The documented payload does not name the store it is about, so every event has the default user
    // key ('*'): one queue, which keeps each user's events one at a time whatever the payload holds.
    onEvent: async (event) => {
      const summary = await describe(event);
      const fresh = events.record({
        deliveryKey: event.deliveryKey,
        type: event.type ?? 'unknown',
        objectId: event.data.id,
        summary,
        signedAt: event.timestampMs ?? null,
        recordedAt: clock.now(),
      });
      config.log?.(`webhook ${event.type ?? 'unknown'} ${event.data.id}${fresh ? '' : ' (recorded before)'}`);
    },
    onError: (error) =>
      config.log?.(
        `webhook ${error.event.type ?? 'unknown'} ${error.event.data.id} failed ${error.attempts} times: ${String(error.cause)}`,
      ),
    onRejected: (failure) => config.log?.(`webhook refused: ${failure.reason}`),
  });
}
