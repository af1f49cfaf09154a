import type { IdempotencyStore } from '@commerce-kit/webhooks';
import { RedisAdapter, type RedisAdapterOptions } from '../adapter.js';
import { RedisAdapterConfigurationError } from '../errors/redis-adapter-error.js';
import { sha256 } from './keys.js';

const OWNER = 'RedisIdempotencyStore';

/** Options of {@link RedisIdempotencyStore}. */
export interface RedisIdempotencyStoreOptions extends RedisAdapterOptions {}

/**
 * The `IdempotencyStore` of `createWebhookHandler` in Redis, for several receiving processes: a
 * delivery is claimed with one `SET key 1 NX EX ttl`, so of two processes receiving the same
 * delivery at the same moment exactly one gets `true`. Keys:
 * `<keyPrefix>:webhooks:seen:<sha-256 of the delivery key>`.
 *
 * When Redis cannot be reached, `claim` rejects with `RedisUnavailableError`; the handler then
 * answers 500 and does not process the delivery, so the platform can send it again: it fails
 * closed, never processing a delivery it could not check.
 *
 * It claims a delivery before it is processed, in a handler that keeps accepted events in memory:
 * a process that dies after answering 200 loses those events, and the platform's copies are then
 * refused as duplicates. Where that matters, use the durable queue (`createRedisWebhookReceiver`).
 *
 * @example
 * ```ts
 * import { createWebhookHandler } from '@commerce-kit/webhooks';
 * import { RedisIdempotencyStore, RedisUserLock } from '@commerce-kit/redis/webhooks';
 *
 * const url = process.env.REDIS_URL ?? 'redis://localhost:6379';
 * const webhooks = createWebhookHandler({
 *   secret: process.env.WEBHOOK_SECRET ?? '',
 *   userKey: (event) => String(event.payload['user_id']),
 *   idempotency: { store: new RedisIdempotencyStore({ url }) },
 *   userLock: new RedisUserLock({ url }),
 *   onEvent: async (event) => console.log(event.type, event.data.id),
 * });
 * ```
 */
export class RedisIdempotencyStore extends RedisAdapter implements IdempotencyStore {
  /** @throws {RedisAdapterConfigurationError} for a missing or malformed URL or option. */
  constructor(options: RedisIdempotencyStoreOptions) {
    super(options, OWNER, '{ url, keyPrefix? }');
  }

  /**
   * Records `key` for `ttlSeconds` unless it is recorded already: `true` for the first claim of a
   * key (in any process), `false` for a duplicate.
   *
   * @throws {RedisUnavailableError} (as a rejection) when Redis cannot be asked.
   */
  async claim(key: string, ttlSeconds: number): Promise<boolean> {
    if (typeof key !== 'string' || key === '')
      throw new RedisAdapterConfigurationError(`${OWNER}.claim: key must be a non-empty string`);
    if (!(Number.isSafeInteger(ttlSeconds) && ttlSeconds > 0))
      throw new RedisAdapterConfigurationError(`${OWNER}.claim: ttlSeconds must be a positive whole number`);
    const answer = await this.run((client) =>
      client.set(`${this.prefix}:webhooks:seen:${sha256(key)}`, '1', 'EX', ttlSeconds, 'NX'),
    );
    return answer === 'OK';
  }
}
