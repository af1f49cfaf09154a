/**
 * The mock store the theme kit generates from the config files (the platform's documentation: "The theme kit generates
 * mock store data for theme development"): what `generateMockData` returns and `theme-config mock` writes.
 * `mock-data.schema.json` is generated from `MockData`.
 *
 * Rules shared by every part: a configured value is kept exactly (dates are the one exception: they come
 * out as ISO 8601 UTC); only what the config leaves out is generated, from a seeded fake-data generator.
 */
import type { EBlockType, EStoreLanguage } from './enums';
import type { CurrencyCode, MediaUri, PageNumber } from './primitives';
import type { IProductConfig } from './categories';

/**
 * An ISO 8601 date and time in UTC, as `Date.prototype.toISOString` writes it: `2024-05-01T10:00:00.000Z`.
 * @format date-time
 * @pattern Z$
 */
export type IsoDateTime = string;

/**
 * A site-relative URL path, e.g. `/blog/summer-sale` or `/blog?page=2`.
 * @pattern ^/
 */
export type UrlPath = string;

/** The store: every field of `store.stk.config.json`, the missing ones generated. */
export interface MockStore {
  /** Show payment cards (generated: `true`). */
  cardsEnabled: boolean;
  /** Currency for displayed prices (generated from `language` when missing, e.g. `EUR` for `de-DE`). */
  currencyCode: CurrencyCode;
  /** The store's Dribbble URL (a boolean in the config carries no URL and is dropped). */
  dribbbleUrl?: string;
  /** The store's Flickr URL (a boolean in the config carries no URL and is dropped). */
  flickrUrl?: string;
  /** Favicon (image URI). */
  icon: MediaUri;
  /** The store's Instagram URL. */
  instagramUrl?: string;
  /** Language (locale) of the store; the generated texts use it where the fake-data library has it. */
  language: EStoreLanguage;
  /** Logo (image URI). */
  logo?: MediaUri;
  /** The store's Pinterest URL. */
  pinterestUrl?: string;
  /** Show social sharing buttons. */
  sharingEnabled: boolean;
  /** Show the EU cookie banner. */
  showCookieBanner: boolean;
  /** Show the store currency. */
  showCurrency: boolean;
  /** Store description. */
  storeDescription: string;
  /** Store name. */
  storeName: string;
  /** The store's SoundCloud URL. */
  soundcloudUrl?: string;
  /** The store's Tumblr URL. */
  tumblrUrl?: string;
  /** The store's Twitter URL. */
  twitterUrl?: string;
  /** Show the logo (instead of the store name). */
  useLogo: boolean;
  /** Pages appear as they do for the store owner. */
  viewAsOwner: boolean;
  /** The store's Vimeo URL. */
  vimeoUrl?: string;
  /** The store's YouTube URL. */
  youtubeUrl?: string;
}

/** The page being rendered: `page.stk.config.json` with the missing fields generated. */
export interface MockPage {
  /** Page title. */
  title: string;
  /** Page meta description. */
  metaDescription: string;
  /** Template name (generated: `index`). */
  template: string;
}

/** One blog article. */
export interface MockArticle {
  /** Article title. */
  title: string;
  /** Article meta description. */
  metaDescription: string;
  /** Article body (HTML). */
  content: string;
  /** Creation time. */
  createdTime: IsoDateTime;
  /** Publication time (the generation's `now` when the config has none). */
  publishedTime: IsoDateTime;
  /** Featured image (image URI). */
  featuredImage?: MediaUri;
  /** Article tags (kept as configured). */
  tags: string[];
  /**
   * URL slug derived from the title (lower case, ASCII letters and digits joined by `-`; `article-<n>`
   * when the title has none; `-2`, `-3`, ... appended to repeats).
   * @pattern ^[a-z0-9]+(?:-[a-z0-9]+)*$
   */
  slug: string;
  /** Article URL: `/blog/<slug>`. */
  url: UrlPath;
}

/**
 * One product of a category: the same shape as a configured product (`IProductConfig`). Configured
 * products are kept as they are; generated ones have every field, with the store's `currencyCode`.
 */
export type MockProduct = IProductConfig;

/** One category with its products. */
export interface MockCategory {
  /** Category title. */
  title: string;
  /** Category description. */
  description: string;
  /** Featured image (image URI). */
  featuredImage?: MediaUri;
  /**
   * Number of items in the category, as configured (for a generated category: the number of its items).
   * @TJS-type integer
   * @minimum 0
   */
  numItems: number;
  /** The category's products: the configured `items`, or `numItems` generated products when omitted. */
  items: MockProduct[];
}

/**
 * A ProductDrop filled into a block (`item`). The platform's documentation does not show a ProductDrop's fields: the mock
 * gives it the fields of a product (`IProductConfig`); fields the config gives for the drop are kept exactly and
 * win over generated ones, and fields the config adds are kept too.
 */
export interface MockProductDrop extends MockProduct {
  /** Any further field the config gives for the drop. */
  [field: string]: unknown;
}

/**
 * A CategoryDrop filled into a block (`category`, `categories`, `dummy_category`). The platform's documentation does not
 * show a CategoryDrop's fields: the mock gives it the fields of a {@link MockCategory} (with its products);
 * fields the config gives for the drop are kept exactly and win over generated ones.
 */
export interface MockCategoryDrop extends MockCategory {
  /** Any further field the config gives for the drop. */
  [field: string]: unknown;
}

/**
 * A block's settings, as the config loader normalised them (canonical `background_*` spelling, every
 * setting in `settings`), with the product and category references filled in.
 */
export interface MockBlockSettings {
  /** `button`, `image-with-text`, `image-with-text-overlay`: the product, filled when not given and `action` is not `link`. */
  item?: MockProductDrop;
  /** `featured-category`: the category, filled when not given (one of the store's categories). */
  category?: MockCategoryDrop;
  /** `category-list`: the categories, filled when not given (the store's first `per_row` x `rows`). */
  categories?: MockCategoryDrop[];
  /** `category-list`: the category shown when none exists, filled when not given. */
  dummy_category?: MockCategoryDrop;
  /** Every other setting of the block, as configured. */
  [setting: string]: unknown;
}

/** One column of a `grid` block. */
export interface MockGridColumn {
  /** Column name `column_<X>`. */
  name: string;
  /** Blocks in the column (with their references filled in too). */
  blocks: MockBlock[];
}

/** A block's props: its settings plus the few direct props some block types have. */
export interface MockBlockProps {
  /** The block's settings. */
  settings: MockBlockSettings;
  /** `grid`: its columns. */
  columns?: MockGridColumn[];
  /** Other direct props, as configured: `content` (text), `url` (map), `type` (social-feed). */
  [prop: string]: unknown;
}

/** One block of an editable region. */
export interface MockBlock {
  /** Block type. */
  type: EBlockType;
  /** Block props. */
  props: MockBlockProps;
}

/** One editable region with its normalised blocks. */
export interface MockEditableRegion {
  /** Region name (as in the Liquid template). */
  regionName: string;
  /** Markup compiled into the region before the blocks. */
  rawMarkup?: string;
  /** The region's blocks. */
  blocks: MockBlock[];
}

/** One link of a menu. */
export interface MockMenuLink {
  /** Link title. */
  title: string;
  /** URL derived from the title: the parent's URL plus `/<slug of title>` (top-level links: `/<slug>`). */
  url: UrlPath;
  /** Nested links (empty when none). */
  children: MockMenuLink[];
}

/** One menu. */
export interface MockMenu {
  /** Template menu identifier (`main-menu`, `footer-menu`), when the config gives one. */
  name?: string;
  /** The menu's links. */
  links: MockMenuLink[];
}

/** One page of the paginator. */
export interface MockPaginatorPage {
  /**
   * Page number, from 1.
   * @TJS-type integer
   * @minimum 1
   */
  number: number;
  /** Page URL: `?page=<number>`. */
  url: string;
  /** Whether this is the current page. */
  isCurrent: boolean;
}

/** The paginator's "previous" or "next" link. */
export interface MockPaginatorLink {
  /** Link title (`previousTitle` / `nextTitle`, default `Previous` / `Next`). */
  title: string;
  /**
   * Page the link leads to; `null` on the first page (previous) or the last page (next).
   * @TJS-type ["integer", "null"]
   * @minimum 1
   */
  page: number | null;
  /** URL of that page; `null` when there is none. */
  url: string | null;
}

/** The paginator: the configured values plus the pages and links a template renders. */
export interface MockPaginator {
  /** Total number of pages. */
  numPages: PageNumber;
  /** The current page (1..numPages). */
  currentPage: PageNumber;
  /** Title of the "previous" link. */
  previousTitle: string;
  /** Title of the "next" link. */
  nextTitle: string;
  /** Pages 1..numPages, the current one marked. */
  pages: MockPaginatorPage[];
  /** The "previous" link. */
  previous: MockPaginatorLink;
  /** The "next" link. */
  next: MockPaginatorLink;
}

/**
 * A part of the generated text, by what it names: the store's name and description, the blog articles
 * (titles, descriptions, content), the category titles, the product names and descriptions.
 */
export type MockTextPart =
  | 'storeName'
  | 'storeDescription'
  | 'articles'
  | 'categories'
  | 'productNames'
  | 'productDescriptions';

/**
 * Which locale the generated text follows: the store's language where the fake-data library has words for
 * it, English where it has not (the platform's documentation leaves the generated text open). A type alias,
 * so declarations that infer `MockData['mockLocale']` can write its shape out.
 */
export type MockLocale = {
  /** The store language asked for (`store.language`; `en-US` without a store file). */
  language: string;
  /** The fake-data locale the generated text is written in (`da`, `de`, `en_US`, `fr`, `ja`, ...). */
  locale: string;
  /** The parts written in English because the locale has no words for them; empty when all follow it. */
  english: MockTextPart[];
};

/** The complete mock store a theme renders. */
export interface MockData {
  /** The store. */
  store: MockStore;
  /** The page being rendered. */
  page: MockPage;
  /** Blog articles. */
  articles: MockArticle[];
  /** Categories with their products. */
  categories: MockCategory[];
  /** Editable regions with their blocks. */
  editableRegions: MockEditableRegion[];
  /** Menus (`main-menu`, `footer-menu`, ...). */
  menus: MockMenu[];
  /** The paginator. */
  paginator: MockPaginator;
  /** Which locale the generated text follows, and what of it is in English. */
  mockLocale?: MockLocale;
}
