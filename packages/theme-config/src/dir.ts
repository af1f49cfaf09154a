/** Config directories: finding the `*.stk.config.json` files, validating them all, and loading them. */
import type { Diagnostic, ValidateOptions, ValidationResult } from './diagnostics.js';
import { finishResult } from './diagnostics.js';
import { CONFIG_FILE_SUFFIX, THEME_FILES, fileInfo, type ConfigKind } from './files.js';
import type { JsonValue } from './json/parse.js';
import { normalizeFile } from './rules/files.js';
import { closest, didYouMean } from '@commerce-kit/internal/suggest';
import type { NormalizedConfig, ThemeConfig } from './types.js';
import { nodeRuntime } from './node-runtime.js';
import { analyzeSource } from './validate.js';
import { errnoCode } from '@commerce-kit/internal/errno';

/** What was found in a config directory. */
export interface DirAnalysis {
  /** Every diagnostic (not yet sorted or made strict). */
  diagnostics: Diagnostic[];
  /** The parsed value of each config file that was read. */
  values: Map<ConfigKind, JsonValue>;
  /** Paths of the config files that were read. */
  files: string[];
}

/**
 * File-level problems (unknown name, a directory, unreadable) point at the start of the file, so every
 * diagnostic of a directory has a line and column and the text report is always `file:line:column ...`.
 */
const atFileStart = (diagnostics: Diagnostic[]): Diagnostic[] =>
  diagnostics.map((d) => (d.line === undefined ? { ...d, line: 1, column: 1 } : d));

/** Reads and analyses every `*.stk.config.json` in `dir` (default: the current working directory). */
export async function analyzeDir(given?: string, menuNames?: Iterable<string>): Promise<DirAnalysis> {
  const { fs, path, cwd } = nodeRuntime('reading a theme directory');
  const dir = given === undefined ? cwd() : given;
  const diagnostics: Diagnostic[] = [];
  if (typeof dir !== 'string' || dir === '') {
    diagnostics.push({
      severity: 'error',
      code: 'config-dir-not-found',
      message: `the config directory must be a path (a non-empty string), got ${dir === '' ? 'an empty string' : typeof dir}`,
      pointer: '',
    });
    return { diagnostics: atFileStart(diagnostics), values: new Map(), files: [] };
  }
  const values = new Map<ConfigKind, JsonValue>();
  const files: string[] = [];
  let names: string[];
  try {
    const info = await fs.stat(dir);
    if (!info.isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    names = (await fs.readdir(dir)).sort();
  } catch (error) {
    const code = errnoCode(error);
    diagnostics.push({
      severity: 'error',
      code: 'config-dir-not-found',
      message:
        code === 'ENOENT' || code === 'ENOTDIR'
          ? `config directory \`${dir}\` does not exist or is not a directory`
          : `config directory \`${dir}\` could not be read (${code})`,
      pointer: '',
      file: dir,
    });
    return { diagnostics: atFileStart(diagnostics), values, files };
  }
  const configNames = names.filter((name) => name.toLowerCase().endsWith(CONFIG_FILE_SUFFIX));
  if (configNames.length === 0) {
    diagnostics.push({
      severity: 'warning',
      code: 'no-config-files',
      message: `no *.stk.config.json files in \`${dir}\`; the mock data will use defaults`,
      pointer: '',
      file: dir,
    });
  }
  for (const name of configNames) {
    const file = path.join(dir, name);
    const known = THEME_FILES.find((f) => f.fileName === name);
    if (!known) {
      const suggestion = closest(
        name,
        THEME_FILES.map((f) => f.fileName),
      );
      diagnostics.push({
        severity: 'error',
        code: 'unknown-file',
        message: `\`${name}\` is not one of the seven theme kit config files, so the theme kit ignores it`,
        pointer: '',
        file,
        ...(suggestion ? { suggestion: didYouMean(suggestion) } : {}),
      });
      continue;
    }
    let bytes: Uint8Array;
    try {
      const info = await fs.stat(file);
      if (!info.isFile()) {
        diagnostics.push({
          severity: 'error',
          code: 'not-a-file',
          message: `\`${name}\` is ${info.isDirectory() ? 'a directory' : 'not a regular file'}; it must be a JSON file`,
          pointer: '',
          file,
        });
        continue;
      }
      bytes = await fs.readFile(file);
    } catch (error) {
      diagnostics.push({
        severity: 'error',
        code: 'read-error',
        message: `\`${name}\` could not be read (${errnoCode(error)})`,
        pointer: '',
        file,
      });
      continue;
    }
    files.push(file);
    const analysis = analyzeSource(known.kind, bytes, menuNames);
    diagnostics.push(...analysis.diagnostics.map((d) => ({ ...d, file })));
    if (analysis.value !== undefined) values.set(known.kind, analysis.value);
  }
  return { diagnostics: atFileStart(diagnostics), values, files };
}

/**
 * Validates every `*.stk.config.json` file of a theme (or `--configDir`) directory. Missing files are
 * fine; unknown `*.stk.config.json` names, unreadable or malformed files are reported.
 * @param dir - the theme directory (default: the current working directory)
 * @throws {ThemeConfigConfigurationError} on a runtime without Node's file system (use `validateConfigText` there)
 * @example
 * ```ts
 * const { valid, diagnostics } = await validateConfigDir('./my-theme');
 * ```
 */
export async function validateConfigDir(dir?: string, options: ValidateOptions = {}): Promise<ValidationResult> {
  return finishResult((await analyzeDir(dir, options.menuNames)).diagnostics, options);
}

/** The result of {@link loadConfigDir}: the config when valid, the diagnostics always. */
export type LoadResult =
  | { valid: true; config: ThemeConfig; diagnostics: Diagnostic[] }
  | { valid: false; config?: undefined; diagnostics: Diagnostic[] };

/**
 * Loads a config directory into the typed, normalised {@link ThemeConfig}: one spelling
 * (`background_*`), block settings in `props.settings`, `previousTitle`/`nextTitle` defaulted.
 * @param dir - the theme directory (default: the current working directory)
 * @throws {ThemeConfigConfigurationError} on a runtime without Node's file system
 * @example
 * ```ts
 * const result = await loadConfigDir('./my-theme');
 * if (result.valid) console.log(result.config.pagination?.nextTitle); // "Next" unless set
 * ```
 */
export async function loadConfigDir(dir?: string, options: ValidateOptions = {}): Promise<LoadResult> {
  const analysis = await analyzeDir(dir, options.menuNames);
  const result = finishResult(analysis.diagnostics, options);
  if (!result.valid) return { valid: false, diagnostics: result.diagnostics };
  const config: ThemeConfig = {};
  for (const info of THEME_FILES) {
    const value = analysis.values.get(info.kind);
    if (value === undefined) continue;
    (config as Record<string, unknown>)[info.key] = normalizeFile(info.kind, value);
  }
  return { valid: true, config, diagnostics: result.diagnostics };
}

/**
 * Normalises one file's already-valid value (as {@link loadConfigDir} does for each file).
 * @example
 * ```ts
 * normalizeConfig('pagination', { numPages: 3, currentPage: 1 }); // { previousTitle: 'Previous', nextTitle: 'Next', numPages: 3, currentPage: 1 }
 * ```
 */
export function normalizeConfig<K extends ConfigKind>(kind: K, value: unknown): NormalizedConfig<K> {
  return normalizeFile(fileInfo(kind).kind, value as JsonValue) as NormalizedConfig<K>;
}
