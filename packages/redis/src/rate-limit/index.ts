/**
 * `@commerce-kit/redis/rate-limit`: the api-client's rate-limit store in Redis, shared by every
 * process of an app.
 * @packageDocumentation
 */
export { DEFAULT_WINDOW_PADDING_MS, RedisRateLimitStore } from './store.js';
export type { RedisRateLimitStoreOptions } from './store.js';
