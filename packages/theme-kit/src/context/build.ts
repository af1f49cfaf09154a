/**
 * The mock store (theme-config's `MockData`) -> the objects templates see. Built once per config change;
 * a request only adds its route's objects ({@link contextFor}). Field names stay the config's; handles and
 * URLs are added here, so a product has the same handle on a category page, in a block and at its own URL.
 */
import { SlugRegistry, slugify } from '@commerce-kit/internal/slug';
import type { MockBlock, MockCategory, MockData, MockMenuLink, MockPaginator, MockProduct } from './mock-types.js';
import type {
  ArticleDrop,
  BlockDrop,
  BlockSettingsDrop,
  CategoryDrop,
  GridColumnDrop,
  LinkDrop,
  MenuDrop,
  PaginatorDrop,
  ProductDrop,
  RouteKind,
  ThemeContext,
} from '../generated/context.js';
import type { StoreCatalogue } from './catalogue.js';

/**
 * Where a region's `rawMarkup` was written: its errors point into that JSON string. A type alias, so that
 * declarations that reach it through {@link RegionData} can write its shape out (it is not exported).
 */
export type RawMarkupOrigin = {
  /** Path of `editable-regions.stk.config.json`, as diagnostics show it. */
  readonly file: string;
  /** The file's text. */
  readonly text: string;
  /** JSON Pointer of the `rawMarkup` string, e.g. `/0/rawMarkup`. */
  readonly pointer: string;
};

/** One editable region, ready to render. */
export interface RegionData {
  /** `regionName`. */
  readonly name: string;
  /** Liquid rendered before the blocks. */
  readonly rawMarkup: string | undefined;
  /** Where `rawMarkup` was written, when known. */
  readonly origin: RawMarkupOrigin | undefined;
  /** The blocks, in order. */
  readonly blocks: readonly BlockDrop[];
}

/** The objects every page shares. */
export type SharedObjects = Pick<ThemeContext, 'store' | 'page' | 'articles' | 'categories' | 'menus' | 'paginator'>;

/** Everything a page of the store is rendered from: the shared objects and lookups by handle and name. */
export interface ThemeData {
  /** The objects every template sees. */
  readonly objects: SharedObjects;
  /** Editable regions by `regionName` (the first of two with one name). */
  readonly regions: ReadonlyMap<string, RegionData>;
  /** Articles by handle. */
  readonly articles: ReadonlyMap<string, ArticleDrop>;
  /** Categories (and the categories blocks refer to) by handle. */
  readonly categories: ReadonlyMap<string, CategoryDrop>;
  /** Products (and the products blocks refer to) by handle. */
  readonly products: ReadonlyMap<string, ProductDrop>;
}

/** Options of {@link createThemeData}. */
export interface ThemeDataOptions {
  /** The text and path of `editable-regions.stk.config.json`, so `rawMarkup` errors point into it. */
  readonly editableRegionsFile?: { readonly file: string; readonly text: string } | undefined;
}

/** {@link ThemeDataOptions} plus the store's own catalogue, which replaces the mock's categories and articles. */
export interface ThemeDataBuildOptions extends ThemeDataOptions {
  readonly catalogue?: StoreCatalogue | undefined;
}

/** Sets an own, enumerable property whatever the key (`__proto__` included): keys here come from user JSON. */
function defineOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Hands out product and category drops with store-wide unique handles, reusing the store's own for the same
 * title. A block's drop of another title gets a page of its own in the mock store; with the store's own
 * catalogue (`blockPages` false) it keeps a handle and URL but has no page: the store does not have it.
 */
class Catalogue {
  readonly #blockPages: boolean;
  readonly products = new Map<string, ProductDrop>();
  readonly categories = new Map<string, CategoryDrop>();
  readonly #productHandles = new SlugRegistry();
  readonly #categoryHandles = new SlugRegistry();
  readonly #productsByTitle = new Map<string, ProductDrop>();
  readonly #categoriesByTitle = new Map<string, CategoryDrop>();

  constructor(blockPages: boolean) {
    this.#blockPages = blockPages;
  }

  /** @param given the handle the store gives it (made unique), else one is derived from the title */
  product(product: MockProduct, position: number, given?: string): ProductDrop {
    const handle = this.#productHandles.next(given ?? String(product.title ?? ''), 'product', position);
    const drop: ProductDrop = { ...product, handle, url: `/products/${handle}` };
    this.products.set(handle, drop);
    if (!this.#productsByTitle.has(drop.title)) this.#productsByTitle.set(drop.title, drop);
    return drop;
  }

  /**
   * @param given the handle the store gives it (made unique), else one is derived from the title
   * @param known drops of products already handed out, by the object they were made from: an item that is one of them is that product
   */
  category(
    category: MockCategory,
    position: number,
    given?: string,
    known?: ReadonlyMap<object, ProductDrop>,
  ): CategoryDrop {
    const handle = this.#categoryHandles.next(given ?? String(category.title ?? ''), 'category', position);
    const items = category.items.map((item) => known?.get(item) ?? this.product(item, this.products.size + 1));
    const drop: CategoryDrop = { ...category, items, handle, url: `/categories/${handle}` };
    this.categories.set(handle, drop);
    if (!this.#categoriesByTitle.has(drop.title)) this.#categoriesByTitle.set(drop.title, drop);
    return drop;
  }

  /** A block's ProductDrop: the store's product of that title (the mock completed it from there), else its own page. */
  productDrop(value: unknown): unknown {
    if (!isObject(value)) return value;
    const known = typeof value.title === 'string' ? this.#productsByTitle.get(value.title) : undefined;
    if (known) return { ...value, handle: known.handle, url: known.url };
    if (!this.#blockPages) {
      const handle = this.#productHandles.next(String(value.title ?? ''), 'product', this.products.size + 1);
      return { ...value, handle, url: `/products/${handle}` };
    }
    return this.product(value as unknown as MockProduct, this.products.size + 1);
  }

  /** A block's CategoryDrop, likewise; its items become ProductDrops. */
  categoryDrop(value: unknown): unknown {
    if (!isObject(value)) return value;
    const items = Array.isArray(value.items) ? value.items.map((item) => this.productDrop(item)) : [];
    const known = typeof value.title === 'string' ? this.#categoriesByTitle.get(value.title) : undefined;
    if (known) return { ...value, items, handle: known.handle, url: known.url };
    const handle = this.#categoryHandles.next(String(value.title ?? ''), 'category', this.categories.size + 1);
    const drop = { ...value, items, handle, url: `/categories/${handle}` } as CategoryDrop;
    if (this.#blockPages) this.categories.set(handle, drop);
    return drop;
  }
}

const DROP_SETTINGS: Readonly<Record<string, 'product' | 'category' | 'categories'>> = {
  item: 'product',
  category: 'category',
  dummy_category: 'category',
  categories: 'categories',
};

function settingsDrop(settings: Record<string, unknown>, catalogue: Catalogue): BlockSettingsDrop {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    const kind = DROP_SETTINGS[key];
    const converted =
      kind === 'product'
        ? catalogue.productDrop(value)
        : kind === 'category'
          ? catalogue.categoryDrop(value)
          : kind === 'categories' && Array.isArray(value)
            ? value.map((entry) => catalogue.categoryDrop(entry))
            : value;
    defineOwn(out, key, converted);
  }
  return out as BlockSettingsDrop;
}

function blockDrop(block: MockBlock, id: string, catalogue: Catalogue): BlockDrop {
  const { settings, columns, ...direct } = block.props;
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(direct)) defineOwn(props, key, value);
  const gridColumns: GridColumnDrop[] = (columns ?? []).map((column, c) => ({
    name: column.name,
    blocks: column.blocks.map((nested, n) => blockDrop(nested, `${id}-${c + 1}-${n + 1}`, catalogue)),
  }));
  return { id, type: block.type, settings: settingsDrop(settings, catalogue), props, columns: gridColumns };
}

/**
 * A menu link. The config gives links only a title; the mock derives a path from it (`/shop/new-arrivals`).
 * Where the title names a page of the store, the link goes there instead: `Home` -> `/`, `Blog` -> `/blog`,
 * a category, article or product of that title -> its page. Other links keep the derived path.
 */
function linkDrop(link: MockMenuLink, pages: ReadonlyMap<string, string>): LinkDrop {
  const handle = link.url.slice(link.url.lastIndexOf('/') + 1);
  const url = pages.get(handle) ?? link.url;
  return { title: link.title, url, handle, children: link.children.map((child) => linkDrop(child, pages)) };
}

/** Handle -> URL of the pages a menu link may name by its title (categories first, then articles, then products). */
function linkTargets(catalogue: Catalogue, articles: readonly ArticleDrop[]): Map<string, string> {
  const pages = new Map<string, string>([
    ['home', '/'],
    ['blog', '/blog'],
  ]);
  const add = (handle: string, url: string): void => {
    if (!pages.has(handle)) pages.set(handle, url);
  };
  for (const [handle, category] of catalogue.categories) add(handle, category.url);
  for (const article of articles) add(article.handle, article.url);
  for (const [handle, product] of catalogue.products) add(handle, product.url);
  return pages;
}

/** The categories and articles of the store's own catalogue: every product first (each gets a page), then the categories holding them. */
function fromCatalogue(
  source: StoreCatalogue,
  mock: MockData,
  catalogue: Catalogue,
): { categories: CategoryDrop[]; articles: ArticleDrop[] } {
  const known = new Map<object, ProductDrop>();
  source.products.forEach((product, index) => {
    const { handle, ...fields } = product;
    known.set(product, catalogue.product(fields, index + 1, handle));
  });
  const categories = source.categories.map((category, index) => {
    const { handle, items, ...fields } = category;
    return catalogue.category({ ...fields, numItems: items.length, items: [...items] }, index + 1, handle, known);
  });
  // The mock kept the articles as given (dates as ISO 8601 UTC) and derived slugs from the titles; a given handle wins.
  const slugs = new SlugRegistry();
  const articles = mock.articles.map((article, index): ArticleDrop => {
    const slug = slugs.next(source.articles[index]?.handle ?? article.title, 'article', index + 1);
    return { ...article, slug, url: `/blog/${slug}`, handle: slug };
  });
  return { categories, articles };
}

/** The objects templates see, from the mock store, plus lookups for the routes. */
export function createThemeData(mock: MockData, options: ThemeDataOptions = {}): ThemeData {
  return buildThemeData(
    mock,
    options.editableRegionsFile === undefined ? {} : { editableRegionsFile: options.editableRegionsFile },
  );
}

/** {@link createThemeData}, with the store's own catalogue when there is one (the mock was generated from it: see `configWithCatalogue`). */
export function buildThemeData(mock: MockData, options: ThemeDataBuildOptions): ThemeData {
  const catalogue = new Catalogue(options.catalogue === undefined);
  const own = options.catalogue === undefined ? undefined : fromCatalogue(options.catalogue, mock, catalogue);
  const categories =
    own?.categories ?? mock.categories.map((category, index) => catalogue.category(category, index + 1));
  const articles: ArticleDrop[] =
    own?.articles ?? mock.articles.map((article) => ({ ...article, handle: article.slug }));
  const targets = linkTargets(catalogue, articles);
  const menus: Record<string, MenuDrop> = {};
  for (const menu of mock.menus) {
    if (menu.name === undefined || Object.hasOwn(menus, menu.name)) continue;
    defineOwn(menus, menu.name, { name: menu.name, links: menu.links.map((link) => linkDrop(link, targets)) });
  }
  const regions = new Map<string, RegionData>();
  mock.editableRegions.forEach((region, index) => {
    if (regions.has(region.regionName)) return;
    const file = options.editableRegionsFile;
    regions.set(region.regionName, {
      name: region.regionName,
      rawMarkup: region.rawMarkup,
      origin:
        file && region.rawMarkup !== undefined
          ? { file: file.file, text: file.text, pointer: `/${index}/rawMarkup` }
          : undefined,
      blocks: region.blocks.map((block, n) =>
        blockDrop(block, `${slugify(region.regionName) || 'region'}-${n + 1}`, catalogue),
      ),
    });
  });
  const objects: SharedObjects = {
    store: { ...mock.store, url: '/' },
    page: { ...mock.page, url: '/', handle: slugify(mock.page.title) || 'page' },
    articles,
    categories,
    menus,
    paginator: mock.paginator,
  };
  return {
    objects,
    regions,
    articles: new Map(articles.map((article) => [article.handle, article])),
    categories: catalogue.categories,
    products: catalogue.products,
  };
}

/** The paginator with page `current` as the current one (the links and pages follow). */
export function movePaginator(paginator: MockPaginator, current: number): PaginatorDrop {
  if (current === paginator.currentPage) return paginator;
  const pages = paginator.pages.map((page) => ({ ...page, isCurrent: page.number === current }));
  const link = (title: string, page: number) => {
    const target = pages[page - 1];
    return target ? { title, page, url: target.url } : { title, page: null, url: null };
  };
  return {
    ...paginator,
    currentPage: current,
    pages,
    previous: link(paginator.previousTitle, current - 1),
    next: link(paginator.nextTitle, current + 1),
  };
}

/** What a request renders: its route and the objects it adds. */
export interface RouteObjects {
  readonly route: RouteKind;
  readonly template: string;
  readonly path: string;
  readonly page: number;
  readonly article?: ArticleDrop | undefined;
  readonly category?: CategoryDrop | undefined;
  readonly product?: ProductDrop | undefined;
}

/** The whole context of one page. */
export function contextFor(data: ThemeData, route: RouteObjects): ThemeContext {
  const context: ThemeContext = {
    ...data.objects,
    paginator: movePaginator(data.objects.paginator, route.page),
    template: route.template,
    request: { path: route.path, page: route.page, route: route.route },
  };
  if (route.article) context.article = route.article;
  if (route.category) context.category = route.category;
  if (route.product) context.product = route.product;
  return context;
}
