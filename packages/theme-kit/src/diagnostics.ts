/**
 * Diagnostics of a theme: the config files' (from `@commerce-kit/theme-config`, same shape and codes)
 * and the theme kit's own, about templates and how they meet the config. Types only: the checks, the parser
 * and the renderer report these, so this module imports none of them (the codes' meanings, read from the
 * checks, are in `diagnostic-codes.ts`).
 */
import type { Diagnostic, DiagnosticCode } from '@commerce-kit/theme-config';
import type { CheckCode } from './check/checks/codes.js';

/** A code of the theme kit's own diagnostics (the README lists each one with its meaning). */
export type ThemeDiagnosticCode = 'theme-dir-not-found' | 'liquid-render' | CheckCode;

/**
 * One problem in a theme: the shape of the config files' diagnostics (`severity`, `code`, `message`,
 * `pointer`, `file`, `line`, `column`, `suggestion`), with the theme kit's codes too. `pointer` is the
 * JSON Pointer inside a config file (`""` for templates).
 */
export interface ThemeDiagnostic extends Omit<Diagnostic, 'code'> {
  /** Stable machine-readable code: a config file code or one of the theme kit's own ({@link ThemeDiagnosticCode}). */
  code: DiagnosticCode | ThemeDiagnosticCode;
  /** 1-based line where the span at fault ends (exclusive, with {@link ThemeDiagnostic.endColumn}). */
  endLine?: number;
  /** 1-based column where the span at fault ends (exclusive): the name or token the diagnostic is about. */
  endColumn?: number;
  /** Ways to fix it, as edits (`theme-kit check --fix` applies the `safe` ones; editors offer them all). */
  fixes?: readonly ThemeFix[];
}

/**
 * A replacement of a span of one file's text: 1-based lines and columns, end exclusive. (A type alias, so
 * that declarations can write out `ThemeDiagnostic['fixes']` without an export of its own.)
 */
export type ThemeTextEdit = {
  /** The file, as diagnostics name it. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  /** The text that replaces the span (an insertion when the span is empty). */
  readonly newText: string;
};

/** A fix of a {@link ThemeDiagnostic}: edits of existing files, and files to create. */
export type ThemeFix = {
  /** What it does, for people (`replace with \`product\``, `create snippets/card.liquid`). */
  readonly title: string;
  /** Edits of existing files (applied together). */
  readonly edits: readonly ThemeTextEdit[];
  /** Files to create, with their text (the path as diagnostics name files). */
  readonly createFiles?: readonly { readonly file: string; readonly text: string }[];
  /** True when it can be applied without asking (one clear candidate): `theme-kit check --fix` applies these. */
  readonly safe: boolean;
};
