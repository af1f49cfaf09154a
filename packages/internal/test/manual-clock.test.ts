import { describe, expect, it } from 'vitest';
import { isClock, resolveClock, systemClock } from '../clock.js';
import { ManualClock } from '../manual-clock.js';

describe('ManualClock', () => {
  it('wakes sleepers in deadline order as time advances', async () => {
    const clock = new ManualClock('2026-03-14T00:00:00Z');
    const woke: string[] = [];
    void clock.sleep(300).then(() => woke.push(`b@${clock.now()}`));
    void clock.sleep(100).then(() => woke.push(`a@${clock.now()}`));
    await clock.advance(99);
    expect(woke).toEqual([]);
    await clock.advance(250);
    const start = Date.parse('2026-03-14T00:00:00Z');
    expect(woke).toEqual([`a@${start + 100}`, `b@${start + 300}`]);
    expect(clock.now()).toBe(start + 349);
  });

  it('wakes a sleeper that sleeps again within the same advance', async () => {
    const clock = new ManualClock(0);
    const times: number[] = [];
    const loop = async (): Promise<void> => {
      for (let i = 0; i < 3; i++) {
        await clock.sleep(10);
        times.push(clock.now());
      }
    };
    const done = loop();
    await clock.advance(100);
    await done;
    expect(times).toEqual([10, 20, 30]);
  });

  it('sleep(0) resolves without advancing, and abort rejects with the reason', async () => {
    const clock = new ManualClock(5);
    await clock.sleep(0);
    const controller = new AbortController();
    const sleeping = clock.sleep(1_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrow('stop');
    expect(clock.pending).toBe(0);
  });

  it('refuses invalid instants and negative advances', async () => {
    expect(() => new ManualClock('not a date')).toThrow(RangeError);
    await expect(new ManualClock().advance(-1)).rejects.toThrow(RangeError);
  });
});

describe('resolveClock', () => {
  it('defaults to the system clock and checks the shape', () => {
    expect(resolveClock(undefined, (m) => new TypeError(m))).toBe(systemClock);
    const clock = new ManualClock();
    expect(resolveClock(clock, (m) => new TypeError(m))).toBe(clock);
    expect(isClock({ now: () => 1 })).toBe(false);
    expect(() =>
      resolveClock(
        () => 1,
        (m) => new SyntaxError(m),
      ),
    ).toThrow(SyntaxError);
  });

  it('systemClock.sleep honours abort', async () => {
    const controller = new AbortController();
    const sleeping = systemClock.sleep(10_000, controller.signal);
    controller.abort(new Error('abort'));
    await expect(sleeping).rejects.toThrow('abort');
  });
});
