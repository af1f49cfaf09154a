/**
 * The default limiter as the platform sees it: a real loopback server counts requests when they
 * ARRIVE, in a sliding window of a minute on its clock, while some requests spend time on their way
 * (the server holds them on the clock before counting them). The limiter admits a request at `t`; it
 * arrives at `t + d`. The padding of the default store bounds how much larger one request's `d` may be
 * than another's: with `d` between 0 and the padding, no window of the server ever holds more than the
 * limit.
 *
 * Time is a `ManualClock` moved only when every call is settled or waiting on it (`runOnClock`), so
 * the arrival times are exact and the same on a loaded machine as on an idle one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, MemoryRateLimitStore, type RateLimitStore } from '../src/index.js';
import { resetSharedRateLimiters } from '../src/testing/index.js';
import { startArrivalServer, type Sent } from './support/arrival-server.js';
import { runOnClock, SteppedClock, type ScheduledCall } from './support/clock-run.js';

const START = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;
const LIMIT = 200;
const PADDING = 1000;

afterEach(() => resetSharedRateLimiters());

interface Run {
  readonly arrivals: readonly number[];
  readonly maxInAnyWindow: number;
  readonly throttled: number;
  readonly fulfilled: number;
}

/**
 * `calls` calls of one default client (the store aside, when given), started at `startAt(i)`, against
 * a server enforcing 200 arrivals per minute that holds call `i` for `holdMs` on the way.
 */
async function run(options: {
  calls: number;
  startAt?: (call: number) => number;
  holdMs: (sent: Sent) => number;
  store?: RateLimitStore;
}): Promise<Run> {
  const clock = new SteppedClock(START);
  const server = await startArrivalServer({ clock, limit: LIMIT, windowMs: MINUTE, holdMs: options.holdMs });
  try {
    // One token per run: the default store is shared by every client of the process.
    const accessToken = `token_${Math.random().toString(36).slice(2)}`;
    const client = createClient({
      baseUrl: server.url,
      accessToken,
      clock,
      ...(options.store === undefined ? {} : { rateLimit: { store: options.store } }),
    });
    const calls: ScheduledCall<unknown>[] = Array.from({ length: options.calls }, (_, call) => ({
      at: options.startAt?.(call) ?? START,
      run: () => client.customers.list({ limit: 1 }, { headers: { 'x-call': String(call) } }),
    }));
    const results = await runOnClock(clock, calls);
    return {
      arrivals: [...server.arrivals],
      maxInAnyWindow: server.maxInAnyWindow(),
      throttled: server.throttled(),
      fulfilled: results.filter((result) => result.status === 'fulfilled').length,
    };
  } finally {
    await server.close();
  }
}

/** How many arrivals at each instant, relative to START. */
function arrivalsAt(arrivals: readonly number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const at of arrivals) counts[at - START] = (counts[at - START] ?? 0) + 1;
  return counts;
}

/** The requests sent in the first minute (a cold process: new connections) spend `ms` on their way; later ones none. */
const coldFirstMinute =
  (ms: number) =>
  (sent: Sent): number =>
    sent.sentAt < START + MINUTE ? ms : 0;

describe('the default limiter, counted where the platform counts: at a loopback server, on arrival', () => {
  it('450 calls at once, the first 200 a full padding late: 200 per server minute, no 429', async () => {
    const result = await run({ calls: 450, holdMs: coldFirstMinute(PADDING) });
    // The first 200 start at 0 and arrive at 1 s; the next 200 start when the first ones' slots are
    // released, a minute and the padding later, and arrive at once: still a full minute after.
    expect(arrivalsAt(result.arrivals)).toEqual({
      [PADDING]: 200,
      [MINUTE + PADDING]: 200,
      [2 * (MINUTE + PADDING)]: 50,
    });
    expect(result.maxInAnyWindow).toBe(LIMIT);
    expect(result.throttled).toBe(0);
    expect(result.fulfilled).toBe(450);
  });

  it('without the padding (windowPaddingMs: 0) the same calls put 400 into one server minute', async () => {
    const result = await run({
      calls: 450,
      holdMs: coldFirstMinute(PADDING),
      store: new MemoryRateLimitStore({ windowPaddingMs: 0 }),
    });
    // The second 200 start exactly a minute after the first, and arrive before the first's minute ends.
    expect(result.arrivals.filter((at) => at === START + MINUTE)).toHaveLength(200);
    expect(result.maxInAnyWindow).toBe(2 * LIMIT);
    expect(result.throttled).toBeGreaterThan(0);
  });

  it('the padding is the bound: a delay beyond it can exceed the limit, a store padded for it holds', async () => {
    const late = await run({ calls: 450, holdMs: coldFirstMinute(1500) });
    expect(late.maxInAnyWindow).toBeGreaterThan(LIMIT);
    const padded = await run({
      calls: 450,
      holdMs: coldFirstMinute(1500),
      store: new MemoryRateLimitStore({ windowPaddingMs: 1500 }),
    });
    expect(padded.maxInAnyWindow).toBe(LIMIT);
    expect(padded.throttled).toBe(0);
    expect(padded.fulfilled).toBe(450);
  });

  /** A small seeded generator (mulberry32): the same numbers on every run. */
  function random(seed: number): () => number {
    let state = seed >>> 0;
    return () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it.each([1, 2, 3])(
    'bursts at random times, each request 0 to the padding on its way (seed %i): never over 200 per server minute',
    async (seed) => {
      const next = random(seed);
      const CALLS = 700;
      // Five bursts over three minutes (the first at 0, of at least 200 calls, so the limit is reached).
      const bursts = [START, ...Array.from({ length: 4 }, () => START + Math.floor(next() * 3 * MINUTE))];
      const startAt = Array.from({ length: CALLS }, (_, call) =>
        call < 250 ? START : (bursts[Math.floor(next() * bursts.length)] ?? START),
      );
      // 0 or the full padding for a fifth of the calls each, anything between for the rest.
      const delays = Array.from({ length: CALLS }, () => {
        const pick = next();
        return pick < 0.2 ? 0 : pick < 0.4 ? PADDING : Math.floor(next() * (PADDING + 1));
      });
      const result = await run({
        calls: CALLS,
        startAt: (call) => startAt[call] ?? START,
        holdMs: (sent) => delays[sent.call] ?? 0,
      });
      expect(result.maxInAnyWindow).toBe(LIMIT);
      expect(result.throttled).toBe(0);
      expect(result.fulfilled).toBe(CALLS);
      expect(result.arrivals).toHaveLength(CALLS);
    },
  );
});
