/**
 * The package's errors: one branded base, so `instanceof` holds across the ESM and CJS copies of the
 * package, and a configuration error for misuse (a bad argument or option).
 */
import { hasBrand, stampBrands } from '@commerce-kit/internal/brand';

/** Base of every error this package throws. */
export class ThemeConfigError extends Error {
  /** Brand checked by `instanceof` (survives two copies of the package in one process). */
  static readonly brand: string = '@commerce-kit/theme-config:ThemeConfigError';

  static override [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(this, value);
  }

  /**
   * @param message - one-line explanation
   * @param options - the underlying `cause`, if any
   */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    stampBrands(this, new.target);
  }
}

/**
 * Misuse of the API, thrown where the bad value is given: an unknown config kind, a `seed` that is not
 * a safe integer, a `clock` that is neither a clock nor a date.
 */
export class ThemeConfigConfigurationError extends ThemeConfigError {
  static override readonly brand: string = '@commerce-kit/theme-config:ThemeConfigConfigurationError';
}
