// The renderer: what templates see, the routes, regions, layouts, filters, and errors with positions.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { Parser } from 'liquidjs';
import addFormats from 'ajv-formats';
import { describe, expect, it, vi } from 'vitest';
import { ThemeRenderError, type ThemeContext } from '../src/index.js';
import { dataOf, rendererOf } from './support/render.js';

const schema = JSON.parse(
  readFileSync(new URL('../src/generated/schemas/theme-context.schema.json', import.meta.url), 'utf8'),
) as object;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validateContext = ajv.compile(schema);

const CATEGORIES = [
  {
    title: 'Trail gear',
    description: 'Packs.',
    numItems: 2,
    items: [
      { title: 'Storm shell', description: 'Dry.', price: 120, currency: 'USD' },
      { title: 'Camp mug', description: 'Hot.', price: 9.5 },
    ],
  },
  {
    title: 'Coffee',
    description: 'Beans.',
    numItems: 1,
    items: [{ title: 'Harbor Blend', description: 'Nutty.', price: 16 }],
  },
];
const MENUS = [
  {
    name: 'main-menu',
    links: [
      { title: 'Home' },
      { title: 'Shop', children: [{ title: 'Trail gear' }, { title: 'Sale' }] },
      { title: 'Blog' },
    ],
  },
  { name: 'footer-menu', links: [{ title: 'Storm shell' }, { title: 'About us' }] },
];
const STORE = {
  storeName: 'Northwind',
  storeDescription: 'Gear.',
  icon: 'assets/icon.png',
  language: 'en-US',
  currencyCode: 'USD',
  cardsEnabled: true,
  sharingEnabled: false,
  showCookieBanner: false,
  showCurrency: true,
  useLogo: false,
  viewAsOwner: false,
};

describe('what templates see', () => {
  const data = dataOf({
    store: STORE,
    categories: CATEGORIES,
    menus: MENUS,
    pagination: { numPages: 4, currentPage: 2 },
  });

  it('keeps the config field names and adds url and handle', async () => {
    const page = await rendererOf({ 'templates/index.liquid': 'x' }).render('/', data);
    const context = page.context as ThemeContext;
    expect(context.store).toMatchObject({ storeName: 'Northwind', currencyCode: 'USD', url: '/' });
    expect(context.page).toMatchObject({ template: 'index', url: '/' });
    expect(context.categories.map((c) => [c.title, c.handle, c.url])).toEqual([
      ['Trail gear', 'trail-gear', '/categories/trail-gear'],
      ['Coffee', 'coffee', '/categories/coffee'],
    ]);
    expect(context.categories[0]?.items.map((p) => [p.title, p.handle, p.url, p.price])).toEqual([
      ['Storm shell', 'storm-shell', '/products/storm-shell', 120],
      ['Camp mug', 'camp-mug', '/products/camp-mug', 9.5],
    ]);
    expect(context.paginator).toMatchObject({
      numPages: 4,
      currentPage: 2,
      previousTitle: 'Previous',
      nextTitle: 'Next',
    });
    expect(context.request).toEqual({ path: '/', page: 2, route: 'page' });
    expect(context.template).toBe('index');
    expect(validateContext(JSON.parse(JSON.stringify(context))), JSON.stringify(validateContext.errors)).toBe(true);
  });

  it('keys menus by name, nests children, and links titles to the pages they name', async () => {
    const html = await rendererOf({
      'templates/index.liquid':
        "{% for l in menus['main-menu'].links %}[{{ l.title }}|{{ l.url }}{% for c in l.children %}({{ c.title }}|{{ c.url }}|{{ c.handle }}){% endfor %}]{% endfor %}/{% for l in menus.footer-menu.links %}[{{ l.title }}|{{ l.url }}]{% endfor %}",
    }).render('/', data);
    expect(html.html).toBe(
      '[Home|/][Shop|/shop(Trail gear|/categories/trail-gear|trail-gear)(Sale|/shop/sale|sale)][Blog|/blog]/[Storm shell|/products/storm-shell][About us|/about-us]',
    );
  });

  it('?page=N moves the paginator; a page that does not exist is a 404', async () => {
    const renderer = rendererOf({
      'templates/index.liquid':
        '{{ paginator.currentPage }}:{{ paginator.previous.url }}:{{ paginator.next.url }}:{% for p in paginator.pages %}{% if p.isCurrent %}*{% endif %}{{ p.number }}{% endfor %}',
    });
    expect((await renderer.render('/', data)).html).toBe('2:?page=1:?page=3:1*234');
    expect((await renderer.render('/?page=4', data)).html).toBe('4:?page=3::123*4');
    expect((await renderer.render('/?page=1', data)).html).toBe('1::?page=2:*1234');
    for (const bad of ['/?page=5', '/?page=0', '/?page=two', '/?page=1.5'])
      expect((await renderer.render(bad, data)).status, bad).toBe(404);
  });
});

describe('routes', () => {
  const data = dataOf({
    categories: CATEGORIES,
    blog: [
      { title: 'Hello world', metaDescription: 'Hi', content: '<p>Hi</p>', createdTime: '2024-01-02', tags: ['news'] },
    ],
  });
  const renderer = rendererOf({
    'templates/index.liquid': 'home',
    'templates/blog.liquid': 'blog {{ articles.size }}',
    'templates/article.liquid': 'article {{ article.title }} {{ article.handle }} {{ article.url }}',
    'templates/category.liquid': 'category {{ category.title }} {{ category.items.size }}',
    'templates/product.liquid': 'product {{ product.title }} {{ product.price | money }}',
  });

  it('serves every kind of page with its template and object', async () => {
    expect((await renderer.render('/', data)).html).toBe('home');
    expect((await renderer.render('/blog', data)).html).toBe('blog 1');
    expect((await renderer.render('/blog/hello-world', data)).html).toBe(
      'article Hello world hello-world /blog/hello-world',
    );
    expect((await renderer.render('/categories/trail-gear/', data)).html).toBe('category Trail gear 2');
    expect((await renderer.render('/products/storm-shell', data)).html).toBe('product Storm shell $120.00');
    expect((await renderer.render('/products/storm-shell', data)).route).toBe('product');
  });

  it('answers 404 for what the store does not have: the built-in page, or templates/404.liquid', async () => {
    for (const url of ['/nope', '/products/nope', '/blog/nope', '/categories/x/y', '/products', '/%E0%A4%A']) {
      const page = await renderer.render(url, data);
      expect(page.status, url).toBe(404);
      expect(page.html).toContain('Not found');
    }
    const own = rendererOf({
      'templates/index.liquid': 'home',
      'templates/404.liquid': 'gone: {{ request.path }} {{ template }}',
    });
    expect(await own.render('/nope', data)).toMatchObject({ status: 404, html: 'gone: /nope 404' });
  });

  it('a route whose template is missing is an error naming the file', async () => {
    const error = await rendererOf({ 'templates/index.liquid': 'home' })
      .render('/blog', data)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ThemeRenderError);
    expect((error as ThemeRenderError).diagnostics[0]).toMatchObject({
      code: 'missing-template',
      message: expect.stringContaining('templates/blog.liquid'),
    });
  });
});

describe('editable regions', () => {
  it('renders rawMarkup as Liquid with the page objects, then the blocks in order', async () => {
    const data = dataOf({
      store: STORE,
      'editable-regions': [
        {
          regionName: 'home-hero',
          rawMarkup: '<p>{{ store.storeName }} {% assign n = 2 %}{{ n | plus: 1 }} {{ page.template }}</p>',
          blocks: [
            {
              type: 'html',
              props: {
                settings: { background_type: 'none', enable_header: false, height: 1, width: 100, html: '<b>one</b>' },
              },
            },
            {
              type: 'html',
              props: {
                settings: { background_type: 'none', enable_header: false, height: 1, width: 100, html: '<b>two</b>' },
              },
            },
          ],
        },
      ],
    });
    const page = await rendererOf({
      'templates/index.liquid': "<main>{% editable_region 'home-hero' %}</main>",
    }).render('/', data);
    expect(page.html).toMatch(
      /^<main><div class="stk-region" data-stk-region="home-hero"><p>Northwind 3 index<\/p>.*<b>one<\/b>.*<b>two<\/b>.*<\/div><\/main>$/s,
    );
    expect(page.warnings).toEqual([]);
  });

  it('a region tag without config renders empty, with a warning', async () => {
    const page = await rendererOf({ 'templates/index.liquid': "{% editable_region 'sidebar' %}" }).render(
      '/',
      dataOf(),
    );
    expect(page.html).toBe('<div class="stk-region" data-stk-region="sidebar"></div>');
    expect(page.warnings).toMatchObject([
      { severity: 'warning', code: 'unconfigured-region', message: expect.stringContaining('sidebar') },
    ]);
  });

  it('a rawMarkup syntax error points into the JSON file, escapes counted', async () => {
    const text =
      '[\n  {\n    "regionName": "main",\n    "rawMarkup": "<p>\\"hi\\"</p>\\n  {{ store.storeName | nope }}"\n  }\n]\n';
    const regions = JSON.parse(text) as unknown;
    const data = dataOf(
      { 'editable-regions': regions },
      { editableRegionsFile: { file: 'theme/editable-regions.stk.config.json', text } },
    );
    const error = (await rendererOf({ 'templates/index.liquid': "{% editable_region 'main' %}" })
      .render('/', data)
      .catch((e: unknown) => e)) as ThemeRenderError;
    expect(error).toBeInstanceOf(ThemeRenderError);
    // Line 4 of the file; after `    "rawMarkup": "<p>\"hi\"</p>\n  {{ store.storeName | ` (column 57): the filter's name.
    expect(error.diagnostics[0]).toMatchObject({
      code: 'unknown-filter',
      file: 'theme/editable-regions.stk.config.json',
      line: 4,
      column: 57,
      pointer: '/0/rawMarkup',
    });
    expect(text.split('\n')[3]?.slice(56, 60)).toBe('nope');
  });
});

describe('layouts', () => {
  const data = dataOf();
  it('places the page with content_for_layout; {% layout none %} and {% layout name %} choose', async () => {
    const files = {
      'layout/theme.liquid': '<body>{{ content_for_layout }}|{{ template }}</body>',
      'layout/plain.liquid': '[{{ content_for_layout }}]',
      'templates/index.liquid': 'home',
    };
    expect((await rendererOf(files).render('/', data)).html).toBe('<body>home|index</body>');
    expect(
      (await rendererOf({ ...files, 'templates/index.liquid': '{% layout none %}home' }).render('/', data)).html,
    ).toBe('home');
    expect(
      (await rendererOf({ ...files, 'templates/index.liquid': "{% layout 'plain' %}home" }).render('/', data)).html,
    ).toBe('[home]');
    const missing = await rendererOf({ ...files, 'templates/index.liquid': "{% layout 'nope' %}home" })
      .render('/', data)
      .catch((e: unknown) => e);
    expect((missing as ThemeRenderError).diagnostics[0]).toMatchObject({
      code: 'missing-template',
      message: expect.stringContaining('layout/nope.liquid'),
    });
  });

  it('snippets see the page objects; render parameters stay local', async () => {
    const html = await rendererOf({
      'templates/index.liquid': "{% render 'card', label: 'x' %}|{{ label }}",
      'snippets/card.liquid': '{{ label }}:{{ store.currencyCode }}',
    }).render('/', data);
    expect(html.html).toBe('x:USD|');
  });
});

describe('filters', () => {
  const render = async (source: string, store: object = STORE): Promise<string> =>
    (await rendererOf({ 'templates/index.liquid': source }).render('/', dataOf({ store }))).html;

  it('money in the store currency and language; a currency argument wins', async () => {
    expect(
      await render(
        '{{ 1234.5 | money }}|{{ 1234.5 | money_with_currency }}|{{ 1234.5 | money_without_currency }}|{{ 5 | money: "EUR" }}|{{ "x" | money }}',
      ),
    ).toBe('$1,234.50|$1,234.50 USD|1,234.50|€5.00|x');
    expect(await render('{{ 1234.5 | money }}', { ...STORE, language: 'de-DE', currencyCode: 'EUR' })).toBe(
      '1.234,50\u00a0€',
    );
    expect(await render('{{ 1234 | money }}', { ...STORE, language: 'ja-JP', currencyCode: 'JPY' })).toBe('￥1,234');
  });

  it('assets, images, tags, handles, links', async () => {
    expect(
      await render(
        "{{ 'theme.css' | asset_url }}|{{ 'a b/c.css' | asset_url }}|{{ 'assets/x.png' | image_url }}|{{ 'https://e.x/y.png' | image_url }}|{{ '/x.png' | image_url }}",
      ),
    ).toBe('/assets/theme.css|/assets/a%20b/c.css|/assets/x.png|https://e.x/y.png|/x.png');
    expect(await render("{{ '/assets/t.css' | stylesheet_tag }}{{ '/assets/t.js' | script_tag }}")).toBe(
      '<link rel="stylesheet" href="/assets/t.css"><script src="/assets/t.js" defer></script>',
    );
    expect(await render("{{ 'Café Crème!' | handleize }}|{{ 'Home' | link_to: '/' }}")).toBe(
      'cafe-creme|<a href="/">Home</a>',
    );
  });
});

describe('errors and safety', () => {
  const data = dataOf({ menus: [{ name: '__proto__', links: [{ title: 'x' }] }] });

  it('an unknown filter is an error at its position, with a suggestion', async () => {
    const error = (await rendererOf({ 'templates/index.liquid': 'a\n  {{ 5 | mony }}' })
      .render('/', data)
      .catch((e: unknown) => e)) as ThemeRenderError;
    expect(error.diagnostics).toEqual([
      {
        severity: 'error',
        code: 'unknown-filter',
        message: 'unknown filter `mony`',
        pointer: '',
        file: 'templates/index.liquid',
        line: 2,
        column: 10,
        suggestion: 'did you mean `money`?',
      },
    ]);
    expect(error.message).toBe('templates/index.liquid:2:10: unknown filter `mony`');
  });

  it('errors in snippets and unknown tags point at their file', async () => {
    const inSnippet = (await rendererOf({
      'templates/index.liquid': "{% render 'card' %}",
      'snippets/card.liquid': 'ok\n{% if %}',
    })
      .render('/', data)
      .catch((e: unknown) => e)) as ThemeRenderError;
    expect(inSnippet.diagnostics[0]).toMatchObject({ code: 'liquid-syntax', file: 'snippets/card.liquid', line: 2 });
    const tag = (await rendererOf({ 'templates/index.liquid': '{% editable_regoin "x" %}' })
      .render('/', data)
      .catch((e: unknown) => e)) as ThemeRenderError;
    expect(tag.diagnostics[0]).toMatchObject({ code: 'unknown-tag', suggestion: 'did you mean `editable_region`?' });
    const snippet = (await rendererOf({ 'templates/index.liquid': "{% render 'nope' %}" })
      .render('/', data)
      .catch((e: unknown) => e)) as ThemeRenderError;
    expect(snippet.diagnostics[0]).toMatchObject({
      code: 'missing-snippet',
      message: expect.stringContaining('snippets/nope.liquid'),
    });
  });

  it('templates cannot reach prototypes, leave their folder, or be polluted by config keys', async () => {
    const renderer = rendererOf({
      'templates/index.liquid':
        "[{{ store.constructor }}{{ categories.constructor.name }}{{ menus['__proto__'].links.size }}]",
      'secret.liquid': 'SECRET',
    });
    expect((await renderer.render('/', data)).html).toBe('[1]');
    expect(({} as Record<string, unknown>)['links']).toBeUndefined();
    const escaping = await rendererOf({
      'templates/index.liquid': "{% render '../secret' %}",
      'secret.liquid': 'SECRET',
    })
      .render('/', data)
      .catch((e: unknown) => e);
    expect((escaping as ThemeRenderError).diagnostics[0]?.code).toBe('missing-snippet');
  });

  it('update() re-parses changed files only as their source changes', async () => {
    const renderer = rendererOf({ 'templates/index.liquid': "a{% render 's' %}", 'snippets/s.liquid': '1' });
    expect((await renderer.render('/', data)).html).toBe('a1');
    renderer.update(
      new Map([
        ['templates/index.liquid', "a{% render 's' %}"],
        ['snippets/s.liquid', '2'],
      ]),
    );
    expect((await renderer.render('/', data)).html).toBe('a2');
    renderer.update(
      new Map([
        ['templates/index.liquid', "b{% render 's' %}"],
        ['snippets/s.liquid', '2'],
      ]),
    );
    expect((await renderer.render('/', data)).html).toBe('b2');
  });

  it('parses each snippet once per source, however often and concurrently it is rendered', async () => {
    const renderer = rendererOf({
      'templates/index.liquid': "{% for i in (1..50) %}{% render 's', i: i %}{% endfor %}",
      'snippets/s.liquid': '{{ i }},',
    });
    const parse = vi.spyOn(Parser.prototype, 'parse'); // every parse, the renderer's own and LiquidJS's of snippets
    const pages = await Promise.all([renderer.render('/', data), renderer.render('/', data)]);
    expect(pages[0]?.html).toBe(Array.from({ length: 50 }, (_, i) => `${i + 1},`).join(''));
    await renderer.render('/', data);
    const files = (): unknown[] => parse.mock.calls.map(([, file]) => file).filter((file) => file !== undefined); // (undefined: the `render` tag's quoted name)
    expect(files()).toEqual(['templates/index.liquid', 'snippets/s.liquid']);
    renderer.update(
      new Map([
        ['templates/index.liquid', "{% for i in (1..50) %}{% render 's', i: i %}{% endfor %}"],
        ['snippets/s.liquid', '[{{ i }}]'],
      ]),
    );
    expect((await renderer.render('/', data)).html).toContain('[50]');
    expect(files()).toEqual(['templates/index.liquid', 'snippets/s.liquid', 'snippets/s.liquid']);
    parse.mockRestore();
  });
});
