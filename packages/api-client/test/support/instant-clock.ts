/**
 * A clock whose waits finish at once while time moves forward by the wait: backoff and Retry-After
 * waits can be checked (and recorded) without sleeping. For tests that need time to stand still until
 * told, use the house `ManualClock` (`@commerce-kit/api-client/testing`).
 */
import type { Clock } from '../../src/index.js';

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
