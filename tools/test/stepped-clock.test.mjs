// The shared stepped clock (tools/testing/stepped-clock.mjs) on a package's ManualClock: waits are recorded,
// `drive` moves the clock only when something sleeps on it, `runOnClock` starts calls at their instants.
import { ManualClock } from '@commerce-kit/api-client/testing';
import { describe, expect, it } from 'vitest';
import { drive, runOnClock, stepped } from '../testing/stepped-clock.mjs';

const SteppedClock = stepped(ManualClock);
const START = Date.parse('2026-01-01T00:00:00Z');

describe('stepped clock', () => {
  it('is the package ManualClock, recording each wait and the next deadline', async () => {
    const clock = new SteppedClock(START);
    expect(clock).toBeInstanceOf(ManualClock);
    const first = clock.sleep(300);
    void clock.sleep(100);
    expect(clock.waits).toEqual([300, 100]);
    expect(clock.nextDue()).toBe(START + 100);
    await clock.advance(300);
    await first;
    expect(clock.nextDue()).toBeUndefined();
  });

  it('drive: work that sleeps on two clocks in turn settles, each clock moved only by its own waits', async () => {
    const a = new SteppedClock(START);
    const b = new SteppedClock(START);
    const work = (async () => {
      await a.sleep(1_000);
      await new Promise((resolve) => setImmediate(resolve)); // real I/O in between
      await b.sleep(250);
      await a.sleep(5);
      return 'done';
    })();
    expect(await drive(work, a, b)).toBe('done');
    expect(a.now() - START).toBe(1_005);
    expect(b.now() - START).toBe(250);
    expect(a.waits).toEqual([1_000, 5]);
  });

  it('runOnClock: each call starts at its instant; the clock ends at the last deadline', async () => {
    const clock = new SteppedClock(START);
    const started = [];
    const call = (name, at, ms) => ({
      at: START + at,
      run: async () => {
        started.push([name, clock.now() - START]);
        await clock.sleep(ms);
        return name;
      },
    });
    const results = await runOnClock(clock, [call('b', 50, 10), call('a', 0, 100)]);
    expect(results.map((r) => r.status === 'fulfilled' && r.value)).toEqual(['b', 'a']);
    expect(started).toEqual([
      ['a', 0],
      ['b', 50],
    ]);
    expect(clock.now() - START).toBe(100);
  });
});
