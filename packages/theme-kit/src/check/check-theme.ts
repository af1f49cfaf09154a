/**
 * `theme-kit check`: reads a theme directory into a {@link ThemeSnapshot} and runs the checks of
 * {@link checkSnapshot} on it. The config directory is validated as `theme-config validate` validates it:
 * what only the directory listing and the files' bytes show (unknown file names, unreadable files, bytes
 * that are not UTF-8) comes from there; everything else from the files' texts.
 */
import { validateConfigDir, type DiagnosticCode } from '@commerce-kit/theme-config';
import { readConfigTexts, readThemeDir } from '../theme/read.js';
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
  const [directory, configTexts] = await Promise.all([validateConfigDir(configDir), readConfigTexts(configDir)]);
  const diagnostics = directory.diagnostics.filter((d) => DIRECTORY_CODES.has(d.code));
  const snapshot: ThemeSnapshot = { root, configDir, files: contents.files, assets: contents.assets, configTexts };
  return checkThemeSnapshot(
    snapshot,
    { strict: options.strict },
    { diagnostics, skip: new Set(diagnostics.flatMap((d) => (d.file === undefined ? [] : [d.file]))) },
    contents.diagnostics,
  );
}
