/**
 * The package's errors: one branded base, so `instanceof` holds across the ESM and CJS copies of the
 * package; a configuration error for misuse; a render error carrying the diagnostics of what failed.
 */
import { BrandedError } from '@commerce-kit/internal/brand';
import type { ThemeDiagnostic } from './diagnostics.js';

/** Base of every error this package throws. */
export class ThemeKitError extends BrandedError {
  /** Brand checked by `instanceof` (survives two copies of the package in one process). */
  static override readonly brand: string = '@commerce-kit/theme-kit:ThemeKitError';
}

/** Misuse of the API, thrown where the bad value is given (an unknown option value, a bad `clock`). */
export class ThemeKitConfigurationError extends ThemeKitError {
  static override readonly brand: string = '@commerce-kit/theme-kit:ThemeKitConfigurationError';
}

/**
 * A page could not be rendered: a template that does not parse, a render error, a config that cannot
 * produce the mock store. `diagnostics` say where (file, line, column), as `theme-kit check` prints them.
 */
export class ThemeRenderError extends ThemeKitError {
  static override readonly brand: string = '@commerce-kit/theme-kit:ThemeRenderError';
  /** What failed, with file, line and column where known. */
  readonly diagnostics: readonly ThemeDiagnostic[];

  constructor(diagnostics: readonly ThemeDiagnostic[]) {
    const first = diagnostics[0];
    const where = first?.file === undefined ? '' : `${first.file}:${first.line ?? 1}:${first.column ?? 1}: `;
    super(
      `${where}${first?.message ?? 'the page could not be rendered'}${diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more)` : ''}`,
    );
    this.diagnostics = Object.freeze([...diagnostics]);
  }
}
