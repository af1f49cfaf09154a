/**
 * From the API's resources to the theme kit's template contract: products, categories and blog posts
 * (snake_case API objects) become the catalogue a theme renders (the config files' camelCase fields),
 * through the generated codec (`src/generated/codec.ts`, from specs/openapi.yaml's `x-theme-kit`): `null`
 * (not set) becomes an absent field, a category's `product_ids` its `items` (the same product objects, so a
 * product has one page wherever it appears), a post's `created_time` the article's `createdTime`.
 *
 * Handles are the theme kit's (derived from the title, unique per kind), chosen the first time the
 * storefront sees an object and kept while the sandbox runs: a renamed product keeps its URL, as an open
 * page of it must.
 */
import { SlugRegistry } from '@commerce-kit/internal/slug';
import type { StoreCatalogue } from '@commerce-kit/theme-kit';
import { decodeBlogPost, decodeCategory, decodeProduct } from '../generated/codec.js';
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

/** The catalogue a theme renders, from the live objects of the API (decoded by the generated codec). */
export function storeCatalogue(source: CatalogueSource, handles: HandleBook): StoreCatalogue {
  const products = source.products.map((object) => ({
    ...decodeProduct(object),
    handle: handles.handleOf('product', object),
  }));
  const byId = new Map(source.products.map((object, index) => [object.id, products[index]!]));
  const categories = source.categories.map((object) => ({
    // A product deleted after it was listed in the category is no longer one of its items.
    ...decodeCategory(object, { items: (ids) => ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])) }),
    handle: handles.handleOf('category', object),
  }));
  const articles = source.blogPosts.map((object) => ({
    ...decodeBlogPost(object),
    handle: handles.handleOf('article', object),
  }));
  return { products, categories, articles };
}
