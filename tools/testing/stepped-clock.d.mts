/** What a package's `ManualClock` offers that the stepped clock needs. */
export interface ManualClockLike {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  readonly pending: number;
  set(instant: Date | number | string): Promise<void>;
  advance(ms: number): Promise<void>;
}

/** A stepped clock: its `waits` (every `sleep(ms)`, in order) and the earliest deadline still waiting. */
export interface Stepped {
  readonly waits: number[];
  nextDue(): number | undefined;
}

/** A subclass of a package's `ManualClock` that records each wait and knows the next sleeper's deadline. */
export declare function stepped<T extends ManualClockLike, A extends unknown[]>(
  ManualClock: new (...args: A) => T,
): new (
  ...args: A
) => T & Stepped;

/** A call to start when the clock reads `at`. */
export interface ScheduledCall<T> {
  readonly at: number;
  readonly run: () => Promise<T>;
}

/** Starts each call when the clock reaches its `at` and moves the clock until all have settled. */
export declare function runOnClock<T>(
  clock: ManualClockLike & Stepped,
  calls: readonly ScheduledCall<T>[],
): Promise<PromiseSettledResult<T>[]>;

/** Awaits `work` while moving each clock to its next deadline whenever something sleeps on it. */
export declare function drive<T>(work: Promise<T>, ...clocks: (ManualClockLike & Stepped)[]): Promise<T>;
