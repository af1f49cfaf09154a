/**
 * @commerce-kit/theme-kit: render and preview store themes locally. Liquid templates (LiquidJS) with the
 * mock store the theme kit's config files define, a live-reloading dev server, checks between the config
 * and the templates, and static export.
 *
 * @packageDocumentation
 */
// The template contract: the three contexts templates see, and their drops (exported so that a user's
// declarations can name them).
export type {
  ArticleDrop,
  BlockContext,
  BlockDrop,
  BlockSettingsDrop,
  CategoryDrop,
  GridColumnDrop,
  LayoutContext,
  LinkDrop,
  MenuDrop,
  PageDrop,
  ProductDrop,
  RequestDrop,
  RouteKind,
  StoreDrop,
  ThemeContext,
} from './generated/context.js';
export { openTheme } from './theme/open.js';
export type { Theme, ThemeOptions } from './theme/open.js';
export { startDevServer } from './server/dev-server.js';
export type { DevServer, DevServerEvent, DevServerOptions } from './server/dev-server.js';
export { checkTheme } from './check/check-theme.js';
export type { CheckThemeOptions, CheckThemeResult } from './check/check-theme.js';
export { ThemeRenderer } from './render/renderer.js';
export type { RenderedPage, ThemeRendererOptions } from './render/renderer.js';
export { createThemeData } from './context/build.js';
export type { RegionData, ThemeData, ThemeDataOptions } from './context/build.js';
export type { StoreCatalogue } from './context/catalogue.js';
export type { ThemeFiles } from './theme/files.js';
export type { ThemeDiagnostic, ThemeDiagnosticCode } from './diagnostics.js';
export { ThemeKitConfigurationError, ThemeKitError, ThemeRenderError } from './errors.js';
export { systemClock } from '@commerce-kit/internal/clock';
export type { Clock } from '@commerce-kit/internal/clock';
