/**
 * The mock page: the contents of `page.stk.config.json` (an object). The platform's documentation gives no required
 * column for this file, so every field is optional.
 */
export interface IPageConfig {
  /** Page title. */
  title?: string;
  /** Page meta description. */
  metaDescription?: string;
  /** Template name, normally one from the theme's templates folder. */
  template?: string;
}
