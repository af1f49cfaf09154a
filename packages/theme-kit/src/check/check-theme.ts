/**
 * `theme-kit check`: reads a theme directory into a {@link ThemeSnapshot} and runs the checks of
 * {@link checkSnapshot} on it. The config directory is validated as `theme-config validate` validates it:
 * what only the directory listing and the files' bytes show (unknown file names, unreadable files, bytes
 * that are not UTF-8) comes from there; everything else from the files' texts.
 */
import { readdir } from 'node:fs/promises';
import { THEME_FILES, validateConfigDir, type DiagnosticCode } from '@commerce-kit/theme-config';
import { type ConfigText, readConfigTexts, readThemeDir } from '../theme/read.js';
import type { ThemeSnapshot } from '../workspace/snapshot.js';
import { checkThemeSnapshot, type CheckThemeResult } from './run.js';

export type { CheckThemeResult } from './run.js';

/** Options of {@link checkTheme}. */
export interface CheckThemeOptions {
  /** The theme directory (default: the current directory). */
  readonly theme?: string | undefined;
  /** Directory of the config files (default: the theme directory). */
  readonly configDir?: string | undefined;
  /** Warnings count as errors. */
  readonly strict?: boolean | undefined;
}

/** The config directory's diagnostics that its texts alone cannot give. */
const DIRECTORY_CODES: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  'config-dir-not-found',
  'no-config-files',
  'unknown-file',
  'not-a-file',
  'read-error',
  'invalid-encoding',
]);

/** How theme-config recognises a config file by its name (any case). */
const CONFIG_SUFFIX = '.stk.config.json';
const KNOWN_NAMES: ReadonlySet<string> = new Set(THEME_FILES.map((f) => f.fileName));

/**
 * Whether the config directory lists nothing but known config files, each read as UTF-8 text: then it holds
 * none of the problems only its listing and bytes show, and theme-config's directory validation (which
 * validates every file again) has nothing to add to the texts' own validation. Anything else (no directory,
 * an unknown or miscased name, a folder or an unreadable file, a NUL or a replacement character, which
 * UTF-16 or bytes that are not UTF-8 leave) is left to it.
 */
async function plainConfigDir(configDir: string, texts: ReadonlyMap<string, ConfigText>): Promise<boolean> {
  const names = await readdir(configDir).catch(() => undefined);
  if (names === undefined) return false;
  for (const name of names) {
    if (!name.toLowerCase().endsWith(CONFIG_SUFFIX)) continue;
    if (!KNOWN_NAMES.has(name) || !texts.has(name)) return false;
  }
  for (const { text } of texts.values()) if (text.includes('\u0000') || text.includes('\uFFFD')) return false;
  return true;
}

/**
 * Checks a theme: its config files (as `theme-config validate`) and how its templates meet them.
 * @example
 * ```ts
 * const { valid, diagnostics } = await checkTheme({ theme: './my-theme' });
 * ```
 */
export async function checkTheme(options: CheckThemeOptions = {}): Promise<CheckThemeResult> {
  const root = options.theme ?? '.';
  const configDir = options.configDir ?? root;
  const contents = await readThemeDir(root);
  if (contents.diagnostics.some((d) => d.code === 'theme-dir-not-found')) {
    return {
      valid: false,
      diagnostics: contents.diagnostics.map((d) =>
        options.strict === true && d.severity === 'warning' ? { ...d, severity: 'error' } : d,
      ),
      files: 0,
    };
  }
  const configTexts = await readConfigTexts(configDir);
  const snapshot: ThemeSnapshot = { root, configDir, files: contents.files, assets: contents.assets, configTexts };
  // The snapshot's own guess (no config files at all) is theme-config's word for a plain directory.
  if (await plainConfigDir(configDir, configTexts))
    return checkThemeSnapshot(snapshot, { strict: options.strict }, undefined, contents.diagnostics);
  const directory = await validateConfigDir(configDir);
  const diagnostics = directory.diagnostics.filter((d) => DIRECTORY_CODES.has(d.code));
  return checkThemeSnapshot(
    snapshot,
    { strict: options.strict },
    { diagnostics, skip: new Set(diagnostics.flatMap((d) => (d.file === undefined ? [] : [d.file]))) },
    contents.diagnostics,
  );
}
