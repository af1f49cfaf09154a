/**
 * A clock whose waits finish at once while time moves forward by the wait:
 * backoff and Retry-After behaviour can be checked without sleeping.
 */
import type { Clock } from '../../src/clock.js';

/** An instant clock that records every wait. */
export interface InstantClock extends Clock {
  readonly sleeps: number[];
  advance(ms: number): void;
}

export function instantClock(start = Date.UTC(2026, 0, 1)): InstantClock {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    async sleep(ms: number, signal?: AbortSignal) {
      signal?.throwIfAborted();
      sleeps.push(ms);
      now += Math.max(0, ms);
      await Promise.resolve();
    },
  };
}

/** A clock that stands still until the test moves it: waits end only on `advance`. */
export interface ManualClock extends Clock {
  /** Waits currently pending. */
  readonly pending: () => number;
  /** Moves time forward, ending every wait that falls due. */
  advance(ms: number): void;
}

export function manualClock(start = Date.UTC(2026, 0, 1)): ManualClock {
  let now = start;
  const waits = new Set<{ at: number; resolve: () => void }>();
  return {
    now: () => now,
    pending: () => waits.size,
    advance(ms: number) {
      now += ms;
      for (const wait of [...waits]) {
        if (wait.at <= now) {
          waits.delete(wait);
          wait.resolve();
        }
      }
    },
    sleep(ms: number, signal?: AbortSignal) {
      return new Promise<void>((resolve, reject) => {
        signal?.throwIfAborted();
        const wait = { at: now + Math.max(0, ms), resolve };
        waits.add(wait);
        signal?.addEventListener(
          'abort',
          () => {
            waits.delete(wait);
            reject(signal.reason as unknown);
          },
          { once: true },
        );
      });
    },
  };
}
