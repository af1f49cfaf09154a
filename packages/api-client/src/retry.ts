/**
 * The retry policy, as one pure function: given what happened to an attempt,
 * whether to try again and after how long. No clock, no randomness inside:
 * the caller passes `now` and a random number, so every branch is testable.
 */

/** First backoff step for 5xx and network errors, in milliseconds. */
export const BASE_BACKOFF_MS = 500;
/** Ceiling of a single backoff wait, in milliseconds. */
export const MAX_BACKOFF_MS = 8_000;
/**
 * Default of the client's `maxRetryAfterSeconds`: the longest `Retry-After` it waits for before a
 * retry. The documented window is one minute, so a longer ask is surfaced as a `RateLimitError` (saying
 * how long the server asked to wait) instead of blocking the caller for that long.
 */
export const DEFAULT_MAX_RETRY_AFTER_SECONDS = 60;
/** Default for the client's `maxRetries`. */
export const DEFAULT_MAX_RETRIES = 2;

/** Methods whose repetition has no extra effect, so a 5xx or a lost response can be retried. */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** What became of one attempt. */
export type AttemptOutcome =
  | { readonly kind: 'response'; readonly status: number; readonly retryAfterMs?: number | undefined }
  | { readonly kind: 'network_error' };

/** Input of {@link decideRetry}. */
export interface RetryInput {
  /** HTTP method of the request (any case). */
  readonly method: string;
  /** Retries already made for this call (0 after the first attempt). */
  readonly retriesSoFar: number;
  /** The client's `maxRetries`. */
  readonly maxRetries: number;
  /** What happened to the attempt. */
  readonly outcome: AttemptOutcome;
  /** A number in [0, 1) used for jitter (pass `Math.random()`). */
  readonly random: number;
  /** Longest `Retry-After` waited for, in ms; default {@link DEFAULT_MAX_RETRY_AFTER_SECONDS} × 1000. */
  readonly maxRetryAfterMs?: number | undefined;
}

/** Why a call is, or is not, retried. */
export type RetryReason =
  | 'success'
  | 'rate_limited'
  | 'server_error'
  | 'network_error'
  | 'not_retryable_status'
  | 'not_idempotent'
  | 'retries_exhausted'
  | 'retry_after_too_long';

/** Output of {@link decideRetry}. */
export type RetryDecision =
  | {
      readonly retry: true;
      readonly delayMs: number;
      readonly reason: 'rate_limited' | 'server_error' | 'network_error';
    }
  | { readonly retry: false; readonly reason: Exclude<RetryReason, 'rate_limited' | 'server_error' | 'network_error'> };

/**
 * Decides whether to retry an attempt.
 *
 * - 2xx/3xx and 4xx other than 429: never.
 * - 429: any method (the server did not act on the request); waits `Retry-After`
 *   when given and at most `maxRetryAfterMs`, else the backoff.
 * - 5xx and network errors: only idempotent methods (GET, PUT, DELETE, ...), never
 *   POST; exponential backoff with jitter.
 * - Never more than `maxRetries` retries.
 */
export function decideRetry(input: RetryInput): RetryDecision {
  const { outcome } = input;
  if (outcome.kind === 'response') {
    if (outcome.status < 400) return { retry: false, reason: 'success' };
    if (outcome.status !== 429 && outcome.status < 500) return { retry: false, reason: 'not_retryable_status' };
  }
  if (input.retriesSoFar >= input.maxRetries) return { retry: false, reason: 'retries_exhausted' };

  if (outcome.kind === 'response' && outcome.status === 429) {
    if (outcome.retryAfterMs === undefined) {
      return { retry: true, reason: 'rate_limited', delayMs: backoffDelay(input.retriesSoFar, input.random) };
    }
    const cap = input.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_SECONDS * 1000;
    if (outcome.retryAfterMs > cap) return { retry: false, reason: 'retry_after_too_long' };
    return { retry: true, reason: 'rate_limited', delayMs: Math.max(0, outcome.retryAfterMs) };
  }

  if (!IDEMPOTENT_METHODS.has(input.method.toUpperCase())) return { retry: false, reason: 'not_idempotent' };
  return {
    retry: true,
    reason: outcome.kind === 'network_error' ? 'network_error' : 'server_error',
    delayMs: backoffDelay(input.retriesSoFar, input.random),
  };
}

/**
 * Exponential backoff with "equal jitter": half of the step is fixed, half random,
 * so retries never fire back-to-back yet clients spread out.
 */
export function backoffDelay(retriesSoFar: number, random: number): number {
  const step = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, retriesSoFar));
  const unit = Math.min(Math.max(random, 0), 1);
  return Math.floor(step / 2 + (step / 2) * unit);
}

/**
 * Parses a `Retry-After` header: delta-seconds (`"120"`, also decimals) or an HTTP date.
 * Returns milliseconds to wait from `nowMs` (never negative), or `undefined` when absent or unparseable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    const ms = Math.ceil(Number(trimmed) * 1000);
    return Number.isFinite(ms) ? ms : undefined;
  }
  // Only accept things that look like an HTTP date; `Date.parse` alone accepts far too much ("1e3", "-5").
  if (!/[A-Za-z]{3}/.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
