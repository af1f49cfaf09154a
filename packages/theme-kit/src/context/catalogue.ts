/**
 * The store's catalogue (products, categories, blog articles) from a source of the caller's own instead
 * of the mock generator: a database, an API, a local sandbox of the platform. The rest of the store
 * (store, page, menus, regions, paginator) still comes from the config files.
 */
import type { ThemeConfig } from '@commerce-kit/theme-config';
import type { MockArticle, MockCategory, MockProduct } from './mock-types.js';

/**
 * The store's products, categories and blog articles, from a source of your own. Each object has the
 * config files' fields (the same names as the mock store's); `handle`, where given, is the handle its page
 * is served at (made unique and URL-safe as derived handles are), else the handle is derived from the title.
 */
export interface StoreCatalogue {
  /** Every product of the store, in order: each has a page at `/products/<handle>`. */
  readonly products: readonly (MockProduct & { readonly handle?: string | undefined })[];
  /**
   * The categories, in order. A category's `items` are its products: the same objects as in `products`
   * (an item that is none of them is a product of its own). `numItems` is the number of items.
   */
  readonly categories: readonly (Omit<MockCategory, 'items' | 'numItems'> & {
    readonly items: readonly MockProduct[];
    readonly handle?: string | undefined;
  })[];
  /** The blog articles, in order (`/blog/<handle>`). */
  readonly articles: readonly (Omit<MockArticle, 'slug' | 'url'> & { readonly handle?: string | undefined })[];
}

/** An object without its `handle` (the generator keeps every field it is given). */
function withoutHandle<T extends { readonly handle?: string | undefined }>(value: T): Omit<T, 'handle'> {
  const { handle: _handle, ...rest } = value;
  return rest;
}

/**
 * The config with the catalogue in place of the categories and blog files: the mock generator then fills
 * the blocks' products and categories (and the default menus) from the catalogue, so they link to its pages.
 */
export function configWithCatalogue(config: ThemeConfig, catalogue: StoreCatalogue): ThemeConfig {
  return {
    ...config,
    categories: catalogue.categories.map((category) => {
      const { items, ...rest } = withoutHandle(category);
      return {
        ...rest,
        numItems: items.length,
        items: items.map((item) => withoutHandle(item as MockProduct & { handle?: string })),
      };
    }),
    blog: catalogue.articles.map((article) => withoutHandle(article)),
  } as ThemeConfig;
}

/** A stable text of the catalogue: two catalogues with the same text render the same pages. */
export function catalogueKey(catalogue: StoreCatalogue): string {
  return JSON.stringify([catalogue.products, catalogue.categories, catalogue.articles]);
}
