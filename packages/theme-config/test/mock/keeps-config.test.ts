/** The complete valid example theme: every configured value survives into the mock output. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateMockData } from '../../src/mock/index.js';
import type { MockData } from '../../src/generated/spec/mock-data.js';
import type { ThemeConfig } from '../../src/types.js';
import { COMPLETE_THEME, loadValid, NOW, schemaErrors } from './helpers.js';

/** Asserts that every value of `configured` is in `actual` at the same place (objects may gain keys). */
function expectKept(configured: unknown, actual: unknown, where: string): void {
  if (Array.isArray(configured)) {
    expect(Array.isArray(actual), `${where} is an array`).toBe(true);
    expect((actual as unknown[]).length, `${where} length`).toBe(configured.length);
    configured.forEach((item, i) => {
      expectKept(item, (actual as unknown[])[i], `${where}/${i}`);
    });
  } else if (typeof configured === 'object' && configured !== null) {
    expect(typeof actual, `${where} is an object`).toBe('object');
    for (const [key, value] of Object.entries(configured)) {
      expect(Object.hasOwn(actual as object, key), `${where}/${key} present`).toBe(true);
      expectKept(value, (actual as Record<string, unknown>)[key], `${where}/${key}`);
    }
  } else {
    expect(actual, where).toEqual(configured);
  }
}

const readRaw = (name: string): unknown => {
  const value = JSON.parse(readFileSync(path.join(COMPLETE_THEME, name), 'utf8')) as unknown;
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    delete (value as Record<string, unknown>).$schema;
  return value;
};

describe('the complete example theme', () => {
  let config: ThemeConfig;
  let mock: MockData;
  beforeAll(async () => {
    config = await loadValid(COMPLETE_THEME);
    mock = generateMockData(config, { seed: 42, clock: NOW });
  });

  it('loads every one of the seven files', () => {
    expect(Object.keys(config).sort()).toEqual([
      'blog',
      'categories',
      'editableRegions',
      'menus',
      'page',
      'pagination',
      'store',
    ]);
  });

  it('keeps the store, page and paginator values exactly as in the files', () => {
    expectKept(readRaw('store.stk.config.json'), mock.store, 'store');
    expect(mock.page).toEqual(readRaw('page.stk.config.json'));
    expectKept(readRaw('pagination.stk.config.json'), mock.paginator, 'paginator');
  });

  it('keeps the categories, and configured products exactly as they are', () => {
    const raw = readRaw('categories.stk.config.json') as { items?: unknown[]; numItems: number }[];
    raw.forEach((category, i) => {
      const { items, ...rest } = category;
      expectKept(rest, mock.categories[i], `categories/${i}`);
      if (items) expect(mock.categories[i]!.items).toEqual(items);
      else expect(mock.categories[i]!.items).toHaveLength(category.numItems);
    });
  });

  it('keeps the articles, their tags and (as ISO 8601 UTC) their dates', () => {
    const raw = readRaw('blog.stk.config.json') as Record<string, unknown>[];
    raw.forEach((article, i) => {
      const { createdTime, publishedTime, ...rest } = article;
      const out = mock.articles[i]!;
      expectKept(rest, out, `articles/${i}`);
      expect(out.createdTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(out.createdTime).toBe(
        new Date(Date.parse(`${String(createdTime)}${String(createdTime).includes('T') ? '' : ' UTC'}`)).toISOString(),
      );
      if (publishedTime !== undefined) expect(Date.parse(out.publishedTime)).toBe(Date.parse(String(publishedTime)));
      else expect(out.publishedTime).toBe(NOW);
    });
  });

  it('keeps menu names and link titles at every depth', () => {
    const strip = (links: { title: string; children?: unknown[] }[]): unknown =>
      links.map((l) => ({ title: l.title, ...(l.children ? { children: strip(l.children as never) } : {}) }));
    const raw = readRaw('menus.stk.config.json') as { name: string; links: never[] }[];
    expectKept(
      raw.map((m) => ({ name: m.name, links: strip(m.links) })),
      mock.menus,
      'menus',
    );
  });

  it('keeps every loaded (normalised) editable region and block setting, configured drops included', () => {
    expectKept(config.editableRegions, mock.editableRegions, 'editableRegions');
  });

  it('keeps the loaded config as a whole (nothing configured is dropped or changed, dates aside)', () => {
    const { blog, pagination, editableRegions, categories, ...rest } = config;
    expectKept(rest.store, mock.store, 'store');
    expectKept(rest.page, mock.page, 'page');
    expectKept(pagination, mock.paginator, 'paginator');
    expectKept(
      categories?.map(({ items: _i, ...c }) => c),
      mock.categories,
      'categories',
    );
    expect(blog?.length).toBe(mock.articles.length);
    expect(editableRegions?.length).toBe(mock.editableRegions.length);
  });

  it('validates against mock-data.schema.json', () => {
    expect(schemaErrors(mock)).toEqual([]);
  });

  it('does not modify the config it was given', async () => {
    const fresh = await loadValid(COMPLETE_THEME);
    generateMockData(config, { seed: 1, clock: NOW });
    expect(config).toEqual(fresh);
  });
});
