/** `generateMockData`: the complete mock store from a loaded theme config. */
import type { Diagnostic } from '../diagnostics.js';
import type { MockCategory, MockData } from '../generated/spec/mock-data.js';
import { THEME_FILES } from '../files.js';
import type { JsonValue } from '../json/parse.js';
import { normalizeFile } from '../rules/files.js';
import type { ThemeConfig, ThemeConfigInput } from '../types.js';
import { buildArticles, checkArticles } from './articles.js';
import { buildEditableRegions } from './blocks.js';
import { CategorySource } from './categories.js';
import { createContext, SECTION } from './context.js';
import { MockConfigError } from './errors.js';
import { LazyJsonArray } from './json-stream.js';
import { DEFAULT_LANGUAGE, mockLocale } from './locale.js';
import { buildMenus, buildPaginator, checkPagination, defaultMenus } from './navigation.js';
import { resolveOptions, type MockOptions } from './options.js';
import { buildPage, buildStore, storeCurrency } from './store.js';

/** How many categories the default main menu's "Shop" link lists. */
const MENU_CATEGORY_LINKS = 5;

/** Each present part normalised as {@link loadConfigDir} does (one spelling, settings in `props.settings`, defaults). */
function normalizeThemeConfig(input: ThemeConfig | ThemeConfigInput): ThemeConfig {
  const config: Record<string, unknown> = {};
  for (const info of THEME_FILES) {
    const value = (input as Record<string, unknown>)[info.key];
    if (value !== undefined) config[info.key] = normalizeFile(info.kind, value as JsonValue);
  }
  return config as ThemeConfig;
}

/** Categories with `items` omitted need a `numItems` that can be generated. */
function checkCategories(config: ThemeConfig): Diagnostic[] {
  const out: Diagnostic[] = [];
  config.categories?.forEach((category, index) => {
    if (category.items === undefined && !(Number.isSafeInteger(category.numItems) && category.numItems >= 0)) {
      out.push({
        severity: 'error',
        code: 'out-of-range',
        file: 'categories.stk.config.json',
        pointer: `/${index}/numItems`,
        message: `numItems must be a whole number of 0 or more to generate the items, got ${String(category.numItems)}`,
      });
    }
  });
  return out;
}

/**
 * Everything but the categories built, and the categories ready to be produced one at a time. Shared by
 * {@link generateMockData} (which materialises them) and the streaming writer (which does not).
 * @internal
 */
export function planMockData(
  input: ThemeConfig | ThemeConfigInput,
  options: MockOptions,
): Omit<MockData, 'categories'> & { categories: LazyJsonArray<MockCategory> } {
  const resolved = resolveOptions(options);
  // Own copy: the output never shares objects with the caller's config, and later edits cannot reach it.
  // Normalising (idempotent on a loaded config) lets callers pass the files' contents as written too.
  const config = normalizeThemeConfig(structuredClone(input ?? {})); // `?? {}`: JS callers may pass nothing
  const problems = [...checkPagination(config.pagination), ...checkCategories(config), ...checkArticles(config.blog)];
  if (problems.length > 0) {
    throw new MockConfigError(
      `the config cannot produce mock data: ${problems[0]!.message}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`,
      problems,
    );
  }
  const ctx = createContext(resolved, config.store?.language ?? DEFAULT_LANGUAGE, storeCurrency(config.store));
  const { faker } = ctx;

  ctx.reseed(faker, SECTION.STORE);
  const store = buildStore(faker, config.store);
  ctx.reseed(faker, SECTION.PAGE);
  const page = buildPage(config.page, store);
  ctx.reseed(faker, SECTION.ARTICLES);
  const articles = buildArticles(faker, ctx, config.blog);
  const categories = new CategorySource(config.categories, ctx);
  const editableRegions = buildEditableRegions(config.editableRegions, ctx, categories);
  ctx.reseed(faker, SECTION.MENUS);
  const titles = Array.from({ length: Math.min(MENU_CATEGORY_LINKS, categories.length) }, (_, i) =>
    categories.titleAt(i),
  );
  const menus = buildMenus(config.menus ?? defaultMenus(titles));
  const paginator = buildPaginator(config.pagination);
  return {
    store,
    page,
    articles,
    categories: new LazyJsonArray(() => categories),
    editableRegions,
    menus,
    paginator,
    mockLocale: mockLocale(config.store?.language ?? DEFAULT_LANGUAGE),
  };
}

/**
 * Generates the complete mock store a theme renders from a loaded {@link ThemeConfig} (see
 * `loadConfigDir`), or from the files' contents as written ({@link ThemeConfigInput}, normalised the
 * same way; it is not validated here, so validate it first): configured values are kept exactly, everything missing is generated with a
 * seeded, localised fake-data generator. Deterministic: the same config, `seed` and `now` give the
 * same output; another seed changes the generated parts.
 *
 * @throws {MockConfigError} when the config cannot produce mock data (e.g. `currentPage` outside
 * 1..numPages in a config that skipped validation) or the options are invalid.
 * @example
 * ```ts
 * import { loadConfigDir } from '@commerce-kit/theme-config';
 * import { generateMockData } from '@commerce-kit/theme-config/mock';
 *
 * const loaded = await loadConfigDir('./my-theme');
 * if (loaded.valid) {
 *   const mock = generateMockData(loaded.config, { seed: 42, clock: '2024-06-01T00:00:00Z' });
 *   console.log(mock.store.storeName, mock.categories[0]?.items.length);
 * }
 * ```
 */
export function generateMockData(config: ThemeConfig | ThemeConfigInput, options: MockOptions): MockData {
  const plan = planMockData(config, options);
  return { ...plan, categories: Array.from(plan.categories) };
}
