/**
 * Diagnostics of a theme: the config files' (from `@commerce-kit/theme-config`, same shape and codes)
 * and the theme kit's own, about templates and how they meet the config.
 */
import type { Diagnostic, DiagnosticCode } from '@commerce-kit/theme-config';

/** Every code the theme kit adds to the config files' codes, with what it means. */
export const THEME_DIAGNOSTIC_CODES = {
  'theme-dir-not-found': 'The theme directory does not exist or is not a directory.',
  'liquid-syntax': 'A template, layout, snippet, block template or rawMarkup that does not parse as Liquid.',
  'liquid-render':
    'A template that parses but fails while rendering (a missing snippet, a filter given a bad value, ...).',
  'missing-template': '`page.template` (or a route) names no file in `templates/`.',
  'missing-snippet': 'A `render` tag names no file in `snippets/`.',
  'unknown-region': 'A configured `regionName` that no `editable_region` tag of the templates and snippets renders.',
  'unconfigured-region': 'An `editable_region` tag whose name has no entry in `editable-regions.stk.config.json`.',
  'unknown-menu': 'A menu the templates use that `menus.stk.config.json` does not configure.',
  'unused-menu': 'A configured menu no template uses.',
  'unknown-object': 'A variable that is none of the objects templates see, nor assigned by the template.',
  'unknown-filter': 'A filter the renderer does not have (error), or one outside the template contract (warning).',
  'unknown-tag': 'A tag the renderer does not have (error), or one outside the template contract (warning).',
} as const;

/** A code of the theme kit's own diagnostics (see {@link THEME_DIAGNOSTIC_CODES}). */
export type ThemeDiagnosticCode = keyof typeof THEME_DIAGNOSTIC_CODES;

/**
 * One problem in a theme: the shape of the config files' diagnostics (`severity`, `code`, `message`,
 * `pointer`, `file`, `line`, `column`, `suggestion`), with the theme kit's codes too. `pointer` is the
 * JSON Pointer inside a config file (`""` for templates).
 */
export interface ThemeDiagnostic extends Omit<Diagnostic, 'code'> {
  /** Stable machine-readable code: a config file code or one of {@link THEME_DIAGNOSTIC_CODES}. */
  code: DiagnosticCode | ThemeDiagnosticCode;
}
