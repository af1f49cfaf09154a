import { resolveClock, type Clock } from './clock.js';
import { WebhookConfigurationError } from './errors/configuration-error.js';

/**
 * Remembers which deliveries were already accepted, so a duplicate (the platform sending the same
 * delivery again, or someone resending a captured one, possibly with other `data`) is skipped.
 *
 * The handler calls `claim` once per verified delivery, before answering, and answers 500 (so the
 * platform can send again) if it throws or rejects. Implement it over a shared store when several
 * processes receive webhooks, e.g. Redis `SET key 1 NX EX ttlSeconds`.
 */
export interface IdempotencyStore {
  /**
   * Records `key` for `ttlSeconds` if it is not recorded yet, atomically (two concurrent claims of
   * one key must not both succeed). Returns `true` when this call recorded it (first delivery),
   * `false` when it was already there (duplicate); synchronously or as a promise.
   *
   * `key` is the signed message `timestamp + token` (`event.deliveryKey`): hash it if your store
   * limits key length. `ttlSeconds` is a whole number, at least the time a delivery can pass the
   * replay window; keep the key at least that long.
   */
  claim(key: string, ttlSeconds: number): boolean | Promise<boolean>;
}

/** Options of {@link MemoryIdempotencyStore}. */
export interface MemoryIdempotencyStoreOptions {
  /** Where "now" comes from (default: the system clock). */
  readonly clock?: Clock | undefined;
  /**
   * Most keys kept at once (default 100 000). When full, expired keys go first, then the oldest:
   * size it above the number of deliveries you expect within one TTL (one day by default).
   */
  readonly maxEntries?: number | undefined;
}

/**
 * The default {@link IdempotencyStore}: a `Map` of key to expiry time in this process. Correct for
 * a single receiving process; use a shared store when several processes receive webhooks.
 *
 * @example
 * ```ts
 * import { MemoryIdempotencyStore } from '@commerce-kit/webhooks';
 * const store = new MemoryIdempotencyStore({ maxEntries: 10_000 });
 * store.claim('1700000000tok', 86_461); // true
 * store.claim('1700000000tok', 86_461); // false: duplicate
 * ```
 */
export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly #expiries = new Map<string, number>();
  readonly #clock: Clock;
  readonly #maxEntries: number;

  /** @param options - clock and capacity. */
  constructor(options: MemoryIdempotencyStoreOptions = {}) {
    this.#clock = resolveClock(options.clock);
    this.#maxEntries = options.maxEntries ?? 100_000;
    if (!Number.isSafeInteger(this.#maxEntries) || this.#maxEntries < 1) {
      throw new WebhookConfigurationError('maxEntries must be a positive integer');
    }
  }

  /** Number of keys currently held (expired ones may still be counted until swept). */
  get size(): number {
    return this.#expiries.size;
  }

  /** {@inheritDoc IdempotencyStore.claim} */
  claim(key: string, ttlSeconds: number): boolean {
    const now = this.#clock.now();
    const expiry = this.#expiries.get(key);
    if (expiry !== undefined && expiry > now) return false;
    if (expiry !== undefined) this.#expiries.delete(key);
    this.#sweep(now);
    this.#expiries.set(key, now + ttlSeconds * 1000);
    return true;
  }

  /** Removes expired keys from the front (the oldest insertions) and enforces the capacity. */
  #sweep(now: number): void {
    for (const [key, expiry] of this.#expiries) {
      if (expiry > now && this.#expiries.size < this.#maxEntries) break;
      this.#expiries.delete(key);
    }
  }
}
