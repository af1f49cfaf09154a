/**
 * The one place that reads the theme kit's mock-data generator: products, categories and blog posts
 * of the seeded store come from it, so the sandbox and a theme preview show the same catalogue.
 */
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

/** The default store's mock data (no theme config) for a seed, dated from `now`. */
export function mockCatalogue(seed: number, now: string): MockCatalogue {
  const mock = generateMockData({}, { seed, clock: now });
  return { categories: mock.categories, articles: mock.articles };
}
