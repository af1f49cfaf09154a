/**
 * The `ManualClock` of `@commerce-kit/api-client/testing`.
 */
import { ManualClock as BaseManualClock } from '@commerce-kit/internal/manual-clock';
import { ApiClientConfigurationError } from '../errors/api-client-error.js';

/**
 * A `Clock` that moves only when told: `now()` stays put and `sleep()` resolves when
 * {@link ManualClock.advance} or {@link ManualClock.set} passes its deadline. Pass it as the `clock`
 * option to test waits and time limits without real waiting. Misuse (an invalid instant, a negative
 * advance) throws `ApiClientConfigurationError`.
 */
export class ManualClock extends BaseManualClock {
  protected override misuse(message: string): Error {
    return new ApiClientConfigurationError(message);
  }
}
