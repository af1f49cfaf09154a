/**
 * Client-side rate limiting per account.
 *
 * The service allows 200 requests per minute per account, shared by all API
 * keys of the account. A sliding-window log (the start times of the last N
 * requests) guarantees at most N requests in *any* window of that length, so
 * the client stays under the limit whether the server counts in fixed or
 * rolling windows. Limiters are kept in a process-wide registry keyed by the
 * account key, so every client naming the same account shares one count and one
 * 429 pause.
 */
import { systemClock, type Clock } from './clock.js';

/** The documented limit: requests per window per account. */
export const DOCUMENTED_REQUESTS_PER_WINDOW = 200;
/** The documented window: one minute. */
export const DOCUMENTED_WINDOW_MS = 60_000;

/** Options of a {@link RateLimiter}. */
export interface RateLimiterOptions {
  /** Requests allowed per window; default 200. `Infinity` disables counting (the 429 pause still applies). */
  readonly requests?: number | undefined;
  /** Window length in ms; default 60 000. */
  readonly windowMs?: number | undefined;
  /** Time source; default the system clock. */
  readonly clock?: Clock | undefined;
}

/**
 * A sliding-window limiter with a shared pause. `acquire()` resolves when a
 * request may start and counts it; `pause(ms)` holds every acquirer (used when
 * the server answers 429 with `Retry-After`).
 */
export class RateLimiter {
  /** Requests allowed per window (`Infinity`: no counting). */
  readonly requests: number;
  /** Window length in milliseconds. */
  readonly windowMs: number;
  readonly #clock: Clock;
  /** Start times of the most recent requests, as a ring buffer of `requests` slots. */
  readonly #starts: number[] = [];
  #next = 0;
  #pausedUntil = 0;

  /** @throws {RangeError} for a non-integer or non-positive `requests`, or a non-positive `windowMs`. */
  constructor(options: RateLimiterOptions = {}) {
    const requests = options.requests ?? DOCUMENTED_REQUESTS_PER_WINDOW;
    const windowMs = options.windowMs ?? DOCUMENTED_WINDOW_MS;
    if (!(requests >= 1) || (Number.isFinite(requests) && !Number.isInteger(requests))) {
      throw new RangeError(`rateLimit.requests must be an integer >= 1 or Infinity (got ${String(requests)})`);
    }
    if (!(windowMs > 0) || !Number.isFinite(windowMs)) {
      throw new RangeError(`rateLimit.windowMs must be a positive number (got ${String(windowMs)})`);
    }
    this.requests = requests;
    this.windowMs = windowMs;
    this.#clock = options.clock ?? systemClock;
  }

  /** Time until a request could start, or 0 after counting it as started now. */
  tryAcquire(): number {
    const now = this.#clock.now();
    if (this.#pausedUntil > now) return this.#pausedUntil - now;
    if (!Number.isFinite(this.requests)) return 0;
    if (this.#starts.length < this.requests) {
      this.#starts.push(now);
      return 0;
    }
    // The slot about to be overwritten holds the oldest of the last `requests` starts.
    const oldest = this.#starts[this.#next] ?? 0;
    const freeAt = oldest + this.windowMs;
    if (freeAt > now) return freeAt - now;
    this.#starts[this.#next] = now;
    this.#next = (this.#next + 1) % this.requests;
    return 0;
  }

  /** Waits until a request may start (counting it), or rejects with `signal.reason` on abort. */
  async acquire(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const wait = this.tryAcquire();
      if (wait <= 0) return;
      await this.#clock.sleep(wait, signal);
    }
  }

  /** Holds every request of this account for `ms` milliseconds (extends, never shortens, a pause). */
  pause(ms: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#clock.now() + Math.max(0, ms));
  }

  /** Milliseconds left in the current pause (0 when not paused). */
  get pausedForMs(): number {
    return Math.max(0, this.#pausedUntil - this.#clock.now());
  }
}

/** The registry lives on `globalThis` so that the ESM and CJS builds (or two bundled copies) share it. */
const REGISTRY_KEY = Symbol.for('@commerce-kit/api-client.rate-limiters');

function registry(): Map<string, RateLimiter> {
  const holder = globalThis as { [REGISTRY_KEY]?: Map<string, RateLimiter> };
  holder[REGISTRY_KEY] ??= new Map();
  return holder[REGISTRY_KEY];
}

/**
 * The process-wide limiter of an account. The first caller's options create it;
 * later callers with the same key share it (their options are ignored).
 */
export function sharedRateLimiter(accountKey: string, options: RateLimiterOptions = {}): RateLimiter {
  const limiters = registry();
  let limiter = limiters.get(accountKey);
  if (limiter === undefined) {
    limiter = new RateLimiter(options);
    limiters.set(accountKey, limiter);
  }
  return limiter;
}

/** Forgets the shared limiter of an account (or all of them): mostly for tests. */
export function resetSharedRateLimiters(accountKey?: string): void {
  if (accountKey === undefined) registry().clear();
  else registry().delete(accountKey);
}
