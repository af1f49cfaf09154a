/**
 * The template contract: the objects, filters and tags a theme may use. `theme-kit check` warns about
 * anything outside it; the renderer refuses what LiquidJS does not have (an unknown filter or tag is an
 * error when the template is parsed).
 */
import { STORE_FILTERS } from './filters.js';

/** Objects every page template, snippet and region sees. */
export const PAGE_OBJECTS = [
  'store',
  'page',
  'articles',
  'categories',
  'menus',
  'paginator',
  'template',
  'request',
  'article',
  'category',
  'product',
] as const;
/** What the layout sees besides the page's objects. */
export const LAYOUT_OBJECTS = ['content_for_layout'] as const;
/** What a block template sees besides the page's objects. */
export const BLOCK_OBJECTS = ['block'] as const;

/**
 * Standard Liquid filters (Shopify's names) that LiquidJS implements. LiquidJS's Jekyll extensions
 * (`where_exp`, `slugify`, `jsonify`, `push`, ...) work but are outside the contract: the platform's
 * renderer may not have them.
 */
export const STANDARD_FILTERS = [
  'abs',
  'append',
  'at_least',
  'at_most',
  'base64_decode',
  'base64_encode',
  'capitalize',
  'ceil',
  'compact',
  'concat',
  'date',
  'default',
  'divided_by',
  'downcase',
  'escape',
  'escape_once',
  'find',
  'find_index',
  'first',
  'floor',
  'has',
  'hmac_sha256',
  'join',
  'json',
  'last',
  'lstrip',
  'map',
  'minus',
  'modulo',
  'newline_to_br',
  'plus',
  'prepend',
  'reject',
  'remove',
  'remove_first',
  'remove_last',
  'replace',
  'replace_first',
  'replace_last',
  'reverse',
  'round',
  'rstrip',
  'sha256',
  'size',
  'slice',
  'sort',
  'sort_natural',
  'split',
  'strip',
  'strip_html',
  'strip_newlines',
  'sum',
  'times',
  'truncate',
  'truncatewords',
  'uniq',
  'upcase',
  'url_decode',
  'url_encode',
  'where',
] as const;

/** Every filter of the contract: the standard ones and the store's. */
export const CONTRACT_FILTERS: ReadonlySet<string> = new Set([...STANDARD_FILTERS, ...Object.keys(STORE_FILTERS)]);

/** Standard Liquid tags, plus the theme kit's own. LiquidJS's `include` and Jekyll-style `block` are outside it. */
export const CONTRACT_TAGS: ReadonlySet<string> = new Set([
  'assign',
  'break',
  'capture',
  'case',
  'comment',
  'continue',
  'cycle',
  'decrement',
  'echo',
  'for',
  'if',
  'increment',
  'liquid',
  'raw',
  'render',
  'tablerow',
  'unless',
  '#',
  'layout',
  'editable_region',
  'render_blocks',
]);
