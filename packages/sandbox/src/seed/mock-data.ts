/**
 * The one place that reads the theme kit's mock-data generator: products, categories and blog posts
 * of the seeded store come from it, so the sandbox and a theme preview show the same catalogue.
 */
import type { ThemeConfig } from '@commerce-kit/theme-config';
import { generateMockData, type MockArticle, type MockCategory } from '@commerce-kit/theme-config/mock';

/**
 * What the sandbox takes from the mock store: its categories (with their products) and articles, in the
 * theme kit's types (the generated codec maps them to the API's fields).
 */
export interface MockCatalogue {
  readonly categories: readonly MockCategory[];
  readonly articles: readonly MockArticle[];
}

/** The mock store's catalogue for a seed, dated from `now`: a theme's (its config files, loaded), or the default store's. */
export function mockCatalogue(seed: number, now: string, config: ThemeConfig = {}): MockCatalogue {
  const mock = generateMockData(config, { seed, clock: now });
  return { categories: mock.categories, articles: mock.articles };
}
