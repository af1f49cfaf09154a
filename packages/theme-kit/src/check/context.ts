/**
 * What every check of one run shares: each Liquid source parsed once, what the sources use, the config
 * values, and the static analysis of the objects. A check reads it and reports; it never parses. Types
 * only: the checks and their helpers (`place.ts`, `fixes.ts`) import it, and `create-context.ts`, which
 * builds it with the parser and those helpers, is above them.
 */
import type { Variable } from 'liquidjs';
import type { ThemeDiagnostic } from '../diagnostics.js';
import type { ThemeRenderer } from '../render/renderer.js';
import type { ThemeSnapshot } from '../workspace/snapshot.js';
import type { ConfigValues } from './config-values.js';
import type { ParsedLiquid } from './parse.js';
import type { Positions, Span } from './positions.js';
import type { Use } from './walk.js';

/** Where a diagnostic points: a file, a position, a JSON Pointer, and the span's end when known. */
export interface Location {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly pointer: string;
  readonly endLine?: number;
  readonly endColumn?: number;
}

/** One Liquid source: a file of the theme, or a region's `rawMarkup` (Liquid inside a JSON string). */
export interface LiquidSource {
  /** The theme-relative path of a file (`templates/index.liquid`); undefined for a `rawMarkup`. */
  readonly relative: string | undefined;
  /** The file as diagnostics name it (the config file for a `rawMarkup`). */
  readonly file: string;
  /** `""` for a file, the JSON Pointer of the string for a `rawMarkup`. */
  readonly pointer: string;
  readonly parsed: ParsedLiquid;
  /** Where a position of the source stands, as a diagnostic's location. */
  locate(line: number, column: number): Location;
  /** A span of the source as a location with its end; fixes only for Liquid files (`editable`). */
  locateSpan(span: Span): Location;
  /** Whether the source's spans are the file's spans (a Liquid file): replacements can be offered. */
  readonly editable: boolean;
}

/** The static analysis of one page, layout, block template or `rawMarkup` (with the snippets it renders). */
export interface ObjectAnalysis {
  readonly source: LiquidSource;
  /** The objects it may use without assigning them. */
  readonly known: ReadonlySet<string>;
  /** Names used without being assigned, with where (LiquidJS's `globals`); undefined when not analysed. */
  readonly globals: ReadonlyArray<readonly [string, readonly Variable[]]> | undefined;
  /** Uses of `menus`. */
  readonly menus: readonly Variable[];
  /** True when the snippets it renders could not be followed (one is missing or does not parse). */
  readonly partial: boolean;
}

/** The menus the templates use. */
export interface MenuUses {
  /** By name, where first used. */
  readonly used: ReadonlyMap<string, Use>;
  /** True when any menu may be used (`menus[variable]`, `for m in menus`, a snippet not followed). */
  readonly dynamic: boolean;
}

/** Everything a check reads. */
export interface CheckContext {
  readonly snapshot: ThemeSnapshot;
  readonly renderer: ThemeRenderer;
  readonly positions: Positions;
  readonly values: ConfigValues;
  /** Every Liquid file (sorted by path), then every `rawMarkup`. */
  readonly sources: readonly LiquidSource[];
  /** Snippet names (`snippets/<name>.liquid`). */
  readonly snippets: readonly string[];
  /** Template names (`templates/<name>.liquid`). */
  readonly templateNames: readonly string[];
  /** True when a source did not parse or was not analysed: what it uses is unknown. */
  readonly incomplete: boolean;
  /** True when an `editable_region` tag has a computed name. */
  readonly dynamicRegions: boolean;
  /** The names some `render` of a snippet defines in it (snippet name -> names). */
  readonly snippetScopes: ReadonlyMap<string, ReadonlySet<string>>;
  /** The static analyses (computed on first use, cached across runs). */
  objectAnalyses(): readonly ObjectAnalysis[];
  /** The menus used (computed on first use). */
  menus(): MenuUses;
  /** A theme-relative path as diagnostics name it. */
  inTheme(relative: string): string;
  /** The text of a file as diagnostics name it (a Liquid file or a config file). */
  textOf(file: string): string | undefined;
  report(diagnostic: ThemeDiagnostic): void;
}
