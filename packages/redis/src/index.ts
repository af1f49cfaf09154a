/**
 * `@commerce-kit/redis`: Redis adapters for commerce-kit. The adapters are in
 * `@commerce-kit/redis/rate-limit` (for `@commerce-kit/api-client`) and `@commerce-kit/redis/webhooks`
 * (for `@commerce-kit/webhooks`); this entry holds what they share: errors, connection options and
 * the clock. Test helpers are in `@commerce-kit/redis/testing`.
 * @packageDocumentation
 */
export { RedisAdapterConfigurationError, RedisAdapterError } from './errors/redis-adapter-error.js';
export { RedisUnavailableError } from './errors/redis-unavailable-error.js';
export type { RedisUnavailableReason } from './errors/redis-unavailable-error.js';
export type { RedisConnectionOptions } from './connection.js';
export { systemClock } from '@commerce-kit/internal/clock';
export type { Clock } from '@commerce-kit/internal/clock';
