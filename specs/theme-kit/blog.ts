import type { DateString, MediaUri } from './primitives';

/** One mock blog article: an entry of `blog.stk.config.json` (an array). */
export interface IArticleConfig {
  /** Article title. */
  title: string;
  /** Article meta description. */
  metaDescription: string;
  /** Article body (HTML). */
  content: string;
  /** Creation time; must be convertible to a date. */
  createdTime: DateString;
  /** Publication time; must be convertible to a date. Defaults to the current date (applied at mock time). */
  publishedTime?: DateString;
  /** Featured image (image URI). */
  featuredImage?: MediaUri;
  /** Article tags. */
  tags: string[];
}
