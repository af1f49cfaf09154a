/** Webhook deliveries as the control API shows them, from the outbox and its attempts. */
import type { AttemptRow, DeliveryStatus, OutboxRow } from '../store/outbox.js';

/** One HTTP attempt of a delivery. */
export interface DeliveryAttempt {
  readonly startedTime: string;
  readonly durationMs: number;
  readonly url: string;
  /** The receiver's status; null when it did not answer (see `error`). */
  readonly status: number | null;
  /** The start of the receiver's answer (at most 2 KiB). */
  readonly responseBody: string | null;
  readonly error: string | null;
}

/** A webhook event and its delivery. */
export interface Delivery {
  /** The delivery's id in the log (for `redeliver`). */
  readonly id: string;
  readonly eventType: string;
  readonly objectId: string;
  /** `pending` (waiting, held or between retries), `delivered`, `failed` (no retries left), `skipped` (no webhook URL). */
  readonly status: DeliveryStatus;
  /** Delivery rounds so far (a duplicated delivery is one round of two attempts). */
  readonly attemptCount: number;
  readonly createdTime: string;
  readonly updatedTime: string;
  /** When a pending delivery is due next (a retry's time), ISO 8601; null otherwise. */
  readonly nextAttemptTime: string | null;
  /** The timestamp the delivery is signed with, once it was first sent. */
  readonly signedTimestamp: string | null;
  readonly data: unknown;
  readonly lastAttempt: DeliveryAttempt | null;
  /** Every attempt, oldest first (when one delivery is asked for). */
  readonly attempts?: readonly DeliveryAttempt[] | undefined;
}

const iso = (ms: number): string => new Date(ms).toISOString();

function toAttempt(attempt: AttemptRow): DeliveryAttempt {
  return {
    startedTime: iso(attempt.started_at),
    durationMs: attempt.duration_ms,
    url: attempt.url,
    status: attempt.status,
    responseBody: attempt.response_body,
    error: attempt.error,
  };
}

export function toDelivery(row: OutboxRow, attempts: readonly AttemptRow[], all: boolean): Delivery {
  const last = attempts.at(-1);
  return {
    id: String(row.seq),
    eventType: row.event_type,
    objectId: row.object_id,
    status: row.status,
    attemptCount: row.attempts,
    createdTime: iso(row.created_at),
    updatedTime: iso(row.updated_at),
    nextAttemptTime: row.status === 'pending' && row.next_attempt_at > 0 ? iso(row.next_attempt_at) : null,
    signedTimestamp: row.signed_timestamp,
    data: JSON.parse(row.data) as unknown,
    lastAttempt: last ? toAttempt(last) : null,
    ...(all ? { attempts: attempts.map(toAttempt) } : {}),
  };
}

/** Keys whose values are passed through as they are: the user's `data`, and maps keyed by operation id. */
const OPAQUE: ReadonlySet<string> = new Set(['data', 'checked']);

const snake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The HTTP control API's JSON: the same objects with snake_case keys, as the platform's API names its
 * fields. The user's own `data` (and maps keyed by operation id) pass through untouched.
 */
export function snakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value))
    out[snake(key)] = OPAQUE.has(key) && !Array.isArray(field) ? field : snakeCaseKeys(field);
  return out;
}
