/**
 * @commerce-kit/theme-config: types, JSON Schemas, precompiled validators and loading for the theme
 * kit's seven `*.stk.config.json` files. Mock data generation is the `/mock` subpath.
 *
 * @packageDocumentation
 */
export * from './generated/spec/index.js';
export type {
  BlockSettingsByType,
  DirectPropsByType,
  MisspelledProperty,
  NormalizedBlock,
  NormalizedByKind,
  NormalizedEditableRegion,
  NormalizedGridColumn,
  NormalizedPaginationConfig,
  NormalizedSettings,
  NormalizedStoreConfig,
  ThemeConfig,
  ThemeConfigInput,
} from './types.js';
export { ThemeConfigConfigurationError, ThemeConfigError } from './errors.js';
export { systemClock } from '@commerce-kit/internal/clock';
export type { Clock } from '@commerce-kit/internal/clock';
export { DIAGNOSTIC_CODES } from './diagnostics.js';
export type { Diagnostic, DiagnosticCode, Severity, ValidateOptions, ValidationResult } from './diagnostics.js';
export { CONFIG_FILE_SUFFIX, SCHEMA_BASE_URL, THEME_FILES, fileInfo, isConfigKind } from './files.js';
export type { ConfigKind, ConfigKindName, ThemeFileInfo } from './files.js';
export { validateConfig, validateConfigText } from './validate.js';
export type { ValidateValueOptions } from './validate.js';
export { loadConfigDir, normalizeConfig, validateConfigDir } from './dir.js';
export type { LoadResult } from './dir.js';
export { KNOWN_MENU_NAMES, PAGINATION_DEFAULTS } from './rules/files.js';
export { BLOCK_TYPES, ONLY_WHEN_RULES, SPELLING_ALIASES } from './rules/blocks.js';
export { SCHEMAS, VALIDATORS } from './schema/schemas.js';
export type { JsonSchema } from './schema/schemas.js';
export type { PrecompiledValidator, RawValidationError } from './generated/validators.js';
