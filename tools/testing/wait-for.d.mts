/** The default `timeoutMs` of {@link waitFor}: a bound for a condition that never holds. */
export declare const WAIT_FOR_TIMEOUT_MS: number;

export interface WaitForOptions {
  /** Give up after this long (default {@link WAIT_FOR_TIMEOUT_MS}). */
  readonly timeoutMs?: number | undefined;
  /** Ask again after this long (default 5 ms). */
  readonly intervalMs?: number | undefined;
  /** What was waited for, in the timeout's message (default: the condition's source). */
  readonly message?: string | (() => string | PromiseLike<string>) | undefined;
}

/** Resolves with the first truthy value of `condition`, polled; rejects after `timeoutMs`. */
export declare function waitFor<T>(
  condition: () => T | PromiseLike<T>,
  options?: WaitForOptions,
): Promise<Exclude<T, false | 0 | '' | null | undefined>>;
