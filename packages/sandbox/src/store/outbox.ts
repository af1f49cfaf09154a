/** The webhook outbox and its delivery attempts. */
import type { SqliteDatabase } from './database.js';

/** Lifecycle of an event: `pending` until tried, then `delivered` (2xx) or `failed`; `skipped` without a URL. */
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

export class OutboxStore {
  readonly #insert;
  readonly #nextPending;
  readonly #get;
  readonly #list;
  readonly #listBefore;
  readonly #attempts;
  readonly #insertAttempt;
  readonly #finish;
  readonly #requeue;
  readonly #pendingCount;

  constructor(db: SqliteDatabase) {
    this.#insert = db.prepare(
      `INSERT INTO outbox (event_type, object_id, token, data, created_at, status, updated_at)
       VALUES (@event_type, @object_id, @token, @data, @created_at, @status, @created_at)`,
    );
    this.#nextPending = db.prepare<[number], OutboxRow>(`SELECT * FROM outbox WHERE status = 'pending' AND seq > ? ORDER BY seq LIMIT 1`);
    this.#get = db.prepare<[number], OutboxRow>(`SELECT * FROM outbox WHERE seq = ?`);
    this.#list = db.prepare<[number], OutboxRow>(`SELECT * FROM outbox ORDER BY seq DESC LIMIT ?`);
    this.#listBefore = db.prepare<[number, number], OutboxRow>(`SELECT * FROM outbox WHERE seq < ? ORDER BY seq DESC LIMIT ?`);
    this.#attempts = db.prepare<[number], AttemptRow>(`SELECT * FROM delivery_attempts WHERE outbox_seq = ? ORDER BY id`);
    this.#insertAttempt = db.prepare(
      `INSERT INTO delivery_attempts (outbox_seq, started_at, duration_ms, url, status, response_body, error)
       VALUES (@outbox_seq, @started_at, @duration_ms, @url, @status, @response_body, @error)`,
    );
    this.#finish = db.prepare(`UPDATE outbox SET status = @status, attempts = attempts + @tried, updated_at = @now WHERE seq = @seq`);
    this.#requeue = db.prepare(`UPDATE outbox SET status = 'pending', updated_at = @now WHERE seq = @seq AND status <> 'pending'`);
    this.#pendingCount = db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM outbox WHERE status = 'pending'`);
  }

  /** Adds an event; call it inside the transaction of the change it reports. */
  insert(event: { event_type: string; object_id: string; token: string; data: string; created_at: number; status: 'pending' | 'skipped' }): number {
    return Number(this.#insert.run(event).lastInsertRowid);
  }

  /** The oldest pending event after `afterSeq`. */
  nextPending(afterSeq: number): OutboxRow | undefined {
    return this.#nextPending.get(afterSeq);
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

  recordAttempt(attempt: Omit<AttemptRow, 'id'>, status: DeliveryStatus, now: number): void {
    this.#insertAttempt.run(attempt);
    this.#finish.run({ status, tried: 1, now, seq: attempt.outbox_seq });
  }

  /** Puts a delivered, failed or skipped event back in the queue; false when it is pending already or unknown. */
  requeue(seq: number, now: number): boolean {
    return this.#requeue.run({ seq, now }).changes === 1;
  }

  pendingCount(): number {
    return this.#pendingCount.get()!.n;
  }
}
