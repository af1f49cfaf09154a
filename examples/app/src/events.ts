/** What the webhooks recorded: one row per delivery, and a signal for pages that show them live. */
import type { Db } from './db.js';

export interface RecordedEvent {
  /** The delivery's signed message (`timestamp + token`): the same for every copy of one delivery. */
  readonly deliveryKey: string;
  readonly type: string;
  readonly objectId: string;
  /** What changed, as the API tells it now. */
  readonly summary: string;
  /** The signed timestamp, epoch ms (null when in a format the webhooks package does not read). */
  readonly signedAt: number | null;
  readonly recordedAt: number;
}

interface EventRow {
  readonly delivery_key: string;
  readonly type: string;
  readonly object_id: string;
  readonly summary: string;
  readonly signed_at: number | null;
  readonly recorded_at: number;
}

export class EventLog {
  readonly #db: Db;
  readonly #listeners = new Set<() => void>();

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Records an event once per delivery: a second call for the same delivery (an `onEvent` retried after
   * it had recorded) changes nothing. Returns whether the row is new.
   */
  record(event: RecordedEvent): boolean {
    const { changes } = this.#db
      .prepare(
        `INSERT INTO events (delivery_key, type, object_id, summary, signed_at, recorded_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (delivery_key) DO NOTHING`,
      )
      .run(event.deliveryKey, event.type, event.objectId, event.summary, event.signedAt, event.recordedAt);
    if (changes === 1) for (const listener of this.#listeners) listener();
    return changes === 1;
  }

  /** The newest `limit` events, newest first. */
  latest(limit: number): RecordedEvent[] {
    const rows = this.#db.prepare('SELECT * FROM events ORDER BY seq DESC LIMIT ?').all(limit) as EventRow[];
    return rows.map((row) => ({
      deliveryKey: row.delivery_key,
      type: row.type,
      objectId: row.object_id,
      summary: row.summary,
      signedAt: row.signed_at,
      recordedAt: row.recorded_at,
    }));
  }

  /** Calls `listener` after each new event; returns the function that stops it. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
