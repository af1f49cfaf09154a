/** The webhook outbox and its delivery attempts. */
import type { SqliteDatabase } from './database.js';

/**
 * Lifecycle of an event: `pending` until delivered or out of retries (a failed attempt with retries
 * left keeps it pending, due again at `next_attempt_at`), then `delivered` (2xx) or `failed`;
 * `skipped` when no webhook URL is configured.
 */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'skipped';

export interface OutboxRow {
  readonly seq: number;
  readonly event_type: string;
  readonly object_id: string;
  readonly token: string;
  readonly data: string;
  readonly created_at: number;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly updated_at: number;
  readonly next_attempt_at: number;
  /** The timestamp of the first attempt's signed message, reused by retries and duplicates. */
  readonly signed_timestamp: string | null;
}

export interface AttemptRow {
  readonly id: number;
  readonly outbox_seq: number;
  readonly started_at: number;
  readonly duration_ms: number;
  readonly url: string;
  readonly status: number | null;
  readonly response_body: string | null;
  readonly error: string | null;
}

/** An event to add: its kind, the affected object, the delivery token and the JSON `data`. */
export interface NewOutboxEvent {
  readonly event_type: string;
  readonly object_id: string;
  readonly token: string;
  readonly data: string;
  readonly created_at: number;
  readonly status: 'pending' | 'skipped';
}

/** How an attempt ended: delivered, failed for good, or failed with a retry due at `retryAt`. */
export type AttemptOutcome =
  | { readonly status: 'delivered' | 'failed' }
  | { readonly status: 'pending'; readonly retryAt: number };

export class OutboxStore {
  readonly #insert;
  readonly #due;
  readonly #pending;
  readonly #nextDue;
  readonly #get;
  readonly #list;
  readonly #listBefore;
  readonly #attempts;
  readonly #insertAttempt;
  readonly #finish;
  readonly #requeue;
  readonly #pendingCount;
  readonly #sign;

  constructor(db: SqliteDatabase) {
    this.#insert = db.prepare(
      `INSERT INTO outbox (event_type, object_id, token, data, created_at, status, updated_at)
       VALUES (@event_type, @object_id, @token, @data, @created_at, @status, @created_at)`,
    );
    // `LIMIT (? + 0)`: a bare `LIMIT ?` is planned again at every call (see ResourceStore).
    this.#due = db.prepare<[number, number], OutboxRow>(
      `SELECT * FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY seq LIMIT (? + 0)`,
    );
    this.#pending = db.prepare<[], OutboxRow>(`SELECT * FROM outbox WHERE status = 'pending' ORDER BY seq`);
    this.#nextDue = db.prepare<[], { at: number | null }>(
      `SELECT MIN(next_attempt_at) AS at FROM outbox WHERE status = 'pending'`,
    );
    this.#get = db.prepare<[number], OutboxRow>(`SELECT * FROM outbox WHERE seq = ?`);
    this.#list = db.prepare<[number], OutboxRow>(`SELECT * FROM outbox ORDER BY seq DESC LIMIT (? + 0)`);
    this.#listBefore = db.prepare<[number, number], OutboxRow>(
      `SELECT * FROM outbox WHERE seq < ? ORDER BY seq DESC LIMIT (? + 0)`,
    );
    this.#attempts = db.prepare<[number], AttemptRow>(
      `SELECT * FROM delivery_attempts WHERE outbox_seq = ? ORDER BY id`,
    );
    this.#insertAttempt = db.prepare(
      `INSERT INTO delivery_attempts (outbox_seq, started_at, duration_ms, url, status, response_body, error)
       VALUES (@outbox_seq, @started_at, @duration_ms, @url, @status, @response_body, @error)`,
    );
    this.#finish = db.prepare(
      `UPDATE outbox SET status = @status, attempts = attempts + 1, next_attempt_at = @next, updated_at = @now WHERE seq = @seq`,
    );
    this.#requeue = db.prepare(
      `UPDATE outbox SET status = 'pending', next_attempt_at = 0, updated_at = @now WHERE seq = @seq AND status <> 'pending'`,
    );
    this.#pendingCount = db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM outbox WHERE status = 'pending'`);
    this.#sign = db.prepare(
      `UPDATE outbox SET signed_timestamp = @timestamp WHERE seq = @seq AND signed_timestamp IS NULL`,
    );
  }

  /** Adds an event; call it inside the transaction of the change it reports. */
  insert(event: NewOutboxEvent): number {
    return Number(this.#insert.run(event).lastInsertRowid);
  }

  /** Pending events due at `now`, oldest first. */
  due(now: number, limit: number): OutboxRow[] {
    return this.#due.all(now, limit);
  }

  /** Every pending event, due or not, oldest first. */
  pending(): OutboxRow[] {
    return this.#pending.all();
  }

  /** When the earliest pending event is due; undefined when none is pending. */
  nextDueAt(): number | undefined {
    return this.#nextDue.get()?.at ?? undefined;
  }

  get(seq: number): OutboxRow | undefined {
    return this.#get.get(seq);
  }

  /** Newest first. */
  list(limit: number, beforeSeq?: number): OutboxRow[] {
    return beforeSeq === undefined ? this.#list.all(limit) : this.#listBefore.all(beforeSeq, limit);
  }

  attempts(seq: number): AttemptRow[] {
    return this.#attempts.all(seq);
  }

  /** Keeps the timestamp of an event's first signed message (later calls keep the first). */
  sign(seq: number, timestamp: string): void {
    this.#sign.run({ seq, timestamp });
  }

  /** Records one delivery round (one attempt, or two copies in duplicate mode) and what the event becomes. */
  recordAttempts(attempts: readonly Omit<AttemptRow, 'id'>[], outcome: AttemptOutcome, now: number, seq: number): void {
    for (const attempt of attempts) this.#insertAttempt.run(attempt);
    this.#finish.run({ status: outcome.status, next: outcome.status === 'pending' ? outcome.retryAt : 0, now, seq });
  }

  /** Puts a delivered, failed or skipped event back in the queue, due now; false when it is pending already or unknown. */
  requeue(seq: number, now: number): boolean {
    return this.#requeue.run({ seq, now }).changes === 1;
  }

  pendingCount(): number {
    return this.#pendingCount.get()!.n;
  }
}
