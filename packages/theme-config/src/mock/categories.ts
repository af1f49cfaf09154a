/** Categories and their products: configured ones kept as they are, missing products generated. */
import type { Faker } from '@faker-js/faker';
import type { ICategoryConfig } from '../generated/spec/categories.js';
import type { MockCategory, MockProduct } from '../generated/spec/mock-data.js';
import { imageUrl, SECTION, type MockContext } from './context.js';
import { base36, productDescription, productName } from './fast-fake.js';
import { fakeValue, otherProductFields } from './schema-values.js';

/** Number of categories of the default store (no categories file). */
export const DEFAULT_CATEGORY_COUNT = 4;

/** The fields of IProductConfig {@link generateProduct} draws by hand; any other is drawn from its schema. */
const DRAWN_PRODUCT_FIELDS = new Set(['title', 'description', 'featuredImage', 'sku', 'currency', 'price', 'quantity']);
const OTHER_PRODUCT_FIELDS = otherProductFields(DRAWN_PRODUCT_FIELDS);

/** One generated product, with every field of IProductConfig. */
export function generateProduct(faker: Faker, ctx: MockContext): MockProduct {
  const zeroDecimals = ctx.priceDigits === 0;
  const product: MockProduct = {
    title: productName(faker),
    description: productDescription(faker),
    featuredImage: imageUrl(faker, 800, 800),
    sku: base36(faker, 10, true),
    currency: ctx.currency,
    // Whole minor units, so prices have at most two decimals; yen-like currencies have no minor unit
    // and their prices run about a hundred times higher.
    price: zeroDecimals
      ? faker.number.int({ min: 100, max: 50_000 })
      : faker.number.int({ min: 100, max: 50_000 }) / 100,
    quantity: faker.number.int({ min: 0, max: 250 }),
  };
  // A field added to IProductConfig in the spec: drawn after the others, so none of theirs changes.
  if (OTHER_PRODUCT_FIELDS.length === 0) return product;
  const fields: Record<string, unknown> = { ...product };
  for (const [name, property] of OTHER_PRODUCT_FIELDS) fields[name] = fakeValue(property, faker);
  return fields as unknown as MockProduct;
}

/** `count` generated products. */
export function generateProducts(faker: Faker, ctx: MockContext, count: number): MockProduct[] {
  const items: MockProduct[] = new Array<MockProduct>(count);
  for (let i = 0; i < count; i += 1) items[i] = generateProduct(faker, ctx);
  return items;
}

/** A whole generated category (title first, so {@link CategorySource.titleAt} can draw the title alone). */
export function generateCategory(faker: Faker, ctx: MockContext, numItems?: number): MockCategory {
  const title = faker.commerce.department();
  const description = faker.lorem.sentence();
  const featuredImage = imageUrl(faker, 1200, 600);
  const count = numItems ?? faker.number.int({ min: 4, max: 8 });
  return { title, description, featuredImage, numItems: count, items: generateProducts(faker, ctx, count) };
}

/**
 * The store's categories, produced one at a time on demand: the streaming writer holds one category
 * in memory, and block references fetch the category they point at. Category `i` is the same
 * whenever and however often it is produced.
 */
export class CategorySource {
  readonly #configured: readonly ICategoryConfig[] | undefined;
  readonly #ctx: MockContext;

  /** @param configured the categories file (undefined when missing: the default store's categories) */
  constructor(configured: readonly ICategoryConfig[] | undefined, ctx: MockContext) {
    this.#configured = configured;
    this.#ctx = ctx;
  }

  /** Number of categories. */
  get length(): number {
    return this.#configured ? this.#configured.length : DEFAULT_CATEGORY_COUNT;
  }

  /** Category `index` (0-based) with its products. */
  at(index: number): MockCategory {
    const faker = this.#ctx.categoryFaker;
    this.#ctx.reseed(faker, SECTION.CATEGORY, index);
    const config = this.#configured?.[index];
    if (!config) return generateCategory(faker, this.#ctx);
    // Configured values are kept exactly; only a missing product list is generated.
    const { items, ...rest } = config;
    return { ...rest, items: items ?? generateProducts(faker, this.#ctx, config.numItems) };
  }

  /** The title of category `index`, without generating its products. */
  titleAt(index: number): string {
    const config = this.#configured?.[index];
    if (config) return config.title;
    const faker = this.#ctx.categoryFaker;
    this.#ctx.reseed(faker, SECTION.CATEGORY, index);
    return faker.commerce.department();
  }

  /** A configured product with this exact title (generated products are not searched: they are not stored). */
  findProduct(title: string): MockProduct | undefined {
    for (const category of this.#configured ?? []) {
      const found = category.items?.find((item) => item.title === title);
      if (found) return found;
    }
    return undefined;
  }

  /** Index of the first category with this exact title, or -1. */
  indexOfTitle(title: string): number {
    for (let i = 0; i < this.length; i += 1) if (this.titleAt(i) === title) return i;
    return -1;
  }

  /** Every category, in order, one at a time. */
  *[Symbol.iterator](): Iterator<MockCategory> {
    for (let i = 0; i < this.length; i += 1) yield this.at(i);
  }
}
