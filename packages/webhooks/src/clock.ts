/**
 * The house clock: `now()` in milliseconds and `sleep(ms, signal)`, taken under the one option
 * name `clock` by the verifier, the handler and the in-memory store.
 */
import { resolveClock as resolveAnyClock, systemClock, type Clock } from '@commerce-kit/internal/clock';
import { WebhookConfigurationError } from './errors/configuration-error.js';

export { systemClock };
export type { Clock };

/** The `clock` option resolved: the system clock when absent; anything but a `Clock` throws. @internal */
export function resolveClock(value: unknown): Clock {
  return resolveAnyClock(value, (message) => new WebhookConfigurationError(message));
}
