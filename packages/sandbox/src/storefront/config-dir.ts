/**
 * A theme's config files, read for seeding (`configDir`, by default the `theme` directory): the sandbox's
 * products, categories and blog posts are then that theme's mock store (its configured categories with their
 * items, its blog), so the API and the storefront hold what the theme was made to show.
 */
import type { ThemeConfig } from '@commerce-kit/theme-config';
import { SandboxStartError } from '../errors.js';
import { diagnosticLine } from './diagnostic-line.js';

/**
 * Loads and validates the `*.stk.config.json` files of `dir` (warnings allowed, as `theme-kit dev` allows them).
 * @throws {SandboxStartError} when a file is invalid, naming the first problem
 */
export async function loadSeedConfig(dir: string): Promise<ThemeConfig> {
  const { loadConfigDir } = await import('@commerce-kit/theme-config');
  const loaded = await loadConfigDir(dir);
  if (loaded.valid) return loaded.config;
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more; \`theme-kit check\` lists them)` : '';
  throw new SandboxStartError(
    `the theme config in ${dir} cannot seed the store: ${errors[0] === undefined ? 'it is invalid' : diagnosticLine(errors[0])}${more}`,
  );
}
