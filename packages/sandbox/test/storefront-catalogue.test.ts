// The mapping from the API's products, categories and blog posts to the theme kit's catalogue: field names,
// nulls, a category's products by id, and handles kept while the sandbox runs.
import { describe, expect, it } from 'vitest';
import { HandleBook, storeCatalogue } from '../src/storefront/catalogue.js';
import type { ResourceObject } from '../src/store/resource-model.js';

const teapot: ResourceObject = {
  id: 'prod_00000000000000000000000007',
  created_time: '2023-11-03T01:10:00.000Z',
  title: 'Handcrafted Granite Teapot',
  description: 'A teapot for two, glazed by hand.',
  featured_image: 'https://picsum.photos/seed/teapot/800/800',
  sku: 'TEA-POT-2',
  currency: 'USD',
  price: 39.5,
  quantity: 12,
};
const sencha: ResourceObject = {
  id: 'prod_00000000000000000000000008',
  created_time: '2023-11-03T01:20:00.000Z',
  title: 'Sencha',
  description: 'Steamed green tea, 100 g.',
  featured_image: null,
  sku: null,
  currency: null,
  price: 8,
  quantity: null,
  an_extra_field: 'not in the contract',
};
const tea: ResourceObject = {
  id: 'cat_00000000000000000000000002',
  created_time: '2023-11-02T01:00:00.000Z',
  title: 'Tea',
  description: 'Loose-leaf teas from three continents.',
  featured_image: null,
  product_ids: [
    'prod_00000000000000000000000007',
    'prod_00000000000000000000000099',
    'prod_00000000000000000000000008',
  ],
};
const post: ResourceObject = {
  id: 'post_00000000000000000000000002',
  created_time: '2026-03-15T10:00:00.000Z',
  title: 'Our new teapots',
  meta_description: 'Glazed by hand, for two.',
  content: '<p>They are here.</p>',
  published_time: '2026-03-20T08:00:00Z',
  featured_image: 'https://picsum.photos/seed/teapots/1200/630',
  tags: ['news'],
};

describe('storeCatalogue: API resources -> the theme kit catalogue', () => {
  it('renames the fields, leaves nulls and fields outside the contract out', () => {
    const catalogue = storeCatalogue(
      { products: [teapot, sencha], categories: [], blogPosts: [post] },
      new HandleBook(),
    );
    expect(catalogue.products).toEqual([
      {
        title: 'Handcrafted Granite Teapot',
        description: 'A teapot for two, glazed by hand.',
        featuredImage: 'https://picsum.photos/seed/teapot/800/800',
        sku: 'TEA-POT-2',
        currency: 'USD',
        price: 39.5,
        quantity: 12,
        handle: 'handcrafted-granite-teapot',
      },
      { title: 'Sencha', description: 'Steamed green tea, 100 g.', price: 8, handle: 'sencha' },
    ]);
    expect(catalogue.articles).toEqual([
      {
        title: 'Our new teapots',
        metaDescription: 'Glazed by hand, for two.',
        content: '<p>They are here.</p>',
        createdTime: '2026-03-15T10:00:00.000Z',
        publishedTime: '2026-03-20T08:00:00Z',
        featuredImage: 'https://picsum.photos/seed/teapots/1200/630',
        tags: ['news'],
        handle: 'our-new-teapots',
      },
    ]);
  });

  it("a category's items are its products, in its order, the same objects; an id of no live product is left out", () => {
    const catalogue = storeCatalogue(
      { products: [teapot, sencha], categories: [tea], blogPosts: [] },
      new HandleBook(),
    );
    const [category] = catalogue.categories;
    expect(category).toMatchObject({
      title: 'Tea',
      description: 'Loose-leaf teas from three continents.',
      handle: 'tea',
    });
    expect(category).not.toHaveProperty('featuredImage');
    expect(category?.items).toHaveLength(2);
    expect(category?.items[0]).toBe(catalogue.products[0]);
    expect(category?.items[1]).toBe(catalogue.products[1]);
  });

  it('a post without published_time is published when it was created', () => {
    const { published_time: _published, ...draft } = post;
    const [article] = storeCatalogue(
      { products: [], categories: [], blogPosts: [draft as ResourceObject] },
      new HandleBook(),
    ).articles;
    expect(article?.publishedTime).toBe(post.created_time);
  });

  it('handles: derived from the title when first seen, unique per kind, kept when the title changes', () => {
    const handles = new HandleBook();
    const twin = { ...teapot, id: 'prod_00000000000000000000000009', created_time: '2023-11-04T00:00:00.000Z' };
    const first = storeCatalogue(
      { products: [teapot, twin], categories: [{ ...tea, title: 'Handcrafted Granite Teapot' }], blogPosts: [] },
      handles,
    );
    expect(first.products.map((p) => p.handle)).toEqual(['handcrafted-granite-teapot', 'handcrafted-granite-teapot-2']);
    expect(first.categories[0]?.handle).toBe('handcrafted-granite-teapot'); // per kind
    const renamed = storeCatalogue(
      { products: [{ ...teapot, title: 'Kettle' }, twin], categories: [], blogPosts: [] },
      handles,
    );
    expect(renamed.products.map((p) => [p.title, p.handle])).toEqual([
      ['Kettle', 'handcrafted-granite-teapot'],
      ['Handcrafted Granite Teapot', 'handcrafted-granite-teapot-2'],
    ]);
    // The same id created again (after a reset) is another object: a handle of its own.
    const again = storeCatalogue(
      {
        products: [{ ...teapot, title: 'Kettle', created_time: '2024-01-01T00:00:00.000Z' }],
        categories: [],
        blogPosts: [],
      },
      handles,
    );
    expect(again.products[0]?.handle).toBe('kettle');
    // A title with no letter or digit of ASCII gets <kind>-<n>.
    const [japanese] = storeCatalogue(
      {
        products: [{ ...sencha, id: 'prod_00000000000000000000000010', title: '煎茶' }],
        categories: [],
        blogPosts: [],
      },
      handles,
    ).products;
    expect(japanese?.handle).toMatch(/^product-\d+$/);
  });
});
