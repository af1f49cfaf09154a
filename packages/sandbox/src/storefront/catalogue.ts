/**
 * The one mapping from the API's resources to the theme kit's template contract: products, categories and
 * blog posts (snake_case API objects) become the catalogue a theme renders (the config files' camelCase
 * fields). `null` (not set) becomes an absent field, a category's `product_ids` its `items` (the same
 * product objects, so a product has one page wherever it appears), a post's `created_time` and
 * `published_time` the article's `createdTime` and `publishedTime`.
 *
 * Handles are the theme kit's (derived from the title, unique per kind), chosen the first time the
 * storefront sees an object and kept while the sandbox runs: a renamed product keeps its URL, as an open
 * page of it must.
 */
import { SlugRegistry } from '@commerce-kit/internal/slug';
import type { StoreCatalogue } from '@commerce-kit/theme-kit';
import type { ResourceObject } from '../store/resource-model.js';

/** The live objects the storefront shows, each list in the API's order. */
export interface CatalogueSource {
  readonly products: readonly ResourceObject[];
  readonly categories: readonly ResourceObject[];
  readonly blogPosts: readonly ResourceObject[];
}

type Kind = 'product' | 'category' | 'article';

/** The handle of each object the storefront has seen, by kind, id and creation time (ids may come back after a reset). */
export class HandleBook {
  readonly #handles = new Map<string, string>();
  readonly #registries: Record<Kind, SlugRegistry> = {
    product: new SlugRegistry(),
    category: new SlugRegistry(),
    article: new SlugRegistry(),
  };
  readonly #counts: Record<Kind, number> = { product: 0, category: 0, article: 0 };

  /** The object's handle: the one it was first given, else a new one from its title. */
  handleOf(kind: Kind, object: ResourceObject): string {
    const key = `${kind}\u0000${object.id}\u0000${String(object.created_time)}`;
    let handle = this.#handles.get(key);
    if (handle === undefined) {
      this.#counts[kind] += 1;
      handle = this.#registries[kind].next(text(object['title']), kind, this.#counts[kind]);
      this.#handles.set(key, handle);
    }
    return handle;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const number = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** `{ [name]: value }` for a set value, `{}` for `null` or a missing one (the contract has no nulls). */
function optional<K extends string, V>(
  name: K,
  value: unknown,
  accept: (value: unknown) => value is V,
): { [P in K]?: V } {
  return accept(value) ? ({ [name]: value } as { [P in K]?: V }) : {};
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);

type CatalogueProduct = StoreCatalogue['products'][number];

function product(object: ResourceObject, handles: HandleBook): CatalogueProduct {
  return {
    title: text(object['title']),
    description: text(object['description']),
    ...optional('featuredImage', object['featured_image'], isString),
    ...optional('sku', object['sku'], isString),
    ...optional('currency', object['currency'], isString),
    price: number(object['price']),
    ...optional('quantity', object['quantity'], isInteger),
    handle: handles.handleOf('product', object),
  };
}

/** The catalogue a theme renders, from the live objects of the API. */
export function storeCatalogue(source: CatalogueSource, handles: HandleBook): StoreCatalogue {
  const products = source.products.map((object) => product(object, handles));
  const byId = new Map(source.products.map((object, index) => [object.id, products[index]!]));
  const categories = source.categories.map((object) => {
    const ids = Array.isArray(object['product_ids']) ? (object['product_ids'] as unknown[]) : [];
    // A product deleted after it was listed in the category is no longer one of its items.
    const items = ids.flatMap((id) => (typeof id === 'string' && byId.has(id) ? [byId.get(id)!] : []));
    return {
      title: text(object['title']),
      description: text(object['description']),
      ...optional('featuredImage', object['featured_image'], isString),
      items,
      handle: handles.handleOf('category', object),
    };
  });
  const articles = source.blogPosts.map((object) => {
    const createdTime = text(object.created_time);
    return {
      title: text(object['title']),
      metaDescription: text(object['meta_description']),
      content: text(object['content']),
      createdTime,
      publishedTime: isString(object['published_time']) ? object['published_time'] : createdTime,
      ...optional('featuredImage', object['featured_image'], isString),
      tags: Array.isArray(object['tags']) ? (object['tags'] as unknown[]).filter(isString) : [],
      handle: handles.handleOf('article', object),
    };
  });
  return { products, categories, articles };
}
