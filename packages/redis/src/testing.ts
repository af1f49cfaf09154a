/**
 * `@commerce-kit/redis/testing`: helpers for your tests: a throwaway `redis-server`, and the
 * `ManualClock` every commerce-kit package accepts as its `clock` option.
 * @packageDocumentation
 */
export { ManualClock } from '@commerce-kit/internal/manual-clock';
export { startRedisServer } from './testing/redis-server.js';
export type { RedisServer, StartRedisServerOptions } from './testing/redis-server.js';
