/**
 * The theme kit's diagnostic codes with their meanings (the CLI's report tool lists them). Apart from the
 * diagnostics' types because it reads the checks, which import those types.
 */
import { ALL_CHECKS } from './check/checks/index.js';
import type { ThemeDiagnosticCode } from './diagnostics.js';

// Typed by the codes the checks really have: a code of `CheckCode` without a check leaves its key out, and
// the assignment below fails to compile.
const checkCodes = Object.fromEntries(ALL_CHECKS.map((check) => [check.code, check.description])) as Record<
  (typeof ALL_CHECKS)[number]['code'],
  string
>;

/** Every code the theme kit adds to the config files' codes, with what it means: the checks' own, plus these. */
export const THEME_DIAGNOSTIC_CODES: Readonly<Record<ThemeDiagnosticCode, string>> = Object.freeze({
  'theme-dir-not-found': 'The theme directory does not exist or is not a directory.',
  'liquid-render':
    'A template that parses but fails while rendering (a missing snippet, a filter given a bad value, ...).',
  ...checkCodes,
});
