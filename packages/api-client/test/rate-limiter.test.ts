import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { RateLimiter, resetSharedRateLimiters, sharedRateLimiter } from '../src/rate-limiter.js';
import { instantClock } from './support/clock.js';

afterEach(() => resetSharedRateLimiters());

describe('RateLimiter (sliding window)', () => {
  it('lets the documented 200 requests through, then waits for the window to slide', async () => {
    const clock = instantClock();
    const limiter = new RateLimiter({ clock });
    const start = clock.now();
    for (let i = 0; i < 200; i++) await limiter.acquire();
    expect(clock.sleeps).toEqual([]);
    await limiter.acquire();
    expect(clock.now() - start).toBe(60_000);
  });

  it('never allows more than N requests in any window (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 10, max: 1000 }),
        fc.array(fc.nat(400), { minLength: 1, maxLength: 60 }),
        async (requests, windowMs, gaps) => {
          const clock = instantClock(0);
          const limiter = new RateLimiter({ requests, windowMs, clock });
          const starts: number[] = [];
          for (const gap of gaps) {
            clock.advance(gap);
            await limiter.acquire();
            starts.push(clock.now());
          }
          for (let i = requests; i < starts.length; i++) {
            // The (i - requests)th start must be at least one window before the ith.
            expect((starts[i] ?? 0) - (starts[i - requests] ?? 0)).toBeGreaterThanOrEqual(windowMs);
          }
        },
      ),
    );
  });

  it('pause() holds every acquirer until it ends, and never shortens', async () => {
    const clock = instantClock(0);
    const limiter = new RateLimiter({ clock });
    limiter.pause(5000);
    limiter.pause(1000);
    expect(limiter.pausedForMs).toBe(5000);
    await limiter.acquire();
    expect(clock.now()).toBe(5000);
  });

  it('acquire rejects with the abort reason', async () => {
    const limiter = new RateLimiter({ clock: instantClock(0) });
    limiter.pause(1000);
    const reason = new Error('stop');
    await expect(limiter.acquire(AbortSignal.abort(reason))).rejects.toBe(reason);
  });

  it('Infinity disables counting but keeps pauses', async () => {
    const clock = instantClock(0);
    const limiter = new RateLimiter({ requests: Number.POSITIVE_INFINITY, clock });
    for (let i = 0; i < 1000; i++) await limiter.acquire();
    expect(clock.now()).toBe(0);
    limiter.pause(10);
    await limiter.acquire();
    expect(clock.now()).toBe(10);
  });

  it('rejects nonsense options', () => {
    expect(() => new RateLimiter({ requests: 0 })).toThrow(RangeError);
    expect(() => new RateLimiter({ requests: 1.5 })).toThrow(RangeError);
    expect(() => new RateLimiter({ windowMs: -1 })).toThrow(RangeError);
  });

  it('sharedRateLimiter returns one limiter per account key, process-wide', () => {
    const a = sharedRateLimiter('acct_1');
    expect(sharedRateLimiter('acct_1')).toBe(a);
    expect(sharedRateLimiter('acct_2')).not.toBe(a);
    resetSharedRateLimiters('acct_1');
    expect(sharedRateLimiter('acct_1')).not.toBe(a);
  });
});
