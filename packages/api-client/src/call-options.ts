/**
 * Options every call takes.
 */

/** Extra headers of a call, in any of the shapes `new Headers()` takes. */
export type CallHeaders = Readonly<Record<string, string>> | Headers | readonly (readonly [string, string])[];

/** Options that apply to any single call. */
export interface CallOptions {
  /** Aborts the call; the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
  /** Extra request headers: a record, a `Headers` or `[name, value]` pairs (cannot replace `Authorization` or `Accept`). */
  readonly headers?: CallHeaders | undefined;
  /**
   * Deadline of this call in ms (retries and waits included), instead of the client's `timeoutMs`;
   * for a list, of each page request. Passing it rejects with a `TimeoutError`.
   */
  readonly timeoutMs?: number | undefined;
}
