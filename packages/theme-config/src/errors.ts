/**
 * The package's errors: one branded base, so `instanceof` holds across the ESM and CJS copies of the
 * package, and a configuration error for misuse (a bad argument or option).
 */
import { BrandedError } from '@commerce-kit/internal/brand';

/** Base of every error this package throws. */
export class ThemeConfigError extends BrandedError {
  /** Brand checked by `instanceof` (survives two copies of the package in one process). */
  static override readonly brand: string = '@commerce-kit/theme-config:ThemeConfigError';
}

/**
 * Misuse of the API, thrown where the bad value is given: an unknown config kind, a `seed` that is not
 * a safe integer, a `clock` that is neither a clock nor a date.
 */
export class ThemeConfigConfigurationError extends ThemeConfigError {
  static override readonly brand: string = '@commerce-kit/theme-config:ThemeConfigConfigurationError';
}
