// tools/testing/wait-for.mjs: the packages' tests wait for a condition, never for a fixed time.
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '../testing/wait-for.mjs';

describe('waitFor', () => {
  it('resolves with the first truthy value, asking again until there is one', async () => {
    let calls = 0;
    expect(await waitFor(() => (++calls >= 3 ? { calls } : undefined))).toEqual({ calls: 3 });
  });

  it('takes an asynchronous condition', async () => {
    let calls = 0;
    expect(await waitFor(async () => ++calls === 2)).toBe(true);
  });

  it('rejects after timeoutMs with the message, or the condition itself', async () => {
    await expect(waitFor(() => false, { timeoutMs: 20, message: 'the receiver to answer' })).rejects.toThrow(
      'waitFor: still not true after 20 ms: the receiver to answer',
    );
    await expect(waitFor(() => 1 > 2, { timeoutMs: 0, message: async () => 'computed late' })).rejects.toThrow(
      'computed late',
    );
    await expect(waitFor(() => 1 > 2, { timeoutMs: 0 })).rejects.toThrow('() => 1 > 2');
  });

  it('rejects at once when the condition throws', async () => {
    const error = new Error('broken probe');
    await expect(
      waitFor(() => {
        throw error;
      }),
    ).rejects.toBe(error);
  });

  it('keeps polling under fake timers (it uses the real ones)', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      expect(await waitFor(() => ++calls === 3)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
