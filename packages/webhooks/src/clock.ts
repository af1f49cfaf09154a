import { WebhookConfigurationError } from './errors.js';

/**
 * Where "now" comes from, for the replay window, the idempotency store and test deliveries: a
 * function returning milliseconds since the epoch or a `Date` (`() => Date.now()`,
 * `() => new Date('2026-03-14T09:26:53Z')`), or a fixed instant (a number of milliseconds or a
 * `Date`). Inject one in tests; by default the real clock is read at every check.
 */
export type WebhookClock = (() => number | Date) | number | Date;

// Read at call time, not captured, so `vi.useFakeTimers()` / `vi.setSystemTime()` apply even to a
// handler created before the fake clock was installed.
const systemClock = (): number => Date.now();

function toMillis(value: unknown): number {
  const ms = value instanceof Date ? value.getTime() : value;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw new WebhookConfigurationError('The clock (`now`) must give milliseconds since the epoch or a valid Date');
  }
  return ms;
}

/**
 * Turns the `now` / `clock` options into a function returning milliseconds; throws
 * `WebhookConfigurationError` for anything else, or when both are given and differ.
 * @internal
 */
export function resolveClock(now: WebhookClock | undefined, clock?: WebhookClock): () => number {
  if (now !== undefined && clock !== undefined && now !== clock) {
    throw new WebhookConfigurationError('Pass the clock as `now` or as `clock`, not both');
  }
  const source = now ?? clock;
  if (source === undefined) return systemClock;
  if (typeof source === 'function') return () => toMillis(source());
  const fixed = toMillis(source);
  return () => fixed;
}
