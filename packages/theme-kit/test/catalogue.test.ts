// The `catalogue` option: the store's products, categories and articles from the caller's own source, rendered
// with the theme's config for the rest; the dev server's refresh() re-reads it and reloads the open pages.
import { describe, expect, it } from 'vitest';
import {
  openTheme,
  startDevServer,
  ThemeKitConfigurationError,
  type DevServerEvent,
  type StoreCatalogue,
  type ThemeContext,
  type ThemeOptions,
} from '../src/index.js';
import { openEvents } from './support/events.js';
import { makeTheme, starterSpec } from './support/theme.js';

const NOW = '2024-06-01T00:00:00Z';

/** A small live catalogue: a product in two categories, one in none, one with a handle of its own. */
function catalogue(): {
  value: StoreCatalogue;
  products: Array<StoreCatalogue['products'][number] & { title: string }>;
} {
  const teapot = { title: 'Granite Teapot', description: 'For two.', price: 39.5, currency: 'EUR', quantity: 3 };
  const sencha = { title: 'Sencha', description: 'Green tea.', price: 8 };
  const loose = { title: 'Gift card', description: 'Any amount.', price: 25, quantity: 0 };
  const kettle = { title: 'Kettle', description: 'Whistles.', price: 30, handle: 'old-kettle' };
  return {
    products: [teapot, sencha, loose, kettle],
    value: {
      products: [teapot, sencha, loose, kettle],
      categories: [
        { title: 'Tea', description: 'Leaves.', items: [sencha, teapot] },
        {
          title: 'Gifts',
          description: 'To give.',
          featuredImage: 'https://example.com/gifts.png',
          items: [teapot, kettle],
          handle: 'presents',
        },
      ],
      articles: [
        {
          title: 'Brewing',
          metaDescription: 'How.',
          content: '<p>80 °C.</p>',
          createdTime: '2024-03-14T09:26:53.589Z',
          publishedTime: '2024-03-15T00:00:00.000Z',
          tags: ['guides'],
        },
        {
          title: 'Brewing',
          metaDescription: 'Again.',
          content: '<p>Again.</p>',
          createdTime: '2024-03-16T00:00:00Z',
          publishedTime: '2024-03-16T00:00:00Z',
          tags: [],
          handle: 'brewing-again',
        },
      ],
    },
  };
}

function themeWith(
  value: () => StoreCatalogue,
  extra: ThemeOptions = {},
): Promise<Awaited<ReturnType<typeof openTheme>>> {
  return openTheme({ theme: makeTheme(starterSpec()), clock: NOW, catalogue: value, ...extra });
}

describe('a theme rendered from a catalogue of its own', () => {
  it('every product has one handle and one page, in its categories too; given handles are kept', async () => {
    const { value } = catalogue();
    const theme = await themeWith(() => value);
    expect(theme.routes()).toEqual([
      '/',
      '/blog',
      '/blog/brewing',
      '/blog/brewing-again',
      '/categories/tea',
      '/categories/presents',
      '/products/granite-teapot',
      '/products/sencha',
      '/products/gift-card',
      '/products/old-kettle',
    ]);
    const gifts = await theme.render('/categories/presents');
    const context = gifts.context as ThemeContext;
    expect(context.category).toMatchObject({
      title: 'Gifts',
      numItems: 2,
      url: '/categories/presents',
      featuredImage: 'https://example.com/gifts.png',
    });
    expect(context.category?.items.map((p) => [p.title, p.url])).toEqual([
      ['Granite Teapot', '/products/granite-teapot'],
      ['Kettle', '/products/old-kettle'],
    ]);
    expect(context.category?.items[1]).not.toHaveProperty('handle', undefined);
    const tea = (await theme.render('/categories/tea')).context as ThemeContext;
    expect(tea.category?.items.map((p) => p.handle)).toEqual(['sencha', 'granite-teapot']);
    const teapot = await theme.render('/products/granite-teapot');
    expect(teapot.html).toContain('<h1>Granite Teapot</h1>');
    expect(teapot.html).toContain('€39.50');
    expect(teapot.html).toContain('3 in stock');
    expect((await theme.render('/products/gift-card')).html).toContain('Sold out');
    const article = (await theme.render('/blog/brewing-again')).context as ThemeContext;
    expect(article.article).toMatchObject({
      title: 'Brewing',
      handle: 'brewing-again',
      slug: 'brewing-again',
      url: '/blog/brewing-again',
      createdTime: '2024-03-16T00:00:00.000Z',
    });
  });

  it('blocks pick from the catalogue; what a block names that the store lacks keeps a link but has no page', async () => {
    const { value, products } = catalogue();
    const theme = await themeWith(() => value);
    const home = (await theme.render('/')).html;
    const linked = new Set(
      [...home.matchAll(/href="(\/(?:products|categories)\/[^"?#]+)"/g)].map((m) => m[1] as string),
    );
    const routes = new Set(theme.routes());
    // The starter's config links /categories/trail-gear by URL and names a product by title (Summit Espresso,
    // in an image-with-text block); the other blocks' products and categories are picked from the catalogue.
    expect([...linked].filter((url) => !routes.has(url)).sort()).toEqual([
      '/categories/trail-gear',
      '/products/summit-espresso',
    ]);
    expect([...linked].some((url) => routes.has(url) && url.startsWith('/products/'))).toBe(true);
    expect(products.some((p) => home.includes(p.title))).toBe(true);
    for (const url of ['/products/summit-espresso', '/products/harbor-blend'])
      expect((await theme.render(url)).status).toBe(404);
  });

  it('a product left out of every category still has its page; an item not in products is a product of its own', async () => {
    const extra = { title: 'Cup', description: 'Small.', price: 4 };
    const theme = await themeWith(() => ({
      products: [],
      categories: [{ title: 'Cups', description: 'All.', items: [extra] }],
      articles: [],
    }));
    expect(theme.routes()).toContain('/products/cup');
    expect(theme.routes().filter((r) => r.startsWith('/blog/'))).toEqual([]);
  });

  it('the catalogue must be a function', async () => {
    await expect(openTheme({ theme: makeTheme(starterSpec()), catalogue: [] as never })).rejects.toThrow(
      ThemeKitConfigurationError,
    );
  });
});

describe('the dev server with a catalogue: refresh()', () => {
  it('re-renders the open pages and reloads them when the catalogue changed, not when it is the same', async () => {
    let { value } = catalogue();
    let reads = 0;
    const events: DevServerEvent[] = [];
    const server = await startDevServer({
      theme: makeTheme(starterSpec()),
      port: 0,
      clock: NOW,
      catalogue: () => {
        reads += 1;
        return value;
      },
      onEvent: (event) => events.push(event),
    });
    try {
      const stream = await openEvents(
        `${server.url}/__theme-kit/events?page=${encodeURIComponent('/products/old-kettle')}`,
      );
      await stream.next('hello');
      expect(await (await fetch(`${server.url}/products/old-kettle`)).text()).toContain('<h1>Kettle</h1>');

      // The same catalogue again: read, but nothing reloads.
      const before = reads;
      await server.refresh();
      expect(reads).toBe(before + 1);
      expect(events.filter((e) => e.type === 'change')).toEqual([]);

      // A renamed product keeps its page (its handle is given) and the open page is morphed into the new title.
      const next = catalogue().value;
      value = {
        ...next,
        products: next.products.map((p) =>
          p.handle === 'old-kettle' ? { ...p, title: 'Copper Kettle', quantity: 0 } : p,
        ),
      };
      const refreshed = server.refresh();
      // A page asked for after refresh() was called is rendered from the new catalogue.
      const page = await (await fetch(`${server.url}/products/old-kettle`)).text();
      await refreshed;
      expect(page).toContain('<h1>Copper Kettle</h1>');
      expect(page).toContain('Sold out');
      await stream.next('morph');
      expect(events.filter((e) => e.type === 'change')).toEqual([
        {
          type: 'change',
          files: [],
          action: 'reload',
          pages: 1,
          ms: expect.any(Number) as number,
          problems: [],
          work: { read: [], parsed: [], config: false, mock: true }, // the store built again, no file read
        },
      ]);
      stream.close();
    } finally {
      await server.close();
    }
  });

  it('calls made before an earlier refresh has started share it', async () => {
    let reads = 0;
    const { value } = catalogue();
    const server = await startDevServer({
      theme: makeTheme(starterSpec()),
      port: 0,
      clock: NOW,
      catalogue: () => {
        reads += 1;
        return value;
      },
    });
    try {
      const before = reads;
      const first = server.refresh();
      const second = server.refresh();
      expect(second).toBe(first);
      await Promise.all([first, second]);
      expect(reads).toBe(before + 1);
      await server.refresh();
      expect(reads).toBe(before + 2);
    } finally {
      await server.close();
    }
  });
});
