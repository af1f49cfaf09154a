/**
 * The codes of the checks, written out apart from the checks: the diagnostics' type names them, and the
 * checks report diagnostics, so the list the diagnostics import must not import the checks. `ALL_CHECKS`
 * (`./index.ts`) may hold only these codes, and `THEME_DIAGNOSTIC_CODES` (`../../diagnostic-codes.ts`) a
 * meaning for each, so the compiler keeps this list and the checks the same.
 */
export type CheckCode =
  | 'liquid-syntax'
  | 'missing-template'
  | 'missing-snippet'
  | 'unknown-region'
  | 'unconfigured-region'
  | 'unknown-menu'
  | 'unused-menu'
  | 'unknown-object'
  | 'unknown-filter'
  | 'unknown-tag'
  | 'not-analysed';
