import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Clock } from '@commerce-kit/internal/clock';
import type { UserLock } from '@commerce-kit/webhooks';
import { RedisAdapter, type RedisAdapterOptions } from '../adapter.js';
import { RedisAdapterConfigurationError } from '../errors/redis-adapter-error.js';
import { RedisUnavailableError } from '../errors/redis-unavailable-error.js';
import { LuaScript } from '../lua-script.js';
import { numberOption, resolveClock } from '../options.js';

const OWNER = 'RedisUserLock';

/** Default lease: a holder that stops renewing (its process died) frees the lock after 30 s. */
export const DEFAULT_LOCK_LEASE_MS = 30_000;

/** KEYS[1] lock. ARGV[1] token, ARGV[2] lease ms. Extends the lease if the token still holds it. */
const RENEW = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`);

/** KEYS[1] lock. ARGV[1] token. Deletes the lock if the token still holds it. */
const UNLOCK = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

/** Gives the lock back (once; later calls do nothing). */
export type RedisUserLockRelease = () => Promise<void>;

/** Options of {@link RedisUserLock}. */
export interface RedisUserLockOptions extends RedisAdapterOptions {
  /**
   * The lock's lease in ms (default 30 000), renewed every third of it while held. A holder whose
   * process dies frees the lock after at most this long.
   */
  readonly leaseMs?: number | undefined;
  /** Clock for polling and renewals (default: the system clock). */
  readonly clock?: Clock | undefined;
}

/**
 * A `UserLock` for `createWebhookHandler` over Redis: each user's events run one at a time across
 * every process sharing the lock (`SET key token NX PX lease`, renewed while held, deleted on release
 * only by its holder). Waiters poll; the order in which waiting processes get the lock is not
 * defined, so a user's events run one at a time but, across processes, not necessarily in the order
 * they arrived: for that order (and for events that survive a crash) use the durable queue. Keys:
 * `<keyPrefix>:webhooks:lock:<user key>`.
 *
 * When Redis cannot be reached, `acquire` rejects with `RedisUnavailableError`; the handler counts
 * that as a failed attempt and retries it, so an event never runs without the lock.
 */
export class RedisUserLock extends RedisAdapter implements UserLock {
  readonly #leaseMs: number;
  readonly #clock: Clock;
  readonly #closed = new AbortController();
  /** One per lock held: stops its renewals. */
  readonly #held = new Set<AbortController>();

  /** @throws {RedisAdapterConfigurationError} for a missing or malformed URL or option. */
  constructor(options: RedisUserLockOptions) {
    super(options, OWNER, '{ url, keyPrefix?, leaseMs?, clock? }');
    this.#leaseMs = numberOption(options.leaseMs, DEFAULT_LOCK_LEASE_MS, 'leaseMs', OWNER, 100);
    this.#clock = resolveClock(options.clock, OWNER);
    // Every waiting acquire listens to it.
    setMaxListeners(0, this.#closed.signal);
  }

  /**
   * Resolves once this process holds `userKey`'s lock, with the function that releases it.
   *
   * @throws {RedisUnavailableError} (as a rejection) when Redis cannot be asked, or the lock was closed.
   */
  async acquire(userKey: string): Promise<RedisUserLockRelease> {
    if (typeof userKey !== 'string')
      throw new RedisAdapterConfigurationError(`${OWNER}.acquire: userKey must be a string`);
    const key = `${this.prefix}:webhooks:lock:${userKey}`;
    const token = randomBytes(12).toString('hex');
    for (let waits = 0; ; waits++) {
      if (this.#closed.signal.aborted)
        throw new RedisUnavailableError('unreachable', this.server, 'the lock was closed');
      const answer = await this.run((client) => client.set(key, token, 'PX', this.#leaseMs, 'NX'));
      if (answer === 'OK') break;
      try {
        await this.#clock.sleep(Math.min(100, 5 * 2 ** waits), this.#closed.signal);
      } catch {
        // Closed: reported at the top of the loop.
      }
    }
    const held = new AbortController();
    this.#held.add(held);
    void this.#renew(key, token, held.signal);
    let released: Promise<void> | undefined;
    return () => {
      released ??= (async () => {
        held.abort();
        this.#held.delete(held);
        await this.run((client) => UNLOCK.run(client, [key], [token]));
      })();
      return released;
    };
  }

  async #renew(key: string, token: string, signal: AbortSignal): Promise<void> {
    const every = Math.max(10, Math.floor(this.#leaseMs / 3));
    while (!signal.aborted) {
      try {
        await this.#clock.sleep(every, signal);
      } catch {
        return;
      }
      try {
        if (Number(await this.run((client) => RENEW.run(client, [key], [token, this.#leaseMs]))) === 0) return;
      } catch {
        // Redis unavailable: try again next time; the lease may run out meanwhile.
      }
    }
  }

  /** Stops renewing and waiting, and closes the Redis connection. Locks held expire after their lease. */
  override async close(): Promise<void> {
    this.#closed.abort();
    for (const held of this.#held) held.abort();
    this.#held.clear();
    await super.close();
  }
}
