/**
 * The one place that reads the theme kit's mock-data generator: products, categories and blog posts
 * of the seeded store come from it, so the sandbox and a theme preview show the same catalogue.
 */
import type { ThemeConfig } from '@commerce-kit/theme-config';
import { generateMockData } from '@commerce-kit/theme-config/mock';

/** What the sandbox takes from the mock store. */
export interface MockCatalogue {
  readonly categories: ReadonlyArray<{
    readonly title: string;
    readonly description: string;
    readonly featuredImage?: string | undefined;
    readonly items: ReadonlyArray<{
      readonly title: string;
      readonly description: string;
      readonly featuredImage?: string | undefined;
      readonly sku?: string | undefined;
      readonly currency?: string | undefined;
      readonly price: number;
      readonly quantity?: number | undefined;
    }>;
  }>;
  readonly articles: ReadonlyArray<{
    readonly title: string;
    readonly metaDescription: string;
    readonly content: string;
    readonly createdTime: string;
    readonly publishedTime: string;
    readonly featuredImage?: string | undefined;
    readonly tags: readonly string[];
  }>;
}

/** The mock store's catalogue for a seed, dated from `now`: a theme's (its config files, loaded), or the default store's. */
export function mockCatalogue(seed: number, now: string, config: ThemeConfig = {}): MockCatalogue {
  const mock = generateMockData(config, { seed, clock: now });
  return { categories: mock.categories, articles: mock.articles };
}
