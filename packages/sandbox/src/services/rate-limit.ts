/**
 * "200 requests per minute per account; all API keys of one account share the count": one token
 * bucket per account (capacity 200, refilled continuously at 200 per 60 s), whichever token is used.
 */
import type { Clock } from '@commerce-kit/internal/clock';

/** Documented limit: requests per window and the window. */
export const RATE_LIMIT_REQUESTS = 200;
export const RATE_LIMIT_WINDOW_MS = 60_000;

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** The outcome of one request's turn. */
export type RateDecision =
  | { readonly allowed: true; readonly remaining: number }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly #clock: Clock;
  readonly #capacity: number;
  readonly #perMs: number;

  constructor(clock: Clock, capacity = RATE_LIMIT_REQUESTS, windowMs = RATE_LIMIT_WINDOW_MS) {
    this.#clock = clock;
    this.#capacity = capacity;
    this.#perMs = capacity / windowMs;
  }

  /** Forgets every account's count (a reset of the sandbox). */
  clear(): void {
    this.#buckets.clear();
  }

  /** Takes one request (always allowed when the capacity is 0: the limit is off) from the account's bucket, or says how long until one is there (whole seconds, at least 1). */
  take(account: string): RateDecision {
    if (this.#capacity === 0) return { allowed: true, remaining: Number.POSITIVE_INFINITY };
    const now = this.#clock.now();
    let bucket = this.#buckets.get(account);
    if (!bucket) {
      bucket = { tokens: this.#capacity, updatedAt: now };
      this.#buckets.set(account, bucket);
    }
    // A clock that moved back (a test resetting a ManualClock) refills nothing rather than draining.
    const elapsed = Math.max(0, now - bucket.updatedAt);
    bucket.tokens = Math.min(this.#capacity, bucket.tokens + elapsed * this.#perMs);
    bucket.updatedAt = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, remaining: Math.floor(bucket.tokens) };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.#perMs / 1000)) };
  }
}
