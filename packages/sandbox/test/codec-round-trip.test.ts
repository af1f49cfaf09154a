// The generated codec (src/generated/codec.ts) round trip: a theme's mock store, seeded into the API's
// resources and read back by the storefront, is the mock store again (for random valid configs), and a
// field the API leaves `null` is an absent field on the theme kit's side.
import type { ThemeConfig } from '@commerce-kit/theme-config';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeProduct, encodeCategory, encodeProduct } from '../src/generated/codec.js';
import { mockCatalogue } from '../src/seed/mock-data.js';
import { SEED_BASE_TIME, seedStore } from '../src/seed/seed.js';
import type { ResourceObject } from '../src/store/resource-model.js';
import { Store } from '../src/store/store.js';
import { HandleBook, storeCatalogue } from '../src/storefront/catalogue.js';

const text = fc.string({ maxLength: 12 });
const image = fc.webUrl();
const currency = fc.stringMatching(/^[A-Z]{3}$/);
/** Whole cents: what a price is in the mock store (and JSON keeps exactly). */
const price = fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100);
const count = fc.integer({ min: 0, max: 10_000 });
const date = fc
  .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2030, 0, 1) })
  .map((ms) => new Date(ms).toISOString());

const product = fc.record(
  { title: text, description: text, featuredImage: image, sku: text, currency, price, quantity: count },
  { requiredKeys: ['title', 'description', 'price'] },
);
/** A category with configured products, or with `numItems` generated ones. */
const category = fc.oneof(
  fc
    .record(
      { title: text, description: text, featuredImage: image, items: fc.array(product, { maxLength: 4 }) },
      { requiredKeys: ['title', 'description', 'items'] },
    )
    .map((c) => ({ ...c, numItems: c.items.length })),
  fc.record(
    { title: text, description: text, featuredImage: image, numItems: fc.integer({ min: 0, max: 4 }) },
    { requiredKeys: ['title', 'description', 'numItems'] },
  ),
);
const article = fc.record(
  {
    title: text,
    metaDescription: text,
    content: text,
    createdTime: date,
    publishedTime: date,
    featuredImage: image,
    tags: fc.array(text, { maxLength: 3 }),
  },
  { requiredKeys: ['title', 'metaDescription', 'content', 'createdTime', 'tags'] },
);
const config: fc.Arbitrary<ThemeConfig> = fc.record(
  { categories: fc.array(category, { maxLength: 4 }), blog: fc.array(article, { maxLength: 4 }) },
  { requiredKeys: [] },
);

function all(store: Store, kind: string): ResourceObject[] {
  return store.resources.page(kind, { limit: 1000 }).data.map((row) => row.value);
}

/** The storefront's catalogue without its handles (the storefront's own, not the mock store's). */
function withoutHandles<T extends object>(value: T): Omit<T, 'handle'> {
  const { handle: _handle, ...rest } = value as T & { readonly handle?: unknown };
  return rest;
}

describe('the codec between the mock store and the API', () => {
  it('mock -> seed -> API -> storefront gives the mock store back', () => {
    fc.assert(
      fc.property(config, fc.integer({ min: 0, max: 1000 }), (themeConfig, seed) => {
        const store = new Store(undefined, 'normal');
        try {
          seedStore(store, seed, 0, themeConfig);
          const mock = mockCatalogue(seed, new Date(SEED_BASE_TIME).toISOString(), themeConfig);
          const catalogue = storeCatalogue(
            {
              products: all(store, 'products'),
              categories: all(store, 'categories'),
              blogPosts: all(store, 'blog_posts'),
            },
            new HandleBook(),
          );
          // numItems is not stored (it is the number of items); slug and url are the storefront's handle.
          expect(
            catalogue.categories.map((c) => ({ ...withoutHandles(c), items: c.items.map((p) => withoutHandles(p)) })),
          ).toEqual(mock.categories.map(({ numItems: _n, ...rest }) => rest));
          expect(catalogue.products.map((p) => withoutHandles(p))).toEqual(mock.categories.flatMap((c) => c.items));
          // The API lists posts by creation time (ties in the mock store's order).
          const posts = mock.articles
            .map(({ slug: _s, url: _u, ...rest }, index) => ({ rest, index }))
            .sort((a, b) => a.rest.createdTime.localeCompare(b.rest.createdTime) || a.index - b.index)
            .map(({ rest }) => rest);
          expect(catalogue.articles.map((a) => withoutHandles(a))).toEqual(posts);
        } finally {
          store.close();
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a field the mock store leaves out is null in the API, and absent again on the way back', () => {
    const fields = encodeProduct({ title: 'Sencha', description: 'Green tea.', price: 8 });
    expect(fields).toEqual({
      title: 'Sencha',
      description: 'Green tea.',
      featured_image: null,
      sku: null,
      currency: null,
      price: 8,
      quantity: null,
    });
    expect(decodeProduct(fields)).toEqual({ title: 'Sencha', description: 'Green tea.', price: 8 });
  });

  it("a category's products travel as their ids", () => {
    expect(encodeCategory({ title: 'Tea', description: 'Teas.' }, { product_ids: ['prod_1', 'prod_2'] })).toEqual({
      title: 'Tea',
      description: 'Teas.',
      featured_image: null,
      product_ids: ['prod_1', 'prod_2'],
    });
  });
});
