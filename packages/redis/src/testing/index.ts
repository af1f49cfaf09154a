/**
 * `@commerce-kit/redis/testing`: helpers for your tests: a throwaway `redis-server`, and the
 * `ManualClock` every commerce-kit package accepts as its `clock` option.
 * @packageDocumentation
 */
import { ManualClock as BaseManualClock } from '@commerce-kit/internal/manual-clock';
import { RedisAdapterConfigurationError } from '../errors/redis-adapter-error.js';

export { startRedisServer } from './redis-server.js';
export type { RedisServer, StartRedisServerOptions } from './redis-server.js';

/**
 * A `Clock` that moves only when told: `now()` stays put and `sleep()` resolves when
 * {@link ManualClock.advance} or {@link ManualClock.set} passes its deadline. Pass it as the `clock`
 * option (of the adapters, and of the api-client and webhooks) to test back-off, polling and pauses
 * without real waiting. Misuse (an invalid instant, a negative advance) throws
 * `RedisAdapterConfigurationError`.
 */
export class ManualClock extends BaseManualClock {
  protected override misuse(message: string): Error {
    return new RedisAdapterConfigurationError(message);
  }
}
