/**
 * "After the acknowledgement": the handler must not start `onEvent` until the adapter has handed
 * the 200 to the server, or a handler that does synchronous work before its first `await` would
 * hold the response back (and past the platform's ten seconds if that work is long). A macrotask
 * runs after the microtasks in which the adapters send their response.
 * @internal
 */

type Schedule = (callback: () => void) => void;

// Captured when the module loads, so fake timers installed later by a test (`vi.useFakeTimers()`)
// are recognised and can never freeze processing.
const realSetImmediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
const realSetTimeout = (globalThis as { setTimeout?: (callback: () => void, ms: number) => unknown }).setTimeout;

const schedule: Schedule =
  typeof realSetImmediate === 'function'
    ? (callback) => void realSetImmediate.call(globalThis, callback)
    : typeof realSetTimeout === 'function'
      ? (callback) => void realSetTimeout.call(globalThis, callback, 0)
      : (callback) => void Promise.resolve().then(callback);

/** True when the global timers are no longer the ones seen at load: test fake timers. */
function timersReplaced(): boolean {
  const current = globalThis as { setImmediate?: unknown; setTimeout?: unknown };
  return current.setImmediate !== realSetImmediate || current.setTimeout !== realSetTimeout;
}

/**
 * Resolves in a later macrotask (after any response sent in the current one). Under fake timers
 * installed after load it resolves after the current microtasks instead: a real macrotask would
 * race the fake clock's own stepping (`vi.advanceTimersByTimeAsync()` right after a delivery
 * could then run past the retry back-off before the first attempt had even started).
 * @internal
 */
export function afterAcknowledgement(): Promise<void> {
  if (timersReplaced()) return Promise.resolve();
  return new Promise((resolve) => schedule(resolve));
}
