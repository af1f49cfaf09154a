import type { Count, CurrencyCode, MediaUri } from './primitives';

/** One mock product of a category. */
export interface IProductConfig {
  /** Product title. */
  title: string;
  /** Product description. */
  description: string;
  /** Featured image (image URI). */
  featuredImage?: MediaUri;
  /** Stock keeping unit. */
  sku?: string;
  /** ISO 4217 currency code. */
  currency?: CurrencyCode;
  /**
   * Price; 0 or more is recommended.
   * @minimum 0
   * @guessed minimum
   */
  price: number;
  /** Available quantity. */
  quantity?: Count;
}

/** One mock category: an entry of `categories.stk.config.json` (an array). */
export interface ICategoryConfig {
  /** Category title. */
  title: string;
  /** Category description. */
  description: string;
  /** Featured image (image URI). */
  featuredImage?: MediaUri;
  /** Number of items in the category. */
  numItems: Count;
  /** The category's products; when omitted, `numItems` products are generated automatically. */
  items?: IProductConfig[];
}
