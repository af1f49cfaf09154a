/**
 * `@commerce-kit/redis/webhooks`: webhook processing across many processes, on Redis.
 *
 * - The durable queue: `createRedisWebhookReceiver` stores each verified delivery in Redis before
 *   answering 200; `createRedisWebhookWorker` processes them at least once, per user in order.
 * - For `createWebhookHandler` of `@commerce-kit/webhooks`: `RedisIdempotencyStore` (duplicates
 *   across processes) and `RedisUserLock` (one event per user at a time across processes).
 * @packageDocumentation
 */
export { RedisIdempotencyStore } from './idempotency-store.js';
export type { RedisIdempotencyStoreOptions } from './idempotency-store.js';
export { RedisUserLock } from './user-lock.js';
export type { RedisUserLockOptions } from './user-lock.js';
export { createRedisWebhookReceiver } from './queue/receiver.js';
export type { RedisWebhookReceiver, RedisWebhookReceiverOptions, RedisWebhookResponse } from './queue/receiver.js';
export { createRedisWebhookWorker } from './queue/worker.js';
export type {
  RedisWebhookEventContext,
  RedisWebhookRetryOptions,
  RedisWebhookWorker,
  RedisWebhookWorkerCloseOptions,
  RedisWebhookWorkerOptions,
} from './queue/worker.js';
export { DeliveryFailedError } from '../errors/delivery-failed-error.js';
