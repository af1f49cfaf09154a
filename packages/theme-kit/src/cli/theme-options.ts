/** The options every theme command shares: where the theme and its config are, and how the mock store is made. */
import path from 'node:path';
import { integerValue, stringValue } from '@commerce-kit/internal/cli/args';
import { UsageError, type CliIO } from '@commerce-kit/internal/cli/io';
import { EStoreLanguage } from '@commerce-kit/theme-config';
import type { ThemeOptions } from '../theme/open.js';

/** `--theme`, `--configDir`, `--seed`, `--language` as `parseArgs` options. */
export const THEME_OPTIONS = {
  theme: { type: 'string' },
  configDir: { type: 'string' },
  seed: { type: 'string' },
  language: { type: 'string' },
} as const;

/** `--theme` and `--configDir` only (for commands that make no mock store). */
export const THEME_DIR_OPTIONS = { theme: THEME_OPTIONS.theme, configDir: THEME_OPTIONS.configDir } as const;

/** The `--help` lines of {@link THEME_DIR_OPTIONS}. */
export const THEME_DIR_HELP: readonly string[] = [
  '  --theme DIR       the theme directory (default: the current directory)',
  '  --configDir DIR   directory of the *.stk.config.json files (default: the theme directory)',
];

/** The `--help` lines of {@link THEME_OPTIONS}. */
export const THEME_HELP: readonly string[] = [
  ...THEME_DIR_HELP,
  '  --seed N          seed of the generated mock data (default: 1); another seed, other products',
  `  --language CODE   render the store in another language: ${Object.values(EStoreLanguage).join(', ')}`,
];

const nonEmpty = (values: Record<string, string | boolean | undefined>, name: string): string | undefined => {
  const value = stringValue(values, name);
  if (value === '') throw new UsageError(`--${name} needs a directory`);
  return value;
};

/** The theme and config directories, resolved against the current directory. */
export function readThemeDirs(
  values: Record<string, string | boolean | undefined>,
  io: CliIO,
): { theme: string; configDir: string } {
  const theme = path.resolve(io.cwd, nonEmpty(values, 'theme') ?? '.');
  const configDir = nonEmpty(values, 'configDir');
  return { theme, configDir: configDir === undefined ? theme : path.resolve(io.cwd, configDir) };
}

/** Every theme option, checked: a bad `--seed` or `--language` is a usage error naming the flag. */
export function readThemeOptions(
  values: Record<string, string | boolean | undefined>,
  io: CliIO,
): ThemeOptions & { theme: string; configDir: string } {
  const language = stringValue(values, 'language');
  const languages: readonly string[] = Object.values(EStoreLanguage);
  if (language !== undefined && !languages.includes(language)) {
    throw new UsageError(`--language must be one of ${languages.join(', ')}, not ${JSON.stringify(language)}`);
  }
  return {
    ...readThemeDirs(values, io),
    seed: integerValue(values, 'seed') ?? 1,
    language: language as EStoreLanguage | undefined,
  };
}

/** A path as the user reads it: relative to where the command runs. */
export function shown(io: CliIO, file: string): string {
  return path.isAbsolute(file) ? path.relative(io.cwd, file) || '.' : file;
}
