/**
 * "After the acknowledgement": the handler must not start `onEvent` until the adapter has handed
 * the 200 to the server, or a handler that does synchronous work before its first `await` would
 * hold the response back (and past the platform's ten seconds if that work is long). A macrotask
 * runs after the microtasks in which the adapters send their response.
 * @internal
 */

type Schedule = (callback: () => void) => void;

// Captured when the module loads, so fake timers installed later by a test (`vi.useFakeTimers()`)
// cannot freeze processing: `drain()` keeps working in such tests without advancing timers.
const realSetImmediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
const realSetTimeout = (globalThis as { setTimeout?: (callback: () => void, ms: number) => unknown }).setTimeout;

const schedule: Schedule =
  typeof realSetImmediate === 'function'
    ? (callback) => void realSetImmediate.call(globalThis, callback)
    : typeof realSetTimeout === 'function'
      ? (callback) => void realSetTimeout.call(globalThis, callback, 0)
      : (callback) => void Promise.resolve().then(callback);

/** Resolves in a later macrotask (after any response sent in the current one). @internal */
export function afterAcknowledgement(): Promise<void> {
  return new Promise((resolve) => schedule(resolve));
}
