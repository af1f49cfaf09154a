/** Menus (URLs derived from titles, nested to any depth) and the paginator. */
import type { IMenuConfig, IMenuLink } from '../generated/spec/menus.js';
import type { MockMenu, MockMenuLink, MockPaginator } from '../generated/spec/mock-data.js';
import type { Diagnostic } from '../diagnostics.js';
import type { NormalizedPaginationConfig } from '../types.js';
import { slugify } from '@commerce-kit/internal/slug';

const PAGINATION_FILE = 'pagination.stk.config.json';

/** The paginator of the default store (no pagination file). */
export const DEFAULT_PAGINATION: NormalizedPaginationConfig = Object.freeze({
  numPages: 3,
  currentPage: 1,
  previousTitle: 'Previous',
  nextTitle: 'Next',
});

/** A link and its children, each child's URL nested under its parent's. */
function buildLink(link: IMenuLink, parentUrl: string, position: number): MockMenuLink {
  const url = `${parentUrl}/${slugify(link.title) || `link-${position}`}`;
  return { title: link.title, url, children: buildLinks(link.children, url) };
}

function buildLinks(links: readonly IMenuLink[] | undefined, parentUrl: string): MockMenuLink[] {
  return (links ?? []).map((link, index) => buildLink(link, parentUrl, index + 1));
}

/** Menus of the default store: a main menu whose "Shop" lists the categories, and a footer menu. */
export function defaultMenus(categoryTitles: readonly string[]): IMenuConfig[] {
  return [
    {
      name: 'main-menu',
      links: [
        { title: 'Home' },
        { title: 'Shop', children: categoryTitles.map((title) => ({ title })) },
        { title: 'Blog' },
        { title: 'About' },
      ],
    },
    {
      name: 'footer-menu',
      links: [
        { title: 'Contact' },
        { title: 'Shipping & Returns' },
        { title: 'Privacy Policy' },
        { title: 'Terms of Service' },
      ],
    },
  ];
}

/** The menus, every link with its URL and a `children` array. */
export function buildMenus(menus: readonly IMenuConfig[]): MockMenu[] {
  return menus.map((menu) => ({ ...menu, links: buildLinks(menu.links, '') }));
}

/** `currentPage` outside 1..numPages, or a page count that is not a positive integer. */
export function checkPagination(pagination: NormalizedPaginationConfig | undefined): Diagnostic[] {
  if (!pagination) return [];
  const { numPages, currentPage } = pagination;
  if (!Number.isSafeInteger(numPages) || numPages < 1) {
    return [
      {
        severity: 'error',
        code: 'out-of-range',
        file: PAGINATION_FILE,
        pointer: '/numPages',
        message: `numPages must be a whole number of 1 or more, got ${String(numPages)}`,
      },
    ];
  }
  if (!Number.isSafeInteger(currentPage) || currentPage < 1 || currentPage > numPages) {
    return [
      {
        severity: 'error',
        code: 'page-out-of-range',
        file: PAGINATION_FILE,
        pointer: '/currentPage',
        message: `currentPage ${String(currentPage)} is outside 1..${numPages}`,
      },
    ];
  }
  return [];
}

const pageUrl = (page: number): string => `?page=${page}`;

/** The paginator: the configured values, pages 1..numPages with the current one marked, previous/next links. */
export function buildPaginator(pagination: NormalizedPaginationConfig | undefined): MockPaginator {
  const config = pagination ?? DEFAULT_PAGINATION;
  const { numPages, currentPage } = config;
  const pages = new Array<MockPaginator['pages'][number]>(numPages);
  for (let n = 1; n <= numPages; n += 1) pages[n - 1] = { number: n, url: pageUrl(n), isCurrent: n === currentPage };
  const previousTitle = config.previousTitle ?? 'Previous';
  const nextTitle = config.nextTitle ?? 'Next';
  const previousPage = currentPage > 1 ? currentPage - 1 : null;
  const nextPage = currentPage < numPages ? currentPage + 1 : null;
  return {
    ...config,
    previousTitle,
    nextTitle,
    pages,
    previous: { title: previousTitle, page: previousPage, url: previousPage === null ? null : pageUrl(previousPage) },
    next: { title: nextTitle, page: nextPage, url: nextPage === null ? null : pageUrl(nextPage) },
  };
}
