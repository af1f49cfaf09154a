// Waiting for a condition instead of sleeping: a test states what it waits for, never how long that
// takes, so it holds on a loaded machine. For "this has NOT happened" a wait is no proof: hold the
// code under test with a ManualClock it waits on or a gate the test opens, and look when it has had
// its turn.

// Taken when this module loads, before a test installs fake timers: polling goes on under them.
const realSetTimeout = globalThis.setTimeout;
const realNow = performance.now.bind(performance);

/** Generous on purpose: a bound for a condition that never holds, not an expectation of speed. */
export const WAIT_FOR_TIMEOUT_MS = 15_000;

/**
 * Resolves with the first truthy value `condition` returns (it may return a promise), asking again
 * every `intervalMs`; rejects after `timeoutMs` naming `message` (by default the condition's source).
 * An error thrown by `condition` rejects at once.
 * @template T
 * @param {() => T | PromiseLike<T>} condition
 * @param {{ timeoutMs?: number | undefined, intervalMs?: number | undefined, message?: string | (() => string | PromiseLike<string>) | undefined }} [options]
 * @returns {Promise<T>}
 */
export async function waitFor(condition, { timeoutMs = WAIT_FOR_TIMEOUT_MS, intervalMs = 5, message } = {}) {
  const deadline = realNow() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (realNow() >= deadline) {
      const what = typeof message === 'function' ? await message() : (message ?? String(condition));
      throw new Error(`waitFor: still not true after ${timeoutMs} ms: ${what}`);
    }
    await new Promise((resolve) => realSetTimeout(resolve, intervalMs));
  }
}
