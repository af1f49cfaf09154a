/** Rendering in memory: a theme's files and config values, no disk and no server. */
import { normalizeConfig, type ConfigKind } from '@commerce-kit/theme-config';
import { generateMockData } from '@commerce-kit/theme-config/mock';
import { createThemeData, ThemeRenderer, type ThemeData, type ThemeDataOptions } from '../../src/index.js';

/** A fixed "today", so generated dates never move. */
export const NOW = '2024-06-01T00:00:00Z';

/** Config values by kind, as written in the files. */
export type ConfigValues = Partial<Record<ConfigKind, unknown>>;

const KEYS: Record<ConfigKind, string> = {
  store: 'store',
  page: 'page',
  blog: 'blog',
  categories: 'categories',
  'editable-regions': 'editableRegions',
  menus: 'menus',
  pagination: 'pagination',
};

/** The store data of config values (normalised as loading does), seed 1. */
export function dataOf(config: ConfigValues = {}, options: ThemeDataOptions = {}): ThemeData {
  const loaded: Record<string, unknown> = {};
  for (const [kind, value] of Object.entries(config) as Array<[ConfigKind, unknown]>)
    loaded[KEYS[kind]] = normalizeConfig(kind, value);
  return createThemeData(generateMockData(loaded, { seed: 1, clock: NOW }), options);
}

/** A renderer of `files` (theme-relative path -> Liquid). */
export const rendererOf = (files: Readonly<Record<string, string>>): ThemeRenderer =>
  new ThemeRenderer({ files: new Map(Object.entries(files)) });
