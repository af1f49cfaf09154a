/** How long `startPrism` waits for Prism's "listening" line by default. */
export declare const PRISM_READY_TIMEOUT_MS: number;
/** Path of the installed Prism CLI script (`@stoplight/prism-cli`, a root devDependency). */
export declare function resolvePrismCli(): string;
export interface PrismMock {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  readonly pid: number | undefined;
  /** Milliseconds from spawning Prism to its "listening" line. */
  readonly startupMs: number;
  /** Prism's last output lines (its request log included). */
  output(): string;
  /** Throws a clear error when Prism is no longer running. */
  assertRunning(): void;
  /** `fetch(url + path, init)`; a failure says whether Prism is still running. */
  fetch(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  /** Stops Prism (SIGTERM, then SIGKILL after a grace period) and waits until it has exited. */
  stop(): Promise<void>;
}
/**
 * Starts a Prism mock of `specFile` on 127.0.0.1 and a port the system picks. Resolves once Prism is
 * listening; rejects with Prism's last output if it exits first or stays silent for `readyTimeoutMs`.
 * `cli` and `args` replace the Prism CLI script and add arguments (the helper's own tests use them).
 */
export declare function startPrism(options: {
  specFile: string;
  cli?: string;
  args?: string[];
  readyTimeoutMs?: number;
}): Promise<PrismMock>;
/**
 * The Prism mock of a test file: started before its tests (vitest `beforeAll`), checked still running
 * after each test, stopped after them. `args` default to `['--errors']` (Prism also checks its own
 * answers against the response schemas). Use the returned mock inside tests and hooks only.
 */
export declare function usePrismMock(options: { specFile: string; args?: string[] }): PrismMock;
