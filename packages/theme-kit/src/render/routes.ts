/**
 * The store's URLs: `/` (the page's template), `/blog`, `/blog/<handle>`, `/categories/<handle>`,
 * `/products/<handle>`; `?page=N` moves the paginator. Pure: the dev server, `theme-kit render` and the
 * sandbox's storefront resolve URLs the same way.
 */
import { contextFor, type ThemeData } from '../context/build.js';
import type { RouteKind, ThemeContext } from '../generated/context.js';
import { DEFAULT_TEMPLATE } from '../theme/files.js';

/** A URL resolved to what it renders. */
export type ResolvedRoute =
  | { readonly found: true; readonly route: RouteKind; readonly template: string; readonly context: ThemeContext }
  | { readonly found: false; readonly reason: string };

/** The template each route renders (`page`: the page config's `template`, default `index`). */
export const ROUTE_TEMPLATES: Readonly<Record<Exclude<RouteKind, 'page'>, string>> = {
  blog: 'blog',
  article: 'article',
  category: 'category',
  product: 'product',
};

const notFound = (reason: string): ResolvedRoute => ({ found: false, reason });

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Resolves a request URL (path and query; an absolute URL's origin is ignored) against the store. */
export function resolveRoute(url: string, data: ThemeData): ResolvedRoute {
  const parsed = new URL(url, 'http://theme.invalid');
  const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : parsed.pathname;
  const { paginator } = data.objects;
  let page = paginator.currentPage;
  const pageParam = parsed.searchParams.get('page');
  if (pageParam !== null) {
    if (!/^[1-9]\d*$/.test(pageParam) || Number(pageParam) > paginator.numPages) {
      return notFound(
        `page ${JSON.stringify(pageParam)} does not exist: the paginator has pages 1 to ${paginator.numPages} (pagination.stk.config.json numPages)`,
      );
    }
    page = Number(pageParam);
  }
  const segments = path.split('/').slice(1).map(decode);
  if (segments.some((s) => s === undefined)) return notFound(`${path} is not a valid URL path`);
  const [first, second, ...rest] = segments as string[];
  const base = { path, page };
  if (path === '/') {
    const template = data.objects.page.template || DEFAULT_TEMPLATE;
    return { found: true, route: 'page', template, context: contextFor(data, { ...base, route: 'page', template }) };
  }
  if (rest.length > 0) return notFound(`no page at ${path}`);
  if (first === 'blog' && second === undefined) {
    return {
      found: true,
      route: 'blog',
      template: ROUTE_TEMPLATES.blog,
      context: contextFor(data, { ...base, route: 'blog', template: ROUTE_TEMPLATES.blog }),
    };
  }
  if (second === undefined) return notFound(`no page at ${path}`);
  if (first === 'blog') {
    const article = data.articles.get(second);
    if (!article)
      return notFound(
        `no article with the handle ${JSON.stringify(second)} (the blog has ${[...data.articles.keys()].join(', ') || 'no articles'})`,
      );
    const template = ROUTE_TEMPLATES.article;
    return {
      found: true,
      route: 'article',
      template,
      context: contextFor(data, { ...base, route: 'article', template, article }),
    };
  }
  if (first === 'categories') {
    const category = data.categories.get(second);
    if (!category) return notFound(`no category with the handle ${JSON.stringify(second)}`);
    const template = ROUTE_TEMPLATES.category;
    return {
      found: true,
      route: 'category',
      template,
      context: contextFor(data, { ...base, route: 'category', template, category }),
    };
  }
  if (first === 'products') {
    const product = data.products.get(second);
    if (!product) return notFound(`no product with the handle ${JSON.stringify(second)}`);
    const template = ROUTE_TEMPLATES.product;
    return {
      found: true,
      route: 'product',
      template,
      context: contextFor(data, { ...base, route: 'product', template, product }),
    };
  }
  return notFound(`no page at ${path}`);
}

/** Every page of the store, for `theme-kit render`: `/`, `/blog`, each article, category and product. */
export function allRoutes(data: ThemeData): string[] {
  return [
    '/',
    '/blog',
    ...[...data.articles.keys()].map((handle) => `/blog/${encodeURIComponent(handle)}`),
    ...[...data.categories.keys()].map((handle) => `/categories/${encodeURIComponent(handle)}`),
    ...[...data.products.keys()].map((handle) => `/products/${encodeURIComponent(handle)}`),
  ];
}
