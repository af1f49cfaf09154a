/** The typed error of the mock generator. */
import type { Diagnostic } from '../diagnostics.js';

/**
 * Thrown by {@link generateMockData} when the config or the options cannot produce a mock store (for
 * example `currentPage` outside 1..numPages in a config that skipped validation, or a non-integer seed).
 * `diagnostics` has the same shape as validation's.
 */
export class MockConfigError extends Error {
  /** What is wrong, one diagnostic each. */
  readonly diagnostics: readonly Diagnostic[];

  /**
   * @param message one-line summary
   * @param diagnostics the problems found
   */
  constructor(message: string, diagnostics: readonly Diagnostic[]) {
    super(message);
    this.name = 'MockConfigError';
    this.diagnostics = Object.freeze([...diagnostics]);
  }
}
