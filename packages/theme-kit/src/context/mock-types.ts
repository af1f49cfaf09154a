/**
 * The parts of theme-config's mock store (`MockData`) the theme kit builds on, named once for its modules;
 * theme-config exports the whole store's type only.
 */
import type { MockData } from '@commerce-kit/theme-config/mock';

export type { MockData };
/** One blog article. */
export type MockArticle = MockData['articles'][number];
/** One category with its products. */
export type MockCategory = MockData['categories'][number];
/** One product of a category. */
export type MockProduct = MockCategory['items'][number];
/** One block of an editable region. */
export type MockBlock = MockData['editableRegions'][number]['blocks'][number];
/** One link of a menu. */
export type MockMenuLink = MockData['menus'][number]['links'][number];
/** The paginator. */
export type MockPaginator = MockData['paginator'];
