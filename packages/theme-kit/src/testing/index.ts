/**
 * `@commerce-kit/theme-kit/testing`: helpers for your own tests. `ManualClock` is a `Clock` that moves only
 * when told, for a mock store whose "current date" your test controls.
 *
 * @packageDocumentation
 */
import { ManualClock as BaseManualClock } from '@commerce-kit/internal/manual-clock';
import { ThemeKitConfigurationError } from '../errors.js';

/**
 * A `Clock` that moves only when told: `now()` stays put and `sleep()` resolves when
 * {@link ManualClock.advance} or {@link ManualClock.set} passes its deadline. Misuse (an invalid instant, a
 * negative advance) throws `ThemeKitConfigurationError`.
 */
export class ManualClock extends BaseManualClock {
  protected override misuse(message: string): Error {
    return new ThemeKitConfigurationError(message);
  }
}
