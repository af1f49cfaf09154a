// The contract of every package's `/testing` ManualClock, shared by their tests: it moves only when
// told, and misuse throws that package's configuration error.
import { describe, expect, it } from 'vitest';

/**
 * @param {new (start?: Date | number | string) => { now(): number; sleep(ms: number): Promise<void>; advance(ms: number): Promise<void> }} ManualClock
 * @param {new (...args: never[]) => Error} ConfigurationError
 */
export function describeManualClock(ManualClock, ConfigurationError) {
  describe('ManualClock from the /testing entry', () => {
    it('moves only when told and wakes sleepers at their deadline', async () => {
      const clock = new ManualClock('2026-03-14T00:00:00Z');
      let woke = false;
      void clock.sleep(1_000).then(() => (woke = true));
      await clock.advance(999);
      expect(woke).toBe(false);
      await clock.advance(1);
      expect(woke).toBe(true);
      expect(clock.now()).toBe(Date.parse('2026-03-14T00:00:01Z'));
    });

    it(`reports misuse with ${ConfigurationError.name}`, async () => {
      expect(() => new ManualClock('not a date')).toThrow(ConfigurationError);
      await expect(new ManualClock().advance(-1)).rejects.toThrow(ConfigurationError);
    });
  });
}
