/** Each defaulting rule of the mock generator. */
import { describe, expect, it } from 'vitest';
import { normalizeConfig } from '../../src/dir.js';
import { EStoreLanguage } from '../../src/index.js';
import { generateMockData, MockConfigError } from '../../src/mock/index.js';
import type { MockBlock, MockData } from '../../src/generated/spec/mock-data.js';
import type { ThemeConfig } from '../../src/types.js';
import type { NormalizedStoreConfig as IStoreConfig } from '../../src/types.js';
import { NOW, schemaErrors } from './helpers.js';

const generate = (config: ThemeConfig, seed = 7): MockData => generateMockData(config, { seed, clock: NOW });

const STORE: IStoreConfig = {
  cardsEnabled: false,
  icon: 'favicon.ico',
  language: 'en-US',
  sharingEnabled: false,
  showCookieBanner: false,
  showCurrency: true,
  storeDescription: 'Hand-made things.',
  storeName: 'Atelier',
  useLogo: false,
  viewAsOwner: true,
};

const PRODUCT_FIELDS = ['currency', 'description', 'featuredImage', 'price', 'quantity', 'sku', 'title'];

describe('no config files at all', () => {
  const mock = generate({});

  it('is a complete, plausible store that validates against the schema', () => {
    expect(schemaErrors(mock)).toEqual([]);
    expect(mock.store.storeName).not.toBe('');
    expect(mock.store.language).toBe('en-US');
    expect(mock.store.currencyCode).toBe('USD');
    expect(mock.page).toEqual({
      title: mock.store.storeName,
      metaDescription: mock.store.storeDescription,
      template: 'index',
    });
    expect(mock.articles.length).toBeGreaterThan(0);
    expect(mock.categories.length).toBeGreaterThan(0);
    for (const category of mock.categories) {
      expect(category.items).toHaveLength(category.numItems);
      for (const product of category.items) expect(Object.keys(product).sort()).toEqual(PRODUCT_FIELDS);
    }
    expect(mock.editableRegions).toEqual([]);
    expect(mock.menus.map((m) => m.name)).toEqual(['main-menu', 'footer-menu']);
    expect(mock.paginator).toMatchObject({ numPages: 3, currentPage: 1, previousTitle: 'Previous', nextTitle: 'Next' });
  });

  it('dates generated articles on or before now, published after creation', () => {
    for (const article of mock.articles) {
      expect(Date.parse(article.createdTime)).toBeLessThanOrEqual(Date.parse(article.publishedTime));
      expect(Date.parse(article.publishedTime)).toBeLessThanOrEqual(Date.parse(NOW));
      expect(article.url).toBe(`/blog/${article.slug}`);
    }
  });

  it("lists the default categories under the main menu's Shop link", () => {
    const shop = mock.menus[0]!.links.find((l) => l.title === 'Shop')!;
    expect(shop.children.map((c) => c.title)).toEqual(mock.categories.slice(0, 5).map((c) => c.title));
  });
});

describe('store and page', () => {
  it('keeps a configured store as it is and adds only the currency (from the language)', () => {
    const mock = generate({ store: { ...STORE, language: 'de-DE' } });
    expect(mock.store).toEqual({ ...STORE, language: 'de-DE', currencyCode: 'EUR' });
  });

  it('prices generated products in the store currency, whole yen for JPY', () => {
    const mock = generate({
      store: { ...STORE, language: 'ja-JP' },
      categories: [{ title: 'T', description: 'D', numItems: 20 }],
    });
    expect(mock.store.currencyCode).toBe('JPY');
    for (const p of mock.categories[0]!.items) {
      expect(p.currency).toBe('JPY');
      expect(Number.isInteger(p.price)).toBe(true);
    }
    const usd = generate({
      store: { ...STORE, currencyCode: 'GBP' },
      categories: [{ title: 'T', description: 'D', numItems: 5 }],
    });
    expect(usd.categories[0]!.items.every((p) => p.currency === 'GBP')).toBe(true);
  });

  it('localises generated text by the store language (faker locale), falling back to English', () => {
    const text = (language: IStoreConfig['language']): string =>
      JSON.stringify(
        generate({ store: { ...STORE, language }, categories: [{ title: 'T', description: 'D', numItems: 30 }] })
          .categories,
      );
    expect(text('fr-FR')).not.toBe(text('en-US'));
    expect(text('de-DE')).not.toBe(text('en-US'));
    for (const language of ['da-DK', 'fi-FI', 'it-IT', 'nb-NO', 'nl-NL', 'pt-PT', 'sv-SE', 'ja-JP'] as const) {
      expect(schemaErrors(generate({ store: { ...STORE, language } }))).toEqual([]);
    }
  });

  it('says which locale the generated text follows, and which parts of it are English, for every store language', () => {
    // faker's locales (the version in package-lock.json): a part whose words the locale lacks is English.
    const expected: Record<IStoreConfig['language'], { locale: string; english: string[] }> = {
      'da-DK': { locale: 'da', english: ['articles'] },
      'de-DE': {
        locale: 'de',
        english: ['storeDescription', 'categories', 'productNames', 'productDescriptions'],
      },
      'en-US': { locale: 'en_US', english: [] },
      'fi-FI': {
        locale: 'fi',
        english: ['storeName', 'storeDescription', 'articles', 'categories', 'productNames', 'productDescriptions'],
      },
      'fr-FR': { locale: 'fr', english: ['storeDescription'] },
      'it-IT': { locale: 'it', english: ['articles', 'categories', 'productNames', 'productDescriptions'] },
      'ja-JP': {
        locale: 'ja',
        english: ['storeDescription', 'categories', 'productNames', 'productDescriptions'],
      },
      'nb-NO': {
        locale: 'nb_NO',
        english: ['storeDescription', 'articles', 'productNames', 'productDescriptions'],
      },
      'nl-NL': { locale: 'nl', english: ['storeName', 'storeDescription'] },
      'pt-PT': { locale: 'pt_PT', english: ['storeDescription', 'articles', 'productDescriptions'] },
      'sv-SE': { locale: 'sv', english: ['storeDescription', 'articles', 'productDescriptions'] },
    };
    expect(Object.keys(expected).sort()).toEqual(Object.values(EStoreLanguage).sort());
    for (const [language, { locale, english }] of Object.entries(expected)) {
      const mock = generate({ store: { ...STORE, language: language as IStoreConfig['language'] } });
      expect(mock.mockLocale, language).toEqual({ language, locale, english });
      expect(schemaErrors(mock), language).toEqual([]);
    }
    expect(generateMockData({}, { seed: 1, clock: NOW }).mockLocale).toEqual({
      language: 'en-US',
      locale: 'en_US',
      english: [],
    });
  });

  it('fills only the missing page fields', () => {
    const mock = generate({ store: STORE, page: { template: 'product' } });
    expect(mock.page).toEqual({ template: 'product', title: 'Atelier', metaDescription: 'Hand-made things.' });
  });
});

describe('categories', () => {
  it('generates exactly numItems products, every field set, when items is omitted', () => {
    for (const numItems of [0, 1, 17]) {
      const mock = generate({ categories: [{ title: 'Tea', description: 'Loose leaf', numItems }] });
      const [category] = mock.categories;
      expect(category).toMatchObject({ title: 'Tea', description: 'Loose leaf', numItems });
      expect(category!.items).toHaveLength(numItems);
      for (const p of category!.items) {
        expect(Object.keys(p).sort()).toEqual(PRODUCT_FIELDS);
        expect(p.price).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(p.quantity)).toBe(true);
      }
    }
  });

  it('uses configured items as they are, even when numItems disagrees (validation warns)', () => {
    const items = [{ title: 'Mug', description: 'Stoneware', price: 12 }];
    const mock = generate({ categories: [{ title: 'Kitchen', description: 'All of it', numItems: 3, items }] });
    expect(mock.categories[0]).toEqual({ title: 'Kitchen', description: 'All of it', numItems: 3, items });
  });

  it('rejects a numItems that cannot be generated (config built without validation)', () => {
    expect(() => generate({ categories: [{ title: 'X', description: 'Y', numItems: -1 }] })).toThrow(MockConfigError);
  });
});

describe('articles', () => {
  const article = {
    title: 'Hello',
    metaDescription: 'm',
    content: '<p>c</p>',
    createdTime: '2024-01-02',
    tags: ['a', 'b'],
  };

  it('defaults publishedTime to now and writes dates as ISO 8601 UTC', () => {
    const [out] = generate({ blog: [article] }).articles;
    expect(out).toEqual({
      ...article,
      createdTime: '2024-01-02T00:00:00.000Z',
      publishedTime: NOW,
      slug: 'hello',
      url: '/blog/hello',
    });
  });

  it('converts offsets to UTC and reads zone-less date-times as UTC on any machine', () => {
    const previous = process.env.TZ;
    try {
      for (const tz of ['UTC', 'America/New_York', 'Asia/Tokyo']) {
        process.env.TZ = tz;
        const [a, b] = generate({
          blog: [
            { ...article, createdTime: '2024-03-01T10:00:00+02:00', publishedTime: '2024-03-01T10:00' },
            { ...article, createdTime: 'March 10, 2024', publishedTime: '2024-03-10 08:15:00' },
          ],
        }).articles;
        expect([a!.createdTime, a!.publishedTime], tz).toEqual([
          '2024-03-01T08:00:00.000Z',
          '2024-03-01T10:00:00.000Z',
        ]);
        expect([b!.createdTime, b!.publishedTime], tz).toEqual([
          '2024-03-10T00:00:00.000Z',
          '2024-03-10T08:15:00.000Z',
        ]);
        const [c] = generate({
          blog: [
            {
              ...article,
              createdTime: 'Sun, 10 Mar 2024 10:00:00 GMT',
              publishedTime: 'Mon, 11 Mar 2024 10:00:00 EDT',
            },
          ],
        }).articles;
        expect([c!.createdTime, c!.publishedTime], tz).toEqual([
          '2024-03-10T10:00:00.000Z',
          '2024-03-11T14:00:00.000Z',
        ]);
      }
    } finally {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    }
  });

  it('derives unique slugs and URLs from titles (accents stripped, a fallback for non-Latin titles)', () => {
    const titles = ['Café Crème!', 'Café crème', 'Große Straße', '夏のセール', ''];
    const out = generate({ blog: titles.map((title) => ({ ...article, title })) }).articles;
    expect(out.map((a) => a.slug)).toEqual(['cafe-creme', 'cafe-creme-2', 'grosse-strasse', 'article-4', 'article-5']);
    expect(out.map((a) => a.url)).toEqual(out.map((a) => `/blog/${a.slug}`));
    expect(out[3]!.tags).toEqual(['a', 'b']);
  });

  it('rejects a date that is not convertible to a date (config built without validation)', () => {
    expect(() => generate({ blog: [{ ...article, createdTime: 'soon' }] })).toThrow(/createdTime "soon"/);
  });
});

describe('menus', () => {
  it('derives URLs from titles, nests children to any depth and gives every link a children array', () => {
    let deep: { title: string; children?: unknown[] } = { title: 'Level 8' };
    for (let level = 7; level >= 1; level -= 1) deep = { title: `Level ${level}`, children: [deep] };
    const mock = generate({
      menus: [{ name: 'main-menu', links: [{ title: 'Shop Now' }, deep as never] }, { name: 'footer-menu' }],
    });
    const [main, footer] = mock.menus;
    expect(main!.links[0]).toEqual({ title: 'Shop Now', url: '/shop-now', children: [] });
    let link = main!.links[1]!;
    let url = '';
    for (let level = 1; level <= 8; level += 1) {
      url += `/level-${level}`;
      expect(link).toMatchObject({ title: `Level ${level}`, url });
      link = link.children[0]!;
    }
    expect(footer).toEqual({ name: 'footer-menu', links: [] });
  });

  it('replaces the default menus when the file is present', () => {
    expect(generate({ menus: [{ name: 'main-menu', links: [{ title: 'A' }] }] }).menus.map((m) => m.name)).toEqual([
      'main-menu',
    ]);
  });
});

describe('paginator', () => {
  const paginator = (
    numPages: number,
    currentPage: number,
    titles: { previousTitle?: string; nextTitle?: string } = {},
  ) => generate({ pagination: normalizeConfig('pagination', { numPages, currentPage, ...titles }) }).paginator;

  it('has pages 1..numPages with the current one marked, and previous/next links with default titles', () => {
    const p = paginator(4, 2);
    expect(p.pages).toEqual([1, 2, 3, 4].map((n) => ({ number: n, url: `?page=${n}`, isCurrent: n === 2 })));
    expect(p.previous).toEqual({ title: 'Previous', page: 1, url: '?page=1' });
    expect(p.next).toEqual({ title: 'Next', page: 3, url: '?page=3' });
  });

  it('keeps configured titles and has no previous page on the first page, no next page on the last', () => {
    expect(paginator(3, 1, { previousTitle: 'Newer', nextTitle: 'Older' })).toMatchObject({
      previousTitle: 'Newer',
      nextTitle: 'Older',
      previous: { title: 'Newer', page: null, url: null },
      next: { title: 'Older', page: 2 },
    });
    expect(paginator(3, 3).next).toEqual({ title: 'Next', page: null, url: null });
    expect(paginator(1, 1).pages).toEqual([{ number: 1, url: '?page=1', isCurrent: true }]);
  });

  it('rejects currentPage outside 1..numPages with the page-out-of-range diagnostic', () => {
    for (const current of [0, 5]) {
      try {
        paginator(4, current);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(MockConfigError);
        expect((error as MockConfigError).diagnostics[0]).toMatchObject({
          code: 'page-out-of-range',
          pointer: '/currentPage',
        });
      }
    }
  });
});

describe('blocks that reference products and categories', () => {
  const blocks = (list: unknown[]): ThemeConfig => ({
    categories: [
      {
        title: 'Jackets',
        description: 'd',
        numItems: 1,
        items: [{ title: 'Storm shell', description: 'Shell', price: 249.5, sku: 'NW-1' }],
      },
      { title: 'Boots', description: 'd', numItems: 3 },
      { title: 'Hats', description: 'd', numItems: 2 },
    ],
    editableRegions: normalizeConfig('editable-regions', [{ regionName: 'main', blocks: list }]),
  });
  const common = { background_type: 'none', enable_header: false, height: 1, width: 100 };
  const settingsOf = (mock: MockData, i: number): Record<string, unknown> =>
    mock.editableRegions[0]!.blocks[i]!.props.settings;

  it('fills item (button, image-with-text, image-with-text-overlay) unless action is link', () => {
    const mock = generate(
      blocks([
        { type: 'button', props: { settings: { action: 'buy-now', alignment: 'left', height: 1 } } },
        { type: 'button', props: { settings: { action: 'link', link_url: '/x', alignment: 'left', height: 1 } } },
        { type: 'image-with-text', props: { settings: { ...common, action: 'view-item' } } },
        { type: 'image-with-text-overlay', props: { settings: { ...common, background_type: 'color' } } },
      ]),
    );
    for (const i of [0, 2, 3])
      expect(Object.keys(settingsOf(mock, i).item as object).sort()).toEqual(
        expect.arrayContaining(['title', 'price', 'description']),
      );
    expect(settingsOf(mock, 1)).not.toHaveProperty('item');
    expect(schemaErrors(mock)).toEqual([]);
  });

  it('keeps configured drop fields, completing them from the store product or category of the same title', () => {
    const mock = generate(
      blocks([
        {
          type: 'button',
          props: {
            settings: {
              action: 'add-to-cart',
              alignment: 'left',
              height: 1,
              item: { title: 'Storm shell', badge: 'new' },
            },
          },
        },
        {
          type: 'button',
          props: {
            settings: { action: 'add-to-cart', alignment: 'left', height: 1, item: { title: 'Unknown', price: 1 } },
          },
        },
        { type: 'featured-category', props: { settings: { ...common, category: { title: 'Boots' } } } },
      ]),
    );
    expect(settingsOf(mock, 0).item).toEqual({
      title: 'Storm shell',
      description: 'Shell',
      price: 249.5,
      sku: 'NW-1',
      badge: 'new',
    });
    expect(settingsOf(mock, 1).item).toMatchObject({ title: 'Unknown', price: 1 });
    expect(settingsOf(mock, 2).category).toEqual(mock.categories[1]);
  });

  it('fills category (featured-category), categories and dummy_category (category-list)', () => {
    const mock = generate(
      blocks([
        { type: 'featured-category', props: { settings: common } },
        { type: 'category-list', props: { settings: { ...common, per_row: 2, rows: 1 } } },
        { type: 'category-list', props: { settings: common } },
      ]),
    );
    expect(mock.categories).toContainEqual(settingsOf(mock, 0).category);
    expect(settingsOf(mock, 1).categories).toEqual(mock.categories.slice(0, 2));
    expect(settingsOf(mock, 2).categories).toEqual(mock.categories);
    const dummy = settingsOf(mock, 1).dummy_category as MockData['categories'][number];
    expect(dummy.items).toHaveLength(dummy.numItems);
    expect(schemaErrors(mock)).toEqual([]);
  });

  it('fills blocks nested in grid columns', () => {
    const mock = generate(
      blocks([
        {
          type: 'grid',
          props: {
            columns: [
              { name: 'column_1', blocks: [{ type: 'featured-category', props: { settings: common } }] },
              { name: 'column_2' },
            ],
            settings: { ...common, columns: 2 },
          },
        },
      ]),
    );
    const grid = mock.editableRegions[0]!.blocks[0] as MockBlock;
    expect(grid.props.columns![0]!.blocks[0]!.props.settings.category).toBeDefined();
    expect(grid.props.columns![1]!.blocks).toEqual([]);
  });

  it('gives blocks generated categories and products when the store has none', () => {
    const config = blocks([
      { type: 'featured-category', props: { settings: common } },
      { type: 'button', props: { settings: { alignment: 'left', height: 1 } } },
    ]);
    const mock = generate({ ...config, categories: [] });
    expect(settingsOf(mock, 0).category).toMatchObject({ title: expect.any(String), items: expect.any(Array) });
    expect(settingsOf(mock, 1).item).toMatchObject({ title: expect.any(String), price: expect.any(Number) });
  });
});
