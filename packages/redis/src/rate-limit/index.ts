/**
 * `@commerce-kit/redis/rate-limit`: the api-client's rate-limit store in Redis, shared by every
 * process of an app.
 * @packageDocumentation
 */
export { RedisRateLimitStore } from './store.js';
export type { RedisRateLimitStoreOptions } from './store.js';
