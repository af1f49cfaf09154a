/**
 * Where the client-side rate limiter keeps its counts: a small, async-capable interface, so that
 * several processes can share one budget through a shared store (Redis, ...), and the in-memory store
 * every client uses by default.
 */
import { ApiClientConfigurationError } from '../errors/api-client-error.js';

/** What a client asks of a {@link RateLimitStore} before each request. */
export interface RateLimitRequest {
  /** Most request starts allowed for the key in any window of `windowMs` (the documented 200). */
  readonly limit: number;
  /** The window in milliseconds (the documented minute: 60 000). */
  readonly windowMs: number;
  /** The client's clock reading, in milliseconds since the epoch. */
  readonly now: number;
}

/**
 * The state of the rate limiter, per key (an account, or an access token). Implement it to share the
 * budget between processes; every method may answer synchronously or with a promise.
 *
 * A store must be atomic per key across everyone sharing it: two `take` calls never both get the
 * last slot. Times are the clients' clock readings (`now`); a store shared between machines may use
 * its own time source instead, as long as it uses it for every key.
 */
export interface RateLimitStore {
  /**
   * Takes a request slot for `key`. When `key` is not paused and fewer than `request.limit` starts are
   * recorded for it in `(now - windowMs - padding, now]`, records a start at `now` and answers `0`.
   * Otherwise records nothing and answers how many milliseconds to wait before asking again (more
   * than 0). `padding` is the store's own margin for the time a request spends between its start here
   * and its arrival at the platform (1 000 ms in the stores of commerce-kit; 0 counts starts only).
   */
  take(key: string, request: RateLimitRequest): number | Promise<number>;
  /**
   * Holds every request of `key` until `until` (milliseconds since the epoch): `take` answers a wait
   * until then. Called after a 429. Extends a pause, never shortens one.
   */
  pause(key: string, until: number): void | Promise<void>;
}

interface KeyState {
  /** Start times, oldest first; `head` is the first one still in use. */
  starts: number[];
  head: number;
  pausedUntil: number;
}

/** Keys are forgotten once idle; the table is swept when it has grown past this size. */
const SWEEP_AT = 1024;

/**
 * How long, by default, each request start keeps its slot beyond the window: 1 s, as in the Redis
 * store of `@commerce-kit/redis`. The platform counts a request when it arrives, a little after it
 * starts here; if one request spends longer on its way than the one `limit` starts after it (a new
 * TLS connection, a busy event loop), the two could land less than a window apart. The padding
 * absorbs that difference, at the cost of 1/60 of the budget with the documented one-minute window.
 */
const DEFAULT_WINDOW_PADDING_MS = 1000;

/** Options of {@link MemoryRateLimitStore}. */
export interface MemoryRateLimitStoreOptions {
  /**
   * Milliseconds each request start keeps its slot beyond the window: the most a request may spend
   * between its start and its arrival at the platform beyond what the others spend. Default 1 000.
   */
  readonly windowPaddingMs?: number | undefined;
}

/**
 * The default {@link RateLimitStore}: a sliding-window log per key, in this process's memory. Each
 * request start keeps its slot for the window plus a padding (`windowPaddingMs`, default 1 s), so at
 * most `limit` requests start in any window of `windowMs + windowPaddingMs`. As long as the times
 * requests spend on their way to the platform differ by at most the padding, they also arrive at most
 * `limit` to a window of `windowMs`, whether the platform counts in fixed or rolling windows. The same
 * window as the Redis store of `@commerce-kit/redis`, on the times the client gives (`request.now`).
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #keys = new Map<string, KeyState>();
  readonly #paddingMs: number;
  #sweepAt = SWEEP_AT;

  /** @throws {ApiClientConfigurationError} for options of the wrong type or a padding that is not an integer >= 0. */
  constructor(options: MemoryRateLimitStoreOptions = {}) {
    if (typeof options !== 'object' || options === null) {
      throw new ApiClientConfigurationError('MemoryRateLimitStore: options must be an object ({ windowPaddingMs? })');
    }
    const padding = options.windowPaddingMs ?? DEFAULT_WINDOW_PADDING_MS;
    if (typeof padding !== 'number' || !Number.isSafeInteger(padding) || padding < 0) {
      throw new ApiClientConfigurationError(
        `MemoryRateLimitStore: windowPaddingMs must be an integer >= 0 (got ${String(options.windowPaddingMs)})`,
      );
    }
    this.#paddingMs = padding;
  }

  take(key: string, request: RateLimitRequest): number {
    const { limit, now } = request;
    // How long a start holds its slot.
    const heldMs = request.windowMs + this.#paddingMs;
    let state = this.#keys.get(key);
    if (state === undefined) {
      if (this.#keys.size >= this.#sweepAt) this.#sweep(now, heldMs);
      state = { starts: [], head: 0, pausedUntil: 0 };
      this.#keys.set(key, state);
    }
    if (state.pausedUntil > now) return state.pausedUntil - now;
    if (!Number.isFinite(limit)) return 0;
    const { starts } = state;
    while (state.head < starts.length && (starts[state.head] ?? 0) <= now - heldMs) state.head++;
    if (state.head > 64 && state.head * 2 > starts.length) {
      starts.splice(0, state.head);
      state.head = 0;
    }
    const inWindow = starts.length - state.head;
    if (inWindow < limit) {
      starts.push(now);
      return 0;
    }
    // The start that must release its slot before one more fits.
    const leaving = starts[starts.length - limit] ?? now;
    return Math.max(1, leaving + heldMs - now);
  }

  pause(key: string, until: number): void {
    let state = this.#keys.get(key);
    if (state === undefined) {
      state = { starts: [], head: 0, pausedUntil: 0 };
      this.#keys.set(key, state);
    }
    state.pausedUntil = Math.max(state.pausedUntil, until);
  }

  /** Forgets every key. */
  clear(): void {
    this.#keys.clear();
    this.#sweepAt = SWEEP_AT;
  }

  /** Drops keys with no start holding a slot and no pause left (tokens that rotated away). */
  #sweep(now: number, heldMs: number): void {
    for (const [key, state] of this.#keys) {
      const last = state.starts[state.starts.length - 1];
      if (state.pausedUntil <= now && (last === undefined || last <= now - heldMs)) this.#keys.delete(key);
    }
    this.#sweepAt = Math.max(SWEEP_AT, this.#keys.size * 2);
  }
}

/** On `globalThis`, so the ESM and CJS builds of the package (or two bundles) share one store. */
const SHARED_STORE = Symbol.for('@commerce-kit/api-client:shared-rate-limit-store');

/** The process-wide store every client uses unless given another. */
export function sharedMemoryStore(): MemoryRateLimitStore {
  const holder = globalThis as { [SHARED_STORE]?: unknown };
  const existing = holder[SHARED_STORE];
  // Another copy of the package may have put its own class there: any object with these methods will do.
  if (
    typeof existing === 'object' &&
    existing !== null &&
    typeof (existing as MemoryRateLimitStore).take === 'function'
  ) {
    return existing as MemoryRateLimitStore;
  }
  const store = new MemoryRateLimitStore();
  holder[SHARED_STORE] = store;
  return store;
}
