/**
 * `@commerce-kit/theme-config/validate`: validation without Node built-ins or the mock generator, for
 * browsers and edge runtimes (the precompiled validators need no `eval`).
 *
 * @packageDocumentation
 */
export { validateConfig, validateConfigText } from './validate.js';
export type { ValidateValueOptions } from './validate.js';
export { DIAGNOSTIC_CODES } from './diagnostics.js';
export type { Diagnostic, DiagnosticCode, Severity, ValidateOptions, ValidationResult } from './diagnostics.js';
export { CONFIG_FILE_SUFFIX, SCHEMA_BASE_URL, THEME_FILES, fileInfo, isConfigKind } from './files.js';
export type { ConfigKind, ConfigKindName, ThemeFileInfo } from './files.js';
export { SCHEMAS, VALIDATORS } from './schema/schemas.js';
export type { JsonSchema } from './schema/schemas.js';
export type { PrecompiledValidator, RawValidationError } from './generated/validators.js';
