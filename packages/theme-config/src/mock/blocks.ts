/**
 * Editable regions: the loader's normalised blocks, with the product and category references
 * (`item`, `category`, `categories`, `dummy_category`) filled in where the config leaves them out.
 */
import { isRecord } from '@commerce-kit/internal/is-record';
import type { Faker } from '@faker-js/faker';
import type {
  MockBlock,
  MockBlockSettings,
  MockCategory,
  MockCategoryDrop,
  MockEditableRegion,
  MockGridColumn,
  MockProduct,
  MockProductDrop,
} from '../generated/spec/mock-data.js';
import type { NormalizedBlock, NormalizedEditableRegion } from '../types.js';
import { generateCategory, generateProduct, type CategorySource } from './categories.js';
import { SECTION, type MockContext } from './context.js';

/** Categories a `category-list` shows when its `per_row` / `rows` are not set: 3 per row, 2 rows. */
export const DEFAULT_CATEGORY_LIST = Object.freeze({ perRow: 3, rows: 2 });

/** Block types whose `item` is a product the block's button acts on (when `action` is not `link`). */
const ITEM_BLOCKS: ReadonlySet<string> = new Set(['button', 'image-with-text', 'image-with-text-overlay']);

type JsonObject = Record<string, unknown>;

/**
 * A drop: the generated object with the configured drop's fields laid over it (configured values kept
 * exactly, missing fields generated). A configured drop that is not an object is kept as it is.
 */
function mergeDrop<D extends MockProductDrop | MockCategoryDrop>(
  generated: MockProduct | MockCategory,
  configured: unknown,
): D {
  if (configured === undefined) return generated as D;
  if (!isRecord(configured)) return configured as D;
  return { ...generated, ...configured } as D;
}

const positiveInt = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : fallback;

/** Fills one editable region at a time; each block reseeds from its region and position. */
class BlockFiller {
  readonly #ctx: MockContext;
  readonly #categories: CategorySource;
  #region = 0;
  #serial = 0;

  constructor(ctx: MockContext, categories: CategorySource) {
    this.#ctx = ctx;
    this.#categories = categories;
  }

  region(region: NormalizedEditableRegion, index: number): MockEditableRegion {
    this.#region = index;
    this.#serial = 0;
    // `?? []`: a hand-built config (not from loadConfigDir) may leave `blocks` out.
    return { ...region, blocks: (region.blocks ?? []).map((block) => this.#block(block)) };
  }

  #block(block: NormalizedBlock): MockBlock {
    const faker = this.#ctx.faker;
    // Blocks are numbered depth-first within their region (grid columns included).
    this.#ctx.reseed(faker, SECTION.BLOCK, this.#region, this.#serial);
    this.#serial += 1;
    const props = (block.props ?? {}) as { settings?: JsonObject; columns?: unknown };
    const settings: MockBlockSettings = { ...props.settings };
    if (ITEM_BLOCKS.has(block.type) && settings.action !== 'link') {
      settings.item = mergeDrop<MockProductDrop>(this.#productFor(faker, settings.item), settings.item);
    }
    if (block.type === 'featured-category') {
      settings.category = mergeDrop<MockCategoryDrop>(this.#categoryFor(faker, settings.category), settings.category);
    }
    if (block.type === 'category-list') {
      const count =
        positiveInt(settings.per_row, DEFAULT_CATEGORY_LIST.perRow) *
        positiveInt(settings.rows, DEFAULT_CATEGORY_LIST.rows);
      const given: unknown = settings.categories;
      settings.categories = Array.isArray(given)
        ? given.map((drop: unknown, i) => mergeDrop<MockCategoryDrop>(this.#categoryFor(faker, drop, i), drop))
        : (this.#firstCategories(count) as MockCategoryDrop[]);
      settings.dummy_category = mergeDrop<MockCategoryDrop>(
        generateCategory(faker, this.#ctx, DEFAULT_CATEGORY_LIST.perRow),
        settings.dummy_category,
      );
    }
    const out: MockBlock = { ...block, props: { ...props, settings } } as MockBlock;
    if (block.type === 'grid' && Array.isArray(props.columns)) {
      out.props.columns = (props.columns as { name: string; blocks?: NormalizedBlock[] }[]).map(
        (column): MockGridColumn => ({ ...column, blocks: (column.blocks ?? []).map((b) => this.#block(b)) }),
      );
    }
    return out;
  }

  /** The base of a product drop: the store's product of the same title when the config names one, else {@link #product}. */
  #productFor(faker: Faker, configured: unknown): MockProduct {
    const title = isRecord(configured) ? configured.title : undefined;
    return (typeof title === 'string' ? this.#categories.findProduct(title) : undefined) ?? this.#product(faker);
  }

  /** The base of a category drop: the store's category of the same title when the config names one, else {@link #category}. */
  #categoryFor(faker: Faker, configured: unknown, position?: number): MockCategory {
    const title = isRecord(configured) ? configured.title : undefined;
    const index = typeof title === 'string' ? this.#categories.indexOfTitle(title) : -1;
    if (index >= 0) return this.#categories.at(index);
    return position === undefined ? this.#category(faker) : this.#categoryOrDummy(faker, position);
  }

  /** A product of the store's catalogue (so the block shows something the store sells), or a new one. */
  #product(faker: Faker): MockProduct {
    const n = this.#categories.length;
    if (n > 0) {
      const category = this.#categories.at(faker.number.int({ min: 0, max: n - 1 }));
      if (category.items.length > 0)
        return category.items[faker.number.int({ min: 0, max: category.items.length - 1 })]!;
    }
    return generateProduct(faker, this.#ctx);
  }

  /** One of the store's categories, or a new one when the store has none. */
  #category(faker: Faker): MockCategory {
    const n = this.#categories.length;
    return n > 0 ? this.#categories.at(faker.number.int({ min: 0, max: n - 1 })) : generateCategory(faker, this.#ctx);
  }

  #categoryOrDummy(faker: Faker, index: number): MockCategory {
    return index < this.#categories.length ? this.#categories.at(index) : generateCategory(faker, this.#ctx);
  }

  #firstCategories(count: number): MockCategory[] {
    const out: MockCategory[] = [];
    for (let i = 0; i < Math.min(count, this.#categories.length); i += 1) out.push(this.#categories.at(i));
    return out;
  }
}

/** The editable regions with their block references filled in (none when the file is missing). */
export function buildEditableRegions(
  regions: readonly NormalizedEditableRegion[] | undefined,
  ctx: MockContext,
  categories: CategorySource,
): MockEditableRegion[] {
  const filler = new BlockFiller(ctx, categories);
  return (regions ?? []).map((region, index) => filler.region(region, index));
}
