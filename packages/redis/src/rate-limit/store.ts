import { randomBytes } from 'node:crypto';
import type { RateLimitRequest, RateLimitStore } from '@commerce-kit/api-client';
import type { Clock } from '@commerce-kit/internal/clock';
import { RedisAdapter, type RedisAdapterOptions } from '../adapter.js';
import { RedisAdapterConfigurationError } from '../errors/redis-adapter-error.js';
import { numberOption, resolveClock } from '../options.js';
import { PAUSE, TAKE } from './scripts.js';

const OWNER = 'RedisRateLimitStore';

/**
 * How long, by default, each request start keeps its slot beyond the window: 1 s. The platform counts
 * requests when they arrive, a little after they start here; if one request spends longer on its way
 * than the one `limit` starts later (a new TLS connection, a busy event loop), the two could land
 * less than a window apart. The padding absorbs that difference, at the cost of 1/60 of the budget
 * with the documented one-minute window.
 */
export const DEFAULT_WINDOW_PADDING_MS = 1000;

/** Options of {@link RedisRateLimitStore}. */
export interface RedisRateLimitStoreOptions extends RedisAdapterOptions {
  /** Milliseconds each start keeps its slot beyond the window (default 1000). */
  readonly windowPaddingMs?: number | undefined;
  /**
   * The clock the client gives the store its times with (default: the system clock). Pass the same
   * clock as to `createClient`: a 429 pause arrives as an end time on that clock, and is stored as a
   * length from Redis's own time.
   */
  readonly clock?: Clock | undefined;
}

/**
 * A `RateLimitStore` for `@commerce-kit/api-client` in Redis: every process (and every client)
 * that uses it with the same key shares one budget and one 429 pause.
 *
 * Each key is a sliding-window log (a sorted set of request starts), checked and updated by one Lua
 * script, so at most `limit` requests start in ANY window of `windowMs` across all processes (a
 * fixed-window counter would let twice the limit through around a window boundary). All times are
 * Redis server time (`TIME`), so the clocks of the processes do not matter. Keys:
 * `<keyPrefix>:rate-limit:{<key>}` and `<keyPrefix>:rate-limit:{<key>}:pause`.
 *
 * When Redis cannot be reached or does not answer within the command timeout, `take` and `pause`
 * reject with `RedisUnavailableError` and the client's call fails with it, without sending the
 * request: the store fails closed, it never lets an uncounted request through.
 *
 * @example
 * ```ts
 * import { createClient } from '@commerce-kit/api-client';
 * import { RedisRateLimitStore } from '@commerce-kit/redis/rate-limit';
 *
 * const store = new RedisRateLimitStore({ url: process.env.REDIS_URL ?? 'redis://localhost:6379' });
 * const client = createClient({
 *   baseUrl: 'https://api.example.com',
 *   accessToken: process.env.ACCESS_TOKEN ?? '',
 *   rateLimit: { accountKey: 'my-app', store },
 * });
 * ```
 */
export class RedisRateLimitStore extends RedisAdapter implements RateLimitStore {
  readonly #paddingMs: number;
  readonly #clock: Clock;
  /** Makes each recorded start unique across processes. */
  readonly #instance = randomBytes(6).toString('hex');
  #sequence = 0;

  /** @throws {RedisAdapterConfigurationError} for a missing or malformed URL or option. */
  constructor(options: RedisRateLimitStoreOptions) {
    super(options, OWNER, '{ url, keyPrefix?, windowPaddingMs?, clock? }');
    this.#paddingMs = numberOption(options.windowPaddingMs, DEFAULT_WINDOW_PADDING_MS, 'windowPaddingMs', OWNER, 0);
    this.#clock = resolveClock(options.clock, OWNER);
  }

  /** The Redis keys of a rate-limit key: the log and the pause, in one hash slot. */
  #keys(key: string): [string, string] {
    const base = `${this.prefix}:rate-limit:{${key}}`;
    return [base, `${base}:pause`];
  }

  /**
   * Records a request start for `key` and answers 0, or answers how many milliseconds to wait: while
   * a pause lasts, or until the oldest start that must leave the window has left it. `request.now`
   * is not used: Redis's clock is.
   *
   * @throws {RedisUnavailableError} (as a rejection) when Redis cannot be asked.
   */
  async take(key: string, request: RateLimitRequest): Promise<number> {
    if (typeof key !== 'string' || key === '')
      throw new RedisAdapterConfigurationError(`${OWNER}.take: key must be a non-empty string`);
    const { limit, windowMs } = request;
    const unlimited = !Number.isFinite(limit);
    if (!unlimited && !(Number.isInteger(limit) && limit >= 1))
      throw new RedisAdapterConfigurationError(`${OWNER}.take: limit must be an integer >= 1`);
    if (!(Number.isFinite(windowMs) && windowMs > 0))
      throw new RedisAdapterConfigurationError(`${OWNER}.take: windowMs must be a positive number`);
    const member = `${this.#instance}:${(this.#sequence++).toString(36)}`;
    const wait = await this.run((client) =>
      TAKE.run(client, this.#keys(key), [unlimited ? -1 : limit, Math.ceil(windowMs + this.#paddingMs), member]),
    );
    return Number(wait);
  }

  /**
   * Holds every request of `key`, in every process, until `until` (a time on the store's clock, as
   * the client gives it after a 429). Extends a pause, never shortens one.
   *
   * @throws {RedisUnavailableError} (as a rejection) when Redis cannot be asked.
   */
  async pause(key: string, until: number): Promise<void> {
    if (typeof key !== 'string' || key === '')
      throw new RedisAdapterConfigurationError(`${OWNER}.pause: key must be a non-empty string`);
    const length = Math.ceil(until - this.#clock.now());
    if (!(length > 0)) return;
    const [, pauseKey] = this.#keys(key);
    await this.run((client) => PAUSE.run(client, [pauseKey], [length]));
  }
}
