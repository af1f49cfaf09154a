/**
 * The client side of the rate limit: which key a request counts against, and waiting for a slot.
 *
 * The platform allows 200 requests per minute per account. A token does not name its account, so the
 * key is the access token (hashed: a shared store never holds a token) unless the app names the
 * account with `rateLimit.accountKey`, which lets every client of that account share one budget.
 */
import type { Clock } from '@commerce-kit/internal/clock';
import { ApiClientConfigurationError } from '../errors/api-client-error.js';
import { MemoryRateLimitStore, sharedMemoryStore, type RateLimitStore } from './store.js';

/** The documented limit: requests per minute per account. */
export const DOCUMENTED_REQUESTS_PER_MINUTE = 200;
const MINUTE_MS = 60_000;

/** The `rateLimit` option of `createClient`. */
export interface RateLimitOptions {
  /**
   * Names the account: every client naming it (in this process, or everywhere sharing the `store`)
   * shares one budget and one 429 pause. Default: the access token is the key.
   */
  readonly accountKey?: string | undefined;
  /** Requests per minute; default 200 (the documented limit). */
  readonly requestsPerMinute?: number | undefined;
  /**
   * Where the counts live; default a {@link MemoryRateLimitStore} shared by every client of this
   * process, where each request start holds its slot for the minute and a 1 s padding.
   */
  readonly store?: RateLimitStore | undefined;
}

/** The limiter of one client, normalised from its options. */
export interface ClientRateLimiter {
  /** The key a request made with `token` counts against. */
  keyFor(token: string): string | Promise<string>;
  /**
   * Counts a request that may start now and answers `undefined`, or answers a promise that resolves
   * when it may start (and is counted) or rejects with `signal.reason`.
   */
  acquire(key: string, signal: AbortSignal | undefined): Promise<void> | undefined;
  /** Holds every request of `key` for `ms` (after a 429). */
  pause(key: string, ms: number): Promise<void>;
}

function isStore(value: unknown): value is RateLimitStore {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RateLimitStore).take === 'function' &&
    typeof (value as RateLimitStore).pause === 'function'
  );
}

/** `token:` + the first 128 bits of SHA-256(token), hex; memoised for the few tokens a client sees. */
function tokenKeys(): (token: string) => string | Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) {
    throw new ApiClientConfigurationError(
      'rateLimit: this runtime has no WebCrypto to key the limit by access token; pass rateLimit.accountKey (or rateLimit: false)',
    );
  }
  const known = new Map<string, string | Promise<string>>();
  return (token) => {
    const hit = known.get(token);
    if (hit !== undefined) return hit;
    const pending = subtle.digest('SHA-256', new TextEncoder().encode(token)).then((digest) => {
      let hex = '';
      for (const byte of new Uint8Array(digest).subarray(0, 16)) hex += byte.toString(16).padStart(2, '0');
      const key = `token:${hex}`;
      known.set(token, key);
      return key;
    });
    // A token session rotates tokens: remember only the last few.
    if (known.size >= 8) known.delete(known.keys().next().value as string);
    known.set(token, pending);
    return pending;
  };
}

/**
 * The limiter of a client: `rateLimit: false` counts nothing (a 429 still pauses this client's
 * requests); otherwise `requestsPerMinute` (default 200) per key, in `store` (default the shared
 * in-memory store).
 *
 * @throws {ApiClientConfigurationError} for an option of the wrong type or out of range.
 */
export function createRateLimiter(option: RateLimitOptions | false | undefined, clock: Clock): ClientRateLimiter {
  if (option !== undefined && option !== false && (typeof option !== 'object' || option === null)) {
    throw new ApiClientConfigurationError(
      'rateLimit must be an object ({ accountKey?, requestsPerMinute?, store? }) or false',
    );
  }
  const options = option === false ? undefined : option;
  const limit =
    option === false ? Number.POSITIVE_INFINITY : (options?.requestsPerMinute ?? DOCUMENTED_REQUESTS_PER_MINUTE);
  if (!(Number.isInteger(limit) && limit >= 1) && limit !== Number.POSITIVE_INFINITY) {
    throw new ApiClientConfigurationError(
      `rateLimit.requestsPerMinute must be an integer >= 1 (got ${String(options?.requestsPerMinute)})`,
    );
  }
  if (options?.store !== undefined && !isStore(options.store)) {
    throw new ApiClientConfigurationError(
      'rateLimit.store must have take(key, request) and pause(key, until) (a RateLimitStore)',
    );
  }
  const accountKey = options?.accountKey;
  if (accountKey !== undefined && (typeof accountKey !== 'string' || accountKey === '')) {
    throw new ApiClientConfigurationError('rateLimit.accountKey must be a non-empty string');
  }
  // Off: nothing is counted, but a 429 still pauses this client (and only it).
  const store: RateLimitStore = option === false ? new MemoryRateLimitStore() : (options?.store ?? sharedMemoryStore());
  const keyFor =
    accountKey !== undefined ? () => `account:${accountKey}` : option === false ? () => 'client' : tokenKeys();
  const take = (key: string): number | Promise<number> =>
    store.take(key, { limit, windowMs: MINUTE_MS, now: clock.now() });
  /** Waits out the first answer of the store (`wait`), then asks again until a slot is free. */
  const waitForSlot = async (
    key: string,
    wait: number | Promise<number>,
    signal: AbortSignal | undefined,
  ): Promise<void> => {
    for (let answer = await wait; answer > 0; answer = await take(key)) {
      await clock.sleep(answer, signal);
      signal?.throwIfAborted();
    }
  };
  return {
    keyFor,
    acquire(key, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason as unknown);
      let wait: number | Promise<number>;
      try {
        wait = take(key);
      } catch (error) {
        return Promise.reject(error as Error);
      }
      // A synchronous store (the in-memory one) with a free slot: no promise, no turn of the event loop.
      if (typeof wait === 'number' && !(wait > 0)) return undefined;
      return waitForSlot(key, wait, signal);
    },
    async pause(key, ms) {
      await store.pause(key, clock.now() + Math.max(0, ms));
    },
  };
}
