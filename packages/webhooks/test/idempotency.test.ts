import { describe, expect, it } from 'vitest';
import { MemoryIdempotencyStore } from '../src/index.js';

describe('MemoryIdempotencyStore', () => {
  it('claims a key once until its TTL expires', () => {
    let now = 0;
    const store = new MemoryIdempotencyStore({ now: () => now });
    expect(store.claim('k', 10)).toBe(true);
    expect(store.claim('k', 10)).toBe(false);
    now = 9_999;
    expect(store.claim('k', 10)).toBe(false);
    now = 10_000;
    expect(store.claim('k', 10)).toBe(true);
  });

  it('keeps keys apart exactly (no normalisation)', () => {
    const store = new MemoryIdempotencyStore();
    expect(store.claim('1700000000abc', 60)).toBe(true);
    expect(store.claim('1700000000ABC', 60)).toBe(true);
    expect(store.claim('abc', 60)).toBe(true);
  });

  it('sweeps expired keys and respects the capacity', () => {
    let now = 0;
    const store = new MemoryIdempotencyStore({ now: () => now, maxEntries: 3 });
    store.claim('a', 1);
    store.claim('b', 1);
    now = 2_000;
    store.claim('c', 100);
    expect(store.size).toBe(1);
    store.claim('d', 100);
    store.claim('e', 100);
    store.claim('f', 100);
    expect(store.size).toBe(3);
    expect(store.claim('f', 100)).toBe(false);
  });

  it('rejects a bad capacity', () => {
    expect(() => new MemoryIdempotencyStore({ maxEntries: 0 })).toThrow(RangeError);
  });
});
