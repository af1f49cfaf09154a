/**
 * The replay window: how old, and how far ahead of the receiver's clock, a signed timestamp may be.
 *
 * The platform signs `timestamp + token` with no separator, so whoever holds one delivery can move
 * characters between the two fields without touching the signature. Two rules make that useless:
 * - the `timestamp` field, when it is in a known format, must lie inside the window; appending
 *   token digits to it lands decades in the future (or, at a unit boundary, decades in the past),
 *   which the tight future bound refuses;
 * - the signed message itself must not begin with an instant that is outside the window unless one
 *   of its readings is inside it ({@link messageInstants}). That verdict depends on the message
 *   only, so no re-split of a stale delivery can pass for fresh, not even as a timestamp in an
 *   unknown format, and every re-split shares one duplicate key (the whole message).
 */
import { DEFAULT_MAX_AGE_SECONDS, DEFAULT_MAX_FUTURE_SECONDS } from '@commerce-kit/internal/webhook-defaults';
import { WebhookConfigurationError } from './errors/configuration-error.js';
import { MIN_TIMESTAMP_DIGITS, messageInstants, parseTimestamp, unixTimeOfDigits } from './timestamp.js';

/** The window in resolved form. @internal */
export interface ReplayWindow {
  /** Oldest accepted age in seconds, or `false` for no limit. */
  readonly maxAgeSeconds: number | false;
  /** Furthest accepted distance ahead of now, in seconds. */
  readonly maxFutureSeconds: number;
}

function nonNegativeSeconds(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new WebhookConfigurationError(`${name} must be a finite number of seconds >= 0`);
  }
  return value;
}

/** Checks the two window options once (throws `WebhookConfigurationError`). @internal */
export function resolveReplayWindow(maxAgeSeconds: unknown, maxFutureSeconds: unknown): ReplayWindow {
  return {
    maxAgeSeconds:
      maxAgeSeconds === undefined
        ? DEFAULT_MAX_AGE_SECONDS
        : maxAgeSeconds === false
          ? false
          : nonNegativeSeconds(maxAgeSeconds, 'maxAgeSeconds (or false for no limit)'),
    maxFutureSeconds:
      maxFutureSeconds === undefined
        ? DEFAULT_MAX_FUTURE_SECONDS
        : nonNegativeSeconds(maxFutureSeconds, 'maxFutureSeconds'),
  };
}

/**
 * How long a delivery (with every re-split of it) can keep passing the window: the duplicate check
 * must remember its key at least this long. `undefined` when there is no limit on age.
 * @internal
 */
export function acceptanceSpanSeconds(window: ReplayWindow): number | undefined {
  // The readings of one message differ by less than a second (a fraction, or a finer unit).
  return window.maxAgeSeconds === false ? undefined : window.maxAgeSeconds + window.maxFutureSeconds + 1;
}

/** Outcome of {@link judgeTimestamp}. @internal */
export type TimestampVerdict =
  | {
      readonly ok: true;
      /** The field's instant, else the reading of the message that passed, else `undefined`. */
      readonly timestampMs: number | undefined;
      /** Whether the `timestamp` field itself is in a known format. */
      readonly known: boolean;
      /** Whether any reading of the message was checked against the window. */
      readonly checked: boolean;
    }
  | { readonly ok: false; readonly message: string };

function inWindow(ms: number, now: number, window: ReplayWindow): boolean {
  if (ms - now > window.maxFutureSeconds * 1000) return false;
  return window.maxAgeSeconds === false || now - ms <= window.maxAgeSeconds * 1000;
}

function staleMessage(window: ReplayWindow): string {
  const age = window.maxAgeSeconds === false ? '' : `more than ${window.maxAgeSeconds} s old or `;
  return `The timestamp is ${age}more than ${window.maxFutureSeconds} s ahead of this receiver's clock`;
}

/** Applies the window to a signed `timestamp` and its signed message at `now` (ms). @internal */
export function judgeTimestamp(
  timestamp: string,
  message: string,
  now: number,
  window: ReplayWindow,
): TimestampVerdict {
  // A field of 10 or more digits only is itself one of the message's readings: if it passes, the
  // message does.
  const digitsOnly = unixTimeOfDigits(timestamp, MIN_TIMESTAMP_DIGITS);
  if (digitsOnly !== undefined) {
    return inWindow(digitsOnly, now, window)
      ? { ok: true, timestampMs: digitsOnly, known: true, checked: true }
      : { ok: false, message: staleMessage(window) };
  }
  const fieldMs = parseTimestamp(timestamp);
  if (fieldMs !== undefined && !inWindow(fieldMs, now, window)) return { ok: false, message: staleMessage(window) };
  return judgeMessage(fieldMs, message, now, window);
}

function judgeMessage(
  fieldMs: number | undefined,
  message: string,
  now: number,
  window: ReplayWindow,
): TimestampVerdict {
  const instants = messageInstants(message);
  if (instants.length === 0) return { ok: true, timestampMs: fieldMs, known: fieldMs !== undefined, checked: false };
  let passed: number | undefined;
  for (const ms of instants) {
    if (inWindow(ms, now, window)) {
      passed = ms;
      break;
    }
  }
  if (passed === undefined) return { ok: false, message: staleMessage(window) };
  return { ok: true, timestampMs: fieldMs ?? passed, known: fieldMs !== undefined, checked: true };
}
