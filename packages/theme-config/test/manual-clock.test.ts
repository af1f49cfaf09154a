import { describe, expect, it } from 'vitest';
import { ThemeConfigConfigurationError } from '../src/index.js';
import { ManualClock } from '../src/testing-entry.js';

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

  it('reports misuse with the package configuration error', async () => {
    expect(() => new ManualClock('not a date')).toThrow(ThemeConfigConfigurationError);
    await expect(new ManualClock().advance(-1)).rejects.toThrow(ThemeConfigConfigurationError);
  });
});
