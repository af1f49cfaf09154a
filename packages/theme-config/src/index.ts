/**
 * @commerce-kit/theme-config: types, JSON Schemas, precompiled validators and loading for the theme
 * kit's seven `*.stk.config.json` files. Mock data generation is the `/mock` subpath.
 *
 * @packageDocumentation
 */
export {
  EBlockAlignment,
  EBlockBackgroundImageMode,
  EBlockBackgroundType,
  EBlockHeight,
  EBlockStyle,
  EBlockType,
  EBlockVerticalAlignment,
  EButtonAction,
  EImageCombinationBlockBackgroundType,
  EImagePosition,
  ESocialFeedBlockType,
  ESocialIconSize,
  EStoreLanguage,
  EVideoType,
} from './generated/spec/enums.js';
export type {
  Block,
  BlockSettings,
  ConfigFile,
  NormalizedBlock,
  NormalizedConfig,
  ThemeConfig,
  ThemeConfigInput,
} from './types.js';
export { ThemeConfigConfigurationError, ThemeConfigError } from './errors.js';
export { systemClock } from '@commerce-kit/internal/clock';
export type { Clock } from '@commerce-kit/internal/clock';
export { DIAGNOSTIC_CODES } from './diagnostics.js';
// The loaded config's parts, so that a user's declarations can name what `loadConfigDir(…).config` holds.
export type {
  IArticleConfig,
  ICategoryConfig,
  IMenuConfig,
  IMenuLink,
  IPageConfig,
  IPaginationConfig,
  IProductConfig,
  IStoreConfig,
} from './generated/spec/index.js';
export type { Diagnostic, DiagnosticCode, ValidateOptions, ValidationResult } from './diagnostics.js';
export { SCHEMA_BASE_URL, THEME_FILES } from './files.js';
export type { ConfigKind } from './files.js';
export { validateConfig, validateConfigText } from './validate.js';
export { loadConfigDir, normalizeConfig, validateConfigDir } from './dir.js';
