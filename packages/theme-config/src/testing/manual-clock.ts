/** `ManualClock`: the package's `Clock` for tests, whose misuse throws its configuration error. */
import { ManualClock as BaseManualClock } from '@commerce-kit/internal/manual-clock';
import { ThemeConfigConfigurationError } from '../errors.js';

/**
 * A `Clock` that moves only when told: `now()` stays put and `sleep()` resolves when
 * {@link ManualClock.advance} or {@link ManualClock.set} passes its deadline. Pass it as the `clock`
 * option to test waits and time limits without real waiting. Misuse (an invalid instant, a negative
 * advance) throws `ThemeConfigConfigurationError`.
 */
export class ManualClock extends BaseManualClock {
  protected override misuse(message: string): Error {
    return new ThemeConfigConfigurationError(message);
  }
}
