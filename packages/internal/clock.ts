/**
 * The house `Clock`: every package that reads the time or waits takes one under the option name
 * `clock`, so tests move time instead of sleeping and one fake clock serves every package.
 */

/** A source of time and of abortable waits. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /**
   * Resolves after `ms` milliseconds (at once for `ms <= 0`, still asynchronously); rejects with
   * `signal.reason` when the signal aborts first.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * The real clock. `Date.now` and `setTimeout` are looked up at call time, not captured, so a clock
 * created before a test installs fake timers still follows them.
 */
export const systemClock: Clock = Object.freeze({
  now: (): number => Date.now(),
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
});

/** True when `value` has the two methods of a {@link Clock}. */
export function isClock(value: unknown): value is Clock {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { now?: unknown }).now === 'function' &&
    typeof (value as { sleep?: unknown }).sleep === 'function'
  );
}

/**
 * The `clock` option resolved: the system clock when absent, the value when it is a clock; anything
 * else is reported through `invalid` (each package throws its own configuration error).
 */
export function resolveClock(value: unknown, invalid: (message: string) => Error): Clock {
  if (value === undefined) return systemClock;
  if (isClock(value)) return value;
  throw invalid('`clock` must be an object with now() (milliseconds since the epoch) and sleep(ms, signal)');
}

/** Milliseconds since the epoch of a `Date`, a number of milliseconds, or a date string; NaN if invalid. */
export function toEpochMs(instant: Date | number | string): number {
  if (instant instanceof Date) return instant.getTime();
  if (typeof instant === 'number') return Number.isFinite(instant) ? instant : Number.NaN;
  return Date.parse(instant);
}
