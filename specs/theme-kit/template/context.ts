/**
 * What a theme's Liquid templates see: the template contract of the theme kit's renderer
 * (`@commerce-kit/theme-kit`). The platform's documentation defines the config files and says templates
 * render them ("must match the editable region name in the Liquid template", "normally one from the theme
 * templates folder", "matches a template menu identifier") but shows no template objects; this contract is
 * ours (docs/spec-gaps.md, "Theme rendering").
 *
 * Rules: every object keeps the config files' field names as the documentation gives them (`store.storeName`,
 * `page.title`, `paginator.currentPage`, a link's `title` and `children`); rendering only adds what a page
 * needs to link (`url`) and to name things (`handle`). `theme-context.schema.json` is generated from
 * {@link ThemeContext}.
 */
import type { EBlockType } from '../enums';
import type { MockData } from '../mock-data';

// The parts of the mock store the drops build on, reached through the one type its package exports.
type MockStore = MockData['store'];
type MockPage = MockData['page'];
type MockArticle = MockData['articles'][number];
type MockCategory = MockData['categories'][number];
type MockProduct = MockCategory['items'][number];
type MockMenuLink = MockData['menus'][number]['links'][number];
type MockPaginator = MockData['paginator'];
/**
 * A site-relative URL path, e.g. `/blog/summer-sale` or `/blog?page=2` (as the mock store's).
 * @pattern ^/
 */
type UrlPath = string;

/**
 * A URL handle: lower-case ASCII letters and digits joined by `-`, unique among the objects of its kind
 * (`-2`, `-3`, ... appended to repeats; `<kind>-<n>` when the title has no such character).
 * @pattern ^[a-z0-9]+(?:-[a-z0-9]+)*$
 */
export type Handle = string;

/** Which route a page was rendered for; each has its own template in `templates/`. */
export type RouteKind = 'page' | 'blog' | 'article' | 'category' | 'product';

/** `store`: every field of `store.stk.config.json` (the missing ones generated), plus its home URL. */
export interface StoreDrop extends MockStore {
  /** The store's home page: `/`. */
  url: UrlPath;
}

/** `page`: the fields of `page.stk.config.json` (the missing ones generated), plus where it is served. */
export interface PageDrop extends MockPage {
  /** The page's URL: `/`. */
  url: UrlPath;
  /** Handle derived from the page title. */
  handle: Handle;
}

/** One blog article (`articles[]`, and `article` on its own page): the config's fields plus `slug`, `url`, `handle`. */
export interface ArticleDrop extends MockArticle {
  /** The same as `slug`: the last segment of `url`. */
  handle: Handle;
}

/**
 * A ProductDrop: a category's product (`category.items[]`, `product` on its own page) or a product a block
 * refers to (`block.settings.item`). The platform's documentation does not show its fields: a product's
 * config fields (`title`, `description`, `featuredImage`, `sku`, `currency`, `price`, `quantity`), any
 * further field the config gives a block's drop, plus `url` and `handle`.
 */
export interface ProductDrop extends MockProduct {
  /** Handle derived from the title, unique in the store. */
  handle: Handle;
  /** The product's page: `/products/<handle>`. */
  url: UrlPath;
  /** Any further field the config gives for a block's drop. */
  [field: string]: unknown;
}

/**
 * A CategoryDrop: one of `categories[]`, `category` on its own page, or a category a block refers to
 * (`block.settings.category`, `categories`, `dummy_category`). The platform's documentation does not show its
 * fields: a category's config fields with its products in `items`, plus `url` and `handle`.
 */
export interface CategoryDrop extends Omit<MockCategory, 'items'> {
  /** The category's products: the configured `items`, or `numItems` generated ones. */
  items: ProductDrop[];
  /** Handle derived from the title, unique in the store. */
  handle: Handle;
  /** The category's page: `/categories/<handle>`. */
  url: UrlPath;
  /** Any further field the config gives for a block's drop. */
  [field: string]: unknown;
}

/**
 * One link of a menu: `title` and nested `children` as configured, plus `url` and `handle`. `url` is the page
 * the title names when there is one (`Home` -> `/`, `Blog` -> `/blog`, a category, article or product of that
 * title -> its page), else the path derived from the titles (`/about`, `/shop/sale`).
 */
export interface LinkDrop extends Omit<MockMenuLink, 'children'> {
  /** Handle derived from the title (the last segment of `url`). */
  handle: Handle;
  /** Nested links (empty when none). */
  children: LinkDrop[];
}

/** One menu, found by its name: `menus['main-menu']`. */
export interface MenuDrop {
  /** The menu's identifier, as configured (`main-menu`, `footer-menu`, ...). */
  name: string;
  /** The menu's links. */
  links: LinkDrop[];
}

/**
 * `paginator`: `pagination.stk.config.json` with the pages and links a template renders. `?page=N` in the
 * URL makes page N the current one.
 */
export type PaginatorDrop = MockPaginator;

/** `request`: what was asked for. */
export interface RequestDrop {
  /** Path of the page, e.g. `/blog/hello-world`. */
  path: UrlPath;
  /**
   * The current page of the paginator (`?page=N`, default the configured `currentPage`).
   * @TJS-type integer
   * @minimum 1
   */
  page: number;
  /** Which route this is (`page` for `/`). */
  route: RouteKind;
}

/**
 * A block's settings as loaded (canonical `background_*` spelling, every setting in `settings`), with the
 * product and category references filled in as drops.
 */
export interface BlockSettingsDrop {
  /** `button`, `image-with-text`, `image-with-text-overlay`: the product (when `action` is not `link`). */
  item?: ProductDrop;
  /** `featured-category`: the category. */
  category?: CategoryDrop;
  /** `category-list`: the categories. */
  categories?: CategoryDrop[];
  /** `category-list`: the category shown when none exists. */
  dummy_category?: CategoryDrop;
  /** Every other setting of the block, as configured. */
  [setting: string]: unknown;
}

/** One column of a `grid` block. */
export interface GridColumnDrop {
  /** Column name `column_<X>`. */
  name: string;
  /** The column's blocks, rendered with `{% render_blocks column.blocks %}`. */
  blocks: BlockDrop[];
}

/** `block`, inside a block template (`blocks/<type>.liquid` or the built-in one). */
export interface BlockDrop {
  /** Unique in the page: `<regionName>-<n>` (nested grid blocks: `<grid id>-<column>-<n>`), for anchors and CSS. */
  id: string;
  /** Block type. */
  type: EBlockType;
  /** The block's settings with its drops. */
  settings: BlockSettingsDrop;
  /** The direct props some block types have, as configured: `content` (text), `url` (map), `type` (social-feed). */
  props: { [prop: string]: unknown };
  /** `grid`: its columns (empty for other types). */
  columns: GridColumnDrop[];
}

/** What every page template (`templates/<name>.liquid`), snippet and editable region sees. */
export interface ThemeContext {
  /** The store. */
  store: StoreDrop;
  /** The page (`page.stk.config.json`). */
  page: PageDrop;
  /** Blog articles, in the config's order. */
  articles: ArticleDrop[];
  /** Categories, each with its products in `items`. */
  categories: CategoryDrop[];
  /** Menus by name: `menus['main-menu'].links`. */
  menus: { [name: string]: MenuDrop };
  /** The paginator. */
  paginator: PaginatorDrop;
  /** Name of the template being rendered (`index`, `blog`, `article`, `category`, `product`, or the page's own). */
  template: string;
  /** What was asked for. */
  request: RequestDrop;
  /** On `/blog/<handle>`: the article. */
  article?: ArticleDrop;
  /** On `/categories/<handle>`: the category. */
  category?: CategoryDrop;
  /** On `/products/<handle>`: the product. */
  product?: ProductDrop;
}

/** What `layout/theme.liquid` sees: the page's objects plus the rendered page. */
export interface LayoutContext extends ThemeContext {
  /** The rendered page template, placed with `{{ content_for_layout }}`. */
  content_for_layout: string;
}

/** What a block template sees: the page's objects plus `block`. */
export interface BlockContext extends ThemeContext {
  /** The block being rendered. */
  block: BlockDrop;
}
