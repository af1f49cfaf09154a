import { describe, expect, it } from 'vitest';
import { MemoryIdempotencyStore, WebhookConfigurationError } from '../src/index.js';
import { ManualClock } from '../src/testing/index.js';

describe('MemoryIdempotencyStore', () => {
  it('claims a key once until its TTL expires', async () => {
    const clock = new ManualClock(0);
    const store = new MemoryIdempotencyStore({ clock });
    expect(store.claim('k', 10)).toBe(true);
    expect(store.claim('k', 10)).toBe(false);
    await clock.set(9_999);
    expect(store.claim('k', 10)).toBe(false);
    await clock.set(10_000);
    expect(store.claim('k', 10)).toBe(true);
  });

  it('keeps keys apart exactly (no normalisation)', () => {
    const store = new MemoryIdempotencyStore();
    expect(store.claim('1700000000abc', 60)).toBe(true);
    expect(store.claim('1700000000ABC', 60)).toBe(true);
    expect(store.claim('abc', 60)).toBe(true);
  });

  it('sweeps expired keys and respects the capacity', async () => {
    const clock = new ManualClock(0);
    const store = new MemoryIdempotencyStore({ clock, maxEntries: 3 });
    store.claim('a', 1);
    store.claim('b', 1);
    await clock.set(2_000);
    store.claim('c', 100);
    expect(store.size).toBe(1);
    store.claim('d', 100);
    store.claim('e', 100);
    store.claim('f', 100);
    expect(store.size).toBe(3);
    expect(store.claim('f', 100)).toBe(false);
  });

  it('rejects a bad capacity with a configuration error', () => {
    for (const maxEntries of [0, -1, 1.5, Number.NaN]) {
      expect(() => new MemoryIdempotencyStore({ maxEntries })).toThrow(WebhookConfigurationError);
    }
  });
});
