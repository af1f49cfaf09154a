import { resolveClock, type WebhookClock } from './clock.js';

/**
 * Remembers which deliveries were already accepted, so a duplicate (the platform sending the same
 * change twice, or an attacker resending a captured delivery with different `data`) is skipped.
 *
 * Implement it over a shared store when several processes receive webhooks, e.g. with Redis:
 * `claim = async (key, ttl) => (await redis.set(key, '1', { NX: true, EX: ttl })) === 'OK'`.
 */
export interface IdempotencyStore {
  /**
   * Records `key` for `ttlSeconds` if it is not already recorded, atomically. Returns `true` when
   * this call recorded it (first delivery), `false` when it was already there (duplicate).
   * The key is the signed message `timestamp + token`; hash it if your store limits key length.
   */
  claim(key: string, ttlSeconds: number): boolean | Promise<boolean>;
}

/** Options of {@link MemoryIdempotencyStore}. */
export interface MemoryIdempotencyStoreOptions {
  /** Clock: `() => number` (ms since the epoch), `() => Date`, or a fixed instant (default: the real clock). */
  readonly now?: WebhookClock;
  /**
   * Most keys kept at once (default 100 000). When full, expired keys go first, then the oldest:
   * size it above the number of deliveries you expect within one TTL.
   */
  readonly maxEntries?: number;
}

/**
 * The default {@link IdempotencyStore}: a `Map` of key to expiry time in this process. Correct for
 * a single receiving process; use a shared store when several processes receive webhooks.
 *
 * @example
 * ```ts
 * import { MemoryIdempotencyStore } from '@commerce-kit/webhooks';
 * const store = new MemoryIdempotencyStore({ maxEntries: 10_000 });
 * store.claim('1700000000tok', 660); // true
 * store.claim('1700000000tok', 660); // false: duplicate
 * ```
 */
export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly #expiries = new Map<string, number>();
  readonly #now: () => number;
  readonly #maxEntries: number;

  /** @param options - clock and capacity. */
  constructor(options: MemoryIdempotencyStoreOptions = {}) {
    this.#now = resolveClock(options.now);
    this.#maxEntries = options.maxEntries ?? 100_000;
    if (!Number.isSafeInteger(this.#maxEntries) || this.#maxEntries < 1) {
      throw new RangeError('maxEntries must be a positive integer');
    }
  }

  /** Number of keys currently held (expired ones may still be counted until swept). */
  get size(): number {
    return this.#expiries.size;
  }

  /** {@inheritDoc IdempotencyStore.claim} */
  claim(key: string, ttlSeconds: number): boolean {
    const now = this.#now();
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
