/**
 * The store filters the theme kit adds to LiquidJS's standard ones (Shopify's names and meanings):
 * money, links to assets and images, tags for stylesheets and scripts, handles.
 */
import { escapeHtml } from '@commerce-kit/internal/escape-html';
import { slugify } from '@commerce-kit/internal/slug';
import type { FilterImplOptions } from 'liquidjs';
import type { StoreDrop } from '../generated/context.js';

/**
 * On a store object: the currency every price is shown in, whatever currency a template passes to `money`
 * (the dev server's currency switch, `?currency=EUR`: a preview of the display, amounts unconverted).
 */
export const DISPLAY_CURRENCY: unique symbol = Symbol.for('@commerce-kit/theme-kit:display-currency');

/** The store of the page being rendered (filters read its language and currency). */
function storeOf(filter: { context: { globals: object } }): Partial<StoreDrop> {
  const store = (filter.context.globals as { store?: unknown }).store;
  return typeof store === 'object' && store !== null ? (store as Partial<StoreDrop>) : {};
}

const formats = new Map<string, Intl.NumberFormat | null>();

/** A cached currency format (a 1,000-product page formats 1,000 prices); null when Intl refuses the locale or code. */
function currencyFormat(locale: string, currency: string, display: 'symbol' | 'none'): Intl.NumberFormat | null {
  const key = `${locale}\u0000${currency}\u0000${display}`;
  let format = formats.get(key);
  if (format === undefined) {
    try {
      const options: Intl.NumberFormatOptions =
        display === 'symbol'
          ? { style: 'currency', currency }
          : { style: 'decimal', minimumFractionDigits: 2, maximumFractionDigits: 2 };
      if (display === 'none') {
        const digits =
          new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
        options.minimumFractionDigits = digits;
        options.maximumFractionDigits = digits;
      }
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = null;
    }
    formats.set(key, format);
  }
  return format;
}

function money(
  filter: { context: { globals: object } },
  value: unknown,
  currency: unknown,
  display: 'symbol' | 'none',
): unknown {
  const amount =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(amount)) return value;
  const store = storeOf(filter);
  const forced = (store as { [DISPLAY_CURRENCY]?: string })[DISPLAY_CURRENCY];
  const code = forced ?? (typeof currency === 'string' && currency !== '' ? currency : (store.currencyCode ?? 'USD'));
  const format = currencyFormat(store.language ?? 'en-US', code.toUpperCase(), display);
  return format ? format.format(amount) : `${amount.toFixed(2)}${display === 'symbol' ? ` ${code}` : ''}`;
}

/** Site path of a theme-relative URI (`assets/logo.png` -> `/assets/logo.png`); absolute URLs and paths stay. */
export function themeUrl(uri: string): string {
  if (uri === '' || /^[a-z][a-z\d+.-]*:/i.test(uri) || uri.startsWith('/') || uri.startsWith('//')) return uri;
  return `/${uri.replace(/^\.\//, '')}`;
}

const encodePath = (file: string): string => file.split('/').map(encodeURIComponent).join('/');

/** The filters, by name. */
export const STORE_FILTERS: Readonly<Record<string, FilterImplOptions>> = {
  /** `{{ product.price | money }}`: the price in the store's currency and language (`$19.00`); a currency code argument wins. */
  money(value: unknown, currency?: unknown) {
    return money(this, value, currency, 'symbol');
  },
  /** `{{ product.price | money_with_currency }}`: `$19.00 USD`. */
  money_with_currency(value: unknown, currency?: unknown) {
    const formatted = money(this, value, currency, 'symbol');
    if (formatted === value) return value;
    const store = storeOf(this);
    const code =
      (store as { [DISPLAY_CURRENCY]?: string })[DISPLAY_CURRENCY] ??
      (typeof currency === 'string' && currency !== '' ? currency : (store.currencyCode ?? 'USD'));
    return `${String(formatted)} ${code.toUpperCase()}`;
  },
  /** `{{ product.price | money_without_currency }}`: `19.00`. */
  money_without_currency(value: unknown, currency?: unknown) {
    return money(this, value, currency, 'none');
  },
  /** `{{ 'theme.css' | asset_url }}`: `/assets/theme.css`. */
  asset_url(value: unknown) {
    return `/assets/${encodePath(String(value ?? '').replace(/^\/+/, ''))}`;
  },
  /** `{{ product.featuredImage | image_url }}`: a theme-relative image as a site path, an absolute URL as it is. */
  image_url(value: unknown) {
    return value === undefined || value === null ? '' : themeUrl(String(value));
  },
  /** `{{ 'theme.css' | asset_url | stylesheet_tag }}`. */
  stylesheet_tag(value: unknown) {
    return `<link rel="stylesheet" href="${escapeHtml(String(value ?? ''))}">`;
  },
  /** `{{ 'theme.js' | asset_url | script_tag }}`. */
  script_tag(value: unknown) {
    return `<script src="${escapeHtml(String(value ?? ''))}" defer></script>`;
  },
  /** `{{ 'Café Crème' | handleize }}`: `cafe-creme`, as handles are made. */
  handleize(value: unknown) {
    return slugify(String(value ?? ''));
  },
  /** `{{ link.title | link_to: link.url }}`: an `<a>` element. */
  link_to(value: unknown, url?: unknown) {
    return `<a href="${escapeHtml(String(url ?? '#'))}">${String(value ?? '')}</a>`;
  },
};
