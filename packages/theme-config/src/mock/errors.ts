/** The typed error of the mock generator. */
import type { Diagnostic } from '../diagnostics.js';
import { ThemeConfigError } from '../errors.js';

/**
 * Thrown by `generateMockData` and the writers when the config cannot produce a mock store (for example
 * `currentPage` outside 1..numPages, or a category with a negative `numItems` and no `items`, in a config
 * that skipped validation). `diagnostics` has the same shape as validation's.
 */
export class MockConfigError extends ThemeConfigError {
  static override readonly brand: string = '@commerce-kit/theme-config:MockConfigError';

  /** What is wrong, one diagnostic each. */
  readonly diagnostics: readonly Diagnostic[];

  /**
   * @param message - one-line summary
   * @param diagnostics - the problems found
   */
  constructor(message: string, diagnostics: readonly Diagnostic[]) {
    super(message);
    this.diagnostics = Object.freeze([...diagnostics]);
  }
}
