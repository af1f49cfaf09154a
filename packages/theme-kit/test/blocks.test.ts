/**
 * The built-in markup of the 18 block types (`src/blocks/<type>.liquid` and the `stk-block` frame), rendered
 * by the real renderer from a seeded mock store: one reviewable HTML snapshot per type
 * (`__snapshots__/blocks/<type>.html`), and checks that the common settings and each type's own settings
 * change the output as the platform's block documentation describes. Every config used here passes
 * `validateConfig` strictly (no error, no warning), so the tests only use what the documentation allows.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  EBlockType,
  normalizeConfig,
  validateConfig,
  type ConfigKind,
  type NormalizedConfig,
  type ThemeConfig,
} from '@commerce-kit/theme-config';
import { generateMockData } from '@commerce-kit/theme-config/mock';
import { parse, type HTMLElement } from 'node-html-parser';
import { describe, expect, test } from 'vitest';
import { checkTheme, createThemeData, ThemeRenderer } from '../src/index.js';
import { makeTheme } from './support/theme.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A block entry as written in editable-regions.stk.config.json. */
interface BlockEntry {
  readonly type: string;
  readonly props: Readonly<Record<string, unknown>>;
}

/** The other config files of the store, as written. */
interface StoreFiles {
  readonly store?: object | undefined;
  readonly blog?: readonly object[] | undefined;
  readonly categories?: readonly object[] | undefined;
  readonly pagination?: object | undefined;
}

const STORE = {
  cardsEnabled: true,
  currencyCode: 'USD',
  icon: 'assets/favicon.png',
  language: 'en-US',
  sharingEnabled: true,
  showCookieBanner: false,
  showCurrency: true,
  storeDescription: 'Shoes, bags and hats.',
  storeName: 'Corner Shop',
  useLogo: false,
  viewAsOwner: false,
  instagramUrl: 'https://www.instagram.com/cornershop',
  youtubeUrl: 'https://www.youtube.com/@cornershop',
  flickrUrl: 'https://www.flickr.com/photos/cornershop',
};

const product = (title: string, price: number) => ({
  title,
  description: `${title}, made to last.`,
  featuredImage: `assets/${title.toLowerCase().replaceAll(' ', '-')}.jpg`,
  currency: 'USD',
  price,
});

const CATEGORIES = [
  {
    title: 'Shoes',
    description: 'Shoes for every day.',
    featuredImage: 'assets/shoes.jpg',
    numItems: 5,
    items: [
      product('Trail Runner', 89.5),
      product('City Loafer', 120),
      product('Rain Boot', 64),
      product('Beach Sandal', 25),
      product('Hiking Boot', 150),
    ],
  },
  {
    title: 'Bags',
    description: 'Bags to carry it all.',
    featuredImage: 'assets/bags.jpg',
    numItems: 2,
    items: [product('Tote', 35), product('Backpack', 79)],
  },
  { title: 'Hats', description: 'Hats for sun and rain.', numItems: 1, items: [product('Sun Hat', 19.99)] },
];

const article = (title: string, day: number, tags: string[]) => ({
  title,
  metaDescription: `${title}.`,
  content: `<p>${title}: <em>read on</em>.</p>`,
  createdTime: `2024-05-${String(day).padStart(2, '0')}T09:00:00Z`,
  publishedTime: `2024-05-${String(day).padStart(2, '0')}T10:00:00Z`,
  tags,
});

const BLOG = [
  article('Spring collection', 20, ['news']),
  article('Caring for leather', 15, ['guides', 'news']),
  article('Choosing a backpack', 10, ['guides']),
  article('Shop notes', 5, []),
];

const FILES: StoreFiles = {
  store: STORE,
  blog: BLOG,
  categories: CATEGORIES,
  pagination: { numPages: 2, currentPage: 1 },
};

/** Validates one file's value strictly (a warning fails too) and normalises it, as loading does. */
function valid<K extends ConfigKind>(kind: K, value: unknown): NormalizedConfig<K> {
  const result = validateConfig(kind, value, { strict: true });
  expect(result.diagnostics, `${kind}: ${JSON.stringify(value)}`).toEqual([]);
  return normalizeConfig(kind, value);
}

interface RenderOptions {
  /** Theme files besides templates/index.liquid (e.g. a block override). */
  readonly theme?: Readonly<Record<string, string>> | undefined;
  /** The URL rendered (default `/`). */
  readonly url?: string | undefined;
  /** The store's other config files (default {@link FILES}). */
  readonly files?: StoreFiles | undefined;
}

/** Renders the blocks as the one region of the home page; returns the page's HTML. */
async function render(blocks: readonly BlockEntry[], options: RenderOptions = {}): Promise<string> {
  const files = options.files ?? FILES;
  const config: ThemeConfig = { editableRegions: valid('editable-regions', [{ regionName: 'main', blocks }]) };
  if (files.store) config.store = valid('store', files.store);
  if (files.blog) config.blog = valid('blog', files.blog);
  if (files.categories) config.categories = valid('categories', files.categories);
  if (files.pagination) config.pagination = valid('pagination', files.pagination);
  const mock = generateMockData(config, { seed: 1, clock: '2024-06-01T00:00:00Z' });
  const renderer = new ThemeRenderer({
    files: new Map([
      ['templates/index.liquid', "{% editable_region 'main' %}"],
      ...Object.entries(options.theme ?? {}),
    ]),
  });
  const page = await renderer.render(options.url ?? '/', createThemeData(mock));
  expect(page.status).toBe(200);
  return page.html;
}

/** Renders one block and parses the page. */
async function dom(block: BlockEntry, options: RenderOptions = {}): Promise<HTMLElement> {
  return parse(await render([block], options));
}

/** The first element matching `selector` (the test fails when there is none). */
function $(root: HTMLElement, selector: string): HTMLElement {
  const element = root.querySelector(selector);
  if (!element) throw new Error(`no element matches ${selector} in:\n${root.toString()}`);
  return element;
}

/** Fails when an element matches `selector`. */
function expectNone(root: HTMLElement, selector: string): void {
  expect(root.querySelector(selector)?.toString() ?? null, selector).toBeNull();
}

/** An element's inline style as property -> value. */
function styleOf(element: HTMLElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const declaration of (element.getAttribute('style') ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) out[declaration.slice(0, colon).trim()] = declaration.slice(colon + 1).trim();
  }
  return out;
}

/** Common settings for the blocks that have all of them (no background, no header, medium height, full width). */
const COMMON = { backgound_type: 'none', enable_header: false, height: 2, width: 100 } as const;
/** The background and size settings of the blocks without a header (text, social-feed, social-links). */
const PLAIN = { backgound_type: 'none', height: 2, width: 100 } as const;

/** One block of each type (several for button and video), as a store's config would write them. */
const REPRESENTATIVE: Readonly<Record<string, readonly BlockEntry[]>> = {
  audio: [
    {
      type: 'audio',
      props: {
        backgound_type: 'none',
        enable_header: true,
        header_text: 'Our shop jingle',
        height: 1,
        width: 100,
        src: 'assets/jingle.mp3',
      },
    },
  ],
  blog: [
    {
      type: 'blog',
      props: { ...COMMON, enable_header: true, header_text: 'From the blog', page_size: 2, paginate: true, tag: 'All' },
    },
  ],
  button: [
    {
      type: 'button',
      props: {
        alignment: 'center',
        height: 2,
        action: 'buy-now',
        style: 'primary',
        text: 'Buy the runner',
        auto_width: true,
        item: { title: 'Trail Runner' },
      },
    },
    {
      type: 'button',
      props: {
        alignment: 'left',
        height: 1,
        action: 'link',
        link_url: '/pages/about?from=button&x=1',
        link_target: true,
        style: 'secondary',
        auto_width: false,
        width: 50,
      },
    },
    {
      type: 'button',
      props: { alignment: 'right', height: 3, action: 'view-item', style: 'pinterest', item: { title: 'Tote' } },
    },
  ],
  'category-list': [
    {
      type: 'category-list',
      props: { ...COMMON, enable_header: true, header_text: 'Shop by category', per_row: 2, rows: 1 },
    },
  ],
  divider: [{ type: 'divider', props: { backgound_type: 'none', divider_color: '#d1d5db', thickness: 2 } }],
  'featured-category': [
    { type: 'featured-category', props: { ...COMMON, per_row: 2, rows: 1, category: { title: 'Bags' } } },
  ],
  'featured-product': [{ type: 'featured-product', props: { ...COMMON, action: 'add-to-cart', text: 'Add to bag' } }],
  grid: [
    {
      type: 'grid',
      props: {
        ...COMMON,
        height: 1,
        settings: { columns: 2, vertical_alignment: 'middle' },
        columns: [
          {
            name: 'column_1',
            blocks: [{ type: 'text', props: { content: '<p>Left column</p>', settings: { ...PLAIN, height: 0 } } }],
          },
          {
            name: 'column_2',
            blocks: [{ type: 'quote', props: { ...COMMON, height: 0, quote: 'Right column', cite: 'A grid' } }],
          },
        ],
      },
    },
  ],
  html: [{ type: 'html', props: { ...COMMON, height: 1, html: '<p>Free shipping <strong>this week</strong>.</p>' } }],
  image: [
    {
      type: 'image',
      props: {
        ...COMMON,
        src: 'assets/summer.jpg',
        alt: 'Three hats on a beach',
        link_active: true,
        link_url: '/categories/hats',
        link_target: false,
      },
    },
  ],
  'image-with-text': [
    {
      type: 'image-with-text',
      props: {
        backgound_type: 'color',
        background_color: '#f3f4f6',
        height: 2,
        width: 100,
        src: 'assets/workshop.jpg',
        image_position: 'column-left',
        image_style: 'cover',
        text: 'Made in our workshop.\nSince 1999.',
        color_text: '#111827',
        action: 'view-item',
        item: { title: 'City Loafer' },
      },
    },
  ],
  'image-with-text-overlay': [
    {
      type: 'image-with-text-overlay',
      props: {
        backgound_type: 'none',
        height: 3,
        width: 100,
        src: 'assets/hero.jpg',
        image_position: 'column-left',
        image_style: 'cover',
        text: 'Summer sale',
        color_text: '#ffffff',
        overlay: true,
        overlay_color: '#000000',
        overlay_opacity: 40,
        action: 'link',
        link_url: '/categories/shoes',
      },
    },
  ],
  map: [
    {
      type: 'map',
      props: {
        url: 'https://www.openstreetmap.org/export/embed.html?bbox=13.37,52.51,13.39,52.52&layer=mapnik',
        settings: { ...COMMON, alignment: 'center' },
      },
    },
  ],
  quote: [
    {
      type: 'quote',
      props: {
        ...COMMON,
        height: 1,
        quote: 'The best boots\nI ever owned.',
        cite: 'Sam, Hamburg',
        color_text: '#374151',
        font_size: '1.75rem',
      },
    },
  ],
  'social-feed': [
    {
      type: 'social-feed',
      props: { type: 'social-instagram', settings: { ...PLAIN, height: 1, count: 4, feed_logo: true } },
    },
  ],
  'social-links': [
    {
      type: 'social-links',
      props: { ...PLAIN, height: 1, social_link_size: 2, social_color_active: true, social_link_color: '#2563eb' },
    },
  ],
  text: [
    {
      type: 'text',
      props: {
        content: '<h3>Welcome</h3><p>Hello <em>world</em>.</p>',
        settings: {
          backgound_type: 'color',
          background_color: '#fef3c7',
          height: 1,
          width: 100,
          color_text: '#111827',
        },
      },
    },
  ],
  video: [
    { type: 'video', props: { ...COMMON, type: 'html5', src: 'assets/intro.mp4', poster: 'assets/intro.jpg' } },
    { type: 'video', props: { ...COMMON, type: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s' } },
    {
      type: 'video',
      props: {
        ...COMMON,
        enable_header: true,
        header_text: 'Our story',
        type: 'vimeo',
        url: 'https://vimeo.com/76979871',
      },
    },
  ],
};

describe('built-in block templates', () => {
  test('the examples cover all 18 block types', () => {
    expect(Object.keys(REPRESENTATIVE).sort()).toEqual([...Object.values(EBlockType)].sort());
  });

  test.each(Object.keys(REPRESENTATIVE))('%s: HTML snapshot', async (type) => {
    const html = await render(REPRESENTATIVE[type] ?? []);
    expect(parse(html).querySelectorAll(`section.stk-block--${type}`).length).toBeGreaterThan(0);
    await expect(`${html}\n`).toMatchFileSnapshot(`./__snapshots__/blocks/${type}.html`);
  });

  test('every type has a written template (no placeholder), shipped as a file in dist/blocks', () => {
    for (const type of Object.values(EBlockType)) {
      const source = readFileSync(path.join(ROOT, 'src/blocks', `${type}.liquid`), 'utf8');
      expect(source, type).not.toContain('markup to come');
      expect(source, type).toMatch(/^\{%- comment -%\}\n {2}\S/);
      expect(source, type).toContain("{%- render 'stk-block', block: block, content: content");
      const shipped = path.join(ROOT, 'dist/blocks', `${type}.liquid`);
      expect(existsSync(shipped), shipped).toBe(true);
      expect(readFileSync(shipped, 'utf8'), type).toBe(source);
    }
  });

  test('copied into a theme, every template passes `theme-kit check` and renders the same page', async () => {
    const copies: Record<string, string> = {
      'snippets/stk-block.liquid': readFileSync(path.join(ROOT, 'src/blocks/snippets/stk-block.liquid'), 'utf8'),
    };
    for (const type of Object.values(EBlockType))
      copies[`blocks/${type}.liquid`] = readFileSync(path.join(ROOT, 'src/blocks', `${type}.liquid`), 'utf8');
    const blocks = Object.values(REPRESENTATIVE).flat();
    const dir = makeTheme({
      'templates/index.liquid': "{% editable_region 'main' %}",
      ...copies,
      'editable-regions.stk.config.json': [{ regionName: 'main', blocks }],
      'store.stk.config.json': STORE,
      'categories.stk.config.json': CATEGORIES,
      'blog.stk.config.json': BLOG,
    });
    const checked = await checkTheme({ theme: dir, strict: true });
    expect(checked.diagnostics).toEqual([]);
    expect(await render(blocks, { theme: copies })).toBe(await render(blocks));
  });
});

describe('common settings: the stk-block frame', () => {
  const html = (props: Record<string, unknown>): BlockEntry => ({
    type: 'html',
    props: { ...COMMON, html: '<p>x</p>', ...props },
  });
  const frame = async (props: Record<string, unknown>): Promise<HTMLElement> =>
    $(await dom(html(props)), 'section.stk-block');

  test('id, type and the block’s markup inside', async () => {
    const section = await frame({});
    expect(section.getAttribute('id')).toBe('main-1');
    expect(section.getAttribute('data-stk-block')).toBe('html');
    expect($(section, '.stk-block__inner .stk-html').innerHTML).toBe('<p>x</p>');
  });

  test('width in percent; alignment places a narrower block', async () => {
    expect(styleOf(await frame({}))).toMatchObject({ width: '100%' });
    expect(styleOf(await frame({}))).not.toHaveProperty('margin-left');
    const left = styleOf(await frame({ width: 60, alignment: 'left' }));
    expect(left).toMatchObject({ width: '60%', 'margin-right': 'auto' });
    expect(left).not.toHaveProperty('margin-left');
    const right = styleOf(await frame({ width: 60, alignment: 'right' }));
    expect(right).toMatchObject({ width: '60%', 'margin-left': 'auto' });
    expect(right).not.toHaveProperty('margin-right');
    expect(styleOf(await frame({ width: 60, alignment: 'center' }))).toMatchObject({
      'margin-left': 'auto',
      'margin-right': 'auto',
    });
    expect(styleOf(await frame({ width: 60 }))).toMatchObject({ 'margin-left': 'auto', 'margin-right': 'auto' });
  });

  test('height 0 (extra small) to 4 (extra large) grows the block', async () => {
    const heights: number[] = [];
    for (const height of [0, 1, 2, 3, 4]) {
      const style = styleOf(await frame({ height }));
      heights.push(Number.parseFloat(style['min-height'] ?? '0'));
    }
    expect(heights).toEqual([...heights].sort((a, b) => a - b));
    expect(new Set(heights).size).toBe(5);
  });

  test('background colour, only with background type color', async () => {
    expect(styleOf(await frame({ backgound_type: 'color', background_color: '#ff6600' }))).toMatchObject({
      'background-color': '#ff6600',
    });
    expect(styleOf(await frame({ backgound_type: 'none' }))).not.toHaveProperty('background-color');
  });

  test('background image (theme-relative URI -> site path) in each mode', async () => {
    const modes: Record<string, Record<string, string>> = {
      cover: { 'background-size': 'cover', 'background-repeat': 'no-repeat' },
      contain: { 'background-size': 'contain', 'background-repeat': 'no-repeat' },
      centered: { 'background-size': 'auto', 'background-repeat': 'no-repeat', 'background-position': 'center' },
      tiled: { 'background-size': 'auto', 'background-repeat': 'repeat' },
    };
    for (const [mode, expected] of Object.entries(modes)) {
      const style = styleOf(
        await frame({ backgound_type: 'image', backgound_image: 'assets/hero.jpg', backgound_image_mode: mode }),
      );
      expect(style, mode).toMatchObject({ 'background-image': "url('/assets/hero.jpg')", ...expected });
    }
    // No mode: cover. An absolute URL stays as it is; a quote in it cannot end url('...').
    const style = styleOf(
      await frame({ backgound_type: 'image', backgound_image: "https://cdn.example.com/it's.jpg" }),
    );
    expect(style).toMatchObject({
      'background-image': "url('https://cdn.example.com/it%27s.jpg')",
      'background-size': 'cover',
    });
  });

  test('overlay colour and opacity over a background image', async () => {
    const image = { backgound_type: 'image', backgound_image: 'assets/hero.jpg' };
    const section = await frame({ ...image, overlay: true, overlay_color: '#112233', overlay_opacity: 30 });
    const overlay = $(section, '.stk-block__overlay');
    expect(overlay.getAttribute('aria-hidden')).toBe('true');
    expect(styleOf(overlay)).toMatchObject({ 'background-color': '#112233', opacity: '0.3', position: 'absolute' });
    expect(styleOf($(await frame({ ...image, overlay: true }), '.stk-block__overlay'))).toMatchObject({
      'background-color': '#000000',
      opacity: '0.5',
    });
    expectNone(await frame({ ...image, overlay: false }), '.stk-block__overlay');
  });

  test('header: enable_header shows header_text as the heading that names the block', async () => {
    const section = await frame({ enable_header: true, header_text: 'Sale <now>' });
    const header = $(section, 'h2.stk-block__header');
    expect(header.text).toBe('Sale <now>');
    expect(header.innerHTML).toBe('Sale &lt;now&gt;');
    expect(section.getAttribute('aria-labelledby')).toBe(header.getAttribute('id'));
    const hidden = await frame({ enable_header: false, header_text: 'Sale' });
    expectNone(hidden, 'h2');
    expect(hidden.getAttribute('aria-labelledby')).toBeUndefined();
  });

  test('both spellings of the background properties give the same page', async () => {
    const { backgound_type: _, ...common } = COMMON;
    const html = (props: Record<string, unknown>): BlockEntry => ({
      type: 'html',
      props: { ...common, html: '<p>x</p>', ...props },
    });
    const settings = (prefix: string) => ({
      [`${prefix}_type`]: 'image',
      [`${prefix}_image`]: 'assets/hero.jpg',
      [`${prefix}_image_mode`]: 'tiled',
      overlay: true,
      overlay_color: '#000000',
      overlay_opacity: 20,
    });
    const misspelled = await render([html(settings('backgound'))]);
    const canonical = await render([html(settings('background'))]);
    expect(misspelled).toBe(canonical);
    expect(misspelled).toContain('background-repeat: repeat');
    // In props.settings too, and for a block with direct props (text).
    const text = (prefix: string): BlockEntry => ({
      type: 'text',
      props: { content: 'Hi', settings: { ...settings(prefix), height: 1, width: 80, alignment: 'right' } },
    });
    expect(await render([text('backgound')])).toBe(await render([text('background')]));
  });
});

describe('audio', () => {
  test('src plays in an <audio> player, named by the header when shown', async () => {
    const audio = $(await dom(REPRESENTATIVE.audio![0]!), 'audio');
    expect(audio.getAttribute('src')).toBe('/assets/jingle.mp3');
    expect(audio.hasAttribute('controls')).toBe(true);
    expect(audio.getAttribute('aria-label')).toBe('Our shop jingle');
    const other = $(
      await dom({
        type: 'audio',
        props: { backgound_type: 'none', height: 1, width: 100, src: 'https://cdn.example.com/a.ogg' },
      }),
      'audio',
    );
    expect(other.getAttribute('src')).toBe('https://cdn.example.com/a.ogg');
    expect(other.getAttribute('aria-label')).toBe('Audio');
  });
});

describe('blog', () => {
  const blog = (props: Record<string, unknown>): BlockEntry => ({ type: 'blog', props: { ...COMMON, ...props } });
  const titles = (root: HTMLElement): string[] => root.querySelectorAll('.stk-blog__article h3').map((h) => h.text);

  test('tag filters the articles; `All` or no tag shows all', async () => {
    expect(titles(await dom(blog({ tag: 'guides', page_size: 10 })))).toEqual([
      'Caring for leather',
      'Choosing a backpack',
    ]);
    expect(titles(await dom(blog({ tag: 'news', page_size: 10 })))).toEqual([
      'Spring collection',
      'Caring for leather',
    ]);
    const all = ['Spring collection', 'Caring for leather', 'Choosing a backpack', 'Shop notes'];
    expect(titles(await dom(blog({ tag: 'All', page_size: 10 })))).toEqual(all);
    expect(titles(await dom(blog({ page_size: 10 })))).toEqual(all);
    const none = await dom(blog({ tag: 'recipes' }));
    expect(titles(none)).toEqual([]);
    expect($(none, '.stk-blog p').text).toBe('No articles yet.');
  });

  test('page_size articles per page (default 3); article links, dates, tags and HTML content', async () => {
    expect(titles(await dom(blog({ page_size: 1 })))).toEqual(['Spring collection']);
    expect(titles(await dom(blog({})))).toHaveLength(3);
    const first = $(await dom(blog({ page_size: 1, tag: 'guides' })), '.stk-blog__article');
    expect($(first, 'h3 a').getAttribute('href')).toBe('/blog/caring-for-leather');
    expect($(first, 'time').getAttribute('datetime')).toBe('2024-05-15T10:00:00.000Z');
    expect($(first, 'time').text).toBe('2024-05-15');
    expect(first.text).toContain('guides, news');
    expect($(first, '.stk-blog__content').innerHTML).toBe('<p>Caring for leather: <em>read on</em>.</p>');
  });

  test('paginate: the paginator’s current page of articles, and its links', async () => {
    const block = blog({ page_size: 2, paginate: true });
    const first = await dom(block);
    expect(titles(first)).toEqual(['Spring collection', 'Caring for leather']);
    const nav = $(first, 'nav.stk-blog__pagination');
    expect(nav.getAttribute('aria-label')).toBe('Pagination');
    expect($(nav, '[aria-current="page"]').text).toBe('1');
    expect($(nav, 'a[rel="next"]').getAttribute('href')).toBe('?page=2');
    expectNone(nav, 'a[rel="prev"]');
    const second = await dom(block, { url: '/?page=2' });
    expect(titles(second)).toEqual(['Choosing a backpack', 'Shop notes']);
    expect($(second, 'nav [aria-current="page"]').text).toBe('2');
    expect($(second, 'nav a[rel="prev"]').getAttribute('href')).toBe('?page=1');
    // Without paginate: the first page and no links, whatever the URL.
    const plain = await dom(blog({ page_size: 2, paginate: false }), { url: '/?page=2' });
    expect(titles(plain)).toEqual(['Spring collection', 'Caring for leather']);
    expectNone(plain, 'nav');
  });
});

describe('button', () => {
  const button = (props: Record<string, unknown>): BlockEntry => ({
    type: 'button',
    props: { alignment: 'left', height: 2, ...props },
  });
  const control = async (props: Record<string, unknown>): Promise<HTMLElement> =>
    $(await dom(button(props)), '.stk-button__control');

  test('view-item links to the item’s product page; no action means view-item', async () => {
    const link = await control({ action: 'view-item', item: { title: 'Tote' } });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/products/tote');
    expect(link.text).toBe('View item');
    expect((await control({ item: { title: 'Backpack' } })).getAttribute('href')).toBe('/products/backpack');
  });

  test('buy-now and add-to-cart are buttons carrying the product', async () => {
    for (const action of ['buy-now', 'add-to-cart']) {
      const element = await control({ action, item: { title: 'Sun Hat' } });
      expect(element.tagName).toBe('BUTTON');
      expect(element.getAttribute('type')).toBe('button');
      expect(element.getAttribute('data-stk-action')).toBe(action);
      expect(element.getAttribute('data-product-handle')).toBe('sun-hat');
      expect(element.getAttribute('data-product-url')).toBe('/products/sun-hat');
    }
    expect((await control({ action: 'buy-now' })).text).toBe('Buy now');
    expect((await control({ action: 'add-to-cart', text: 'Add <it>' })).innerHTML).toBe('Add &lt;it&gt;');
  });

  test('link goes to link_url; link_target opens a new tab with rel=noopener', async () => {
    const same = await control({ action: 'link', link_url: '/pages/about?a=1&b="2"' });
    expect(same.getAttribute('href')).toBe('/pages/about?a=1&b="2"');
    expect(same.toString()).toContain('href="/pages/about?a=1&amp;b=&#34;2&#34;"');
    expect(same.getAttribute('target')).toBeUndefined();
    const tab = await control({
      action: 'link',
      link_url: 'https://example.com/',
      link_target: true,
      text: 'Our blog',
    });
    expect(tab.getAttribute('target')).toBe('_blank');
    expect(tab.getAttribute('rel')).toBe('noopener');
    expect(tab.text).toBe('Our blog (opens in a new tab)');
    const nowhere = await control({ action: 'link' });
    expect(nowhere.tagName).toBe('BUTTON');
    expect(nowhere.hasAttribute('disabled')).toBe(true);
  });

  test('style, height, auto_width / width and alignment', async () => {
    expect(styleOf(await control({ style: 'pinterest' }))).toMatchObject({ 'background-color': '#e60023' });
    expect(styleOf(await control({ style: 'facebook' }))).toMatchObject({ 'background-color': '#1877f2' });
    expect(styleOf(await control({ style: 'twitter' }))).toMatchObject({ 'background-color': '#1d9bf0' });
    expect(styleOf(await control({ style: 'secondary' }))).toMatchObject({ 'background-color': 'transparent' });
    expect(styleOf(await control({}))).toMatchObject({ 'background-color': '#111827' });
    const sizes = [];
    for (const height of [0, 1, 2, 3, 4])
      sizes.push(Number.parseFloat(styleOf(await control({ height }))['font-size'] ?? ''));
    expect(sizes).toEqual([0.875, 1, 1.125, 1.25, 1.5]);
    expect(styleOf(await control({ auto_width: false, width: 40 }))).toMatchObject({ width: '40%' });
    expect(styleOf(await control({ width: 40 }))).toMatchObject({ width: '40%' });
    expect(styleOf(await control({ auto_width: true }))).not.toHaveProperty('width');
    const root = await dom(button({ alignment: 'right', auto_width: false, width: 40 }));
    expect(styleOf($(root, '.stk-button'))).toMatchObject({ 'text-align': 'right' });
    // The button's width is the button's: the frame stays full width, with no height of its own.
    expect(styleOf($(root, 'section'))).toMatchObject({ width: '100%' });
    expect(styleOf($(root, 'section'))).not.toHaveProperty('min-height');
  });
});

describe('category-list', () => {
  const list = (props: Record<string, unknown>): BlockEntry => ({
    type: 'category-list',
    props: { ...COMMON, ...props },
  });
  const cards = (root: HTMLElement) => root.querySelectorAll('.stk-category-list__category');

  test('per_row x rows of the categories, per_row to a row', async () => {
    const root = await dom(list({ per_row: 2, rows: 1 }));
    expect(cards(root).map((card) => $(card, 'h3').text)).toEqual(['Shoes', 'Bags']);
    expect(styleOf($(root, '.stk-category-list'))['grid-template-columns']).toContain('calc((100% - 1 * 1.5rem) / 2)');
    expect(cards(await dom(list({ per_row: 1, rows: 1 })))).toHaveLength(1);
    const three = await dom(list({ per_row: 3, rows: 2 }));
    expect(cards(three)).toHaveLength(3);
    expect(styleOf($(three, '.stk-category-list'))['grid-template-columns']).toContain('calc((100% - 2 * 1.5rem) / 3)');
    const card = cards(three)[0]!;
    expect($(card, 'a').getAttribute('href')).toBe('/categories/shoes');
    expect($(card, 'img').getAttribute('src')).toBe('/assets/shoes.jpg');
    expect($(card, 'p').text).toBe('5 products');
    expect($(cards(three)[2]!, 'p').text).toBe('1 product');
  });

  test('dummy_category when the store has no category', async () => {
    const root = await dom(
      list({
        per_row: 2,
        rows: 2,
        dummy_category: { title: 'Coming soon', description: 'Soon.', numItems: 0, items: [] },
      }),
      {
        files: { ...FILES, categories: [] },
      },
    );
    expect(cards(root)).toHaveLength(1);
    expect(cards(root)[0]!.hasAttribute('data-stk-dummy')).toBe(true);
    expect($(cards(root)[0]!, 'h3').text).toBe('Coming soon');
  });
});

describe('divider', () => {
  test('divider_color and thickness (pixels) draw the rule', async () => {
    const rule = (props: Record<string, unknown>) =>
      dom({ type: 'divider', props: { backgound_type: 'none', divider_color: '#ff0000', ...props } });
    expect(styleOf($(await rule({ thickness: 4 }), 'hr'))).toMatchObject({ 'border-top': '4px solid #ff0000' });
    expect(styleOf($(await rule({ divider_color: '#00ff00' }), 'hr'))).toMatchObject({
      'border-top': '1px solid #00ff00',
    });
    // A divider has no height: the frame sets none.
    expect(styleOf($(await rule({}), 'section'))).not.toHaveProperty('min-height');
  });
});

describe('featured-category', () => {
  const featured = (props: Record<string, unknown>): BlockEntry => ({
    type: 'featured-category',
    props: { ...COMMON, category: { title: 'Shoes' }, ...props },
  });
  const products = (root: HTMLElement) => root.querySelectorAll('.stk-featured-category__product');

  test('the category’s products, per_row x rows of them', async () => {
    const root = await dom(featured({ per_row: 2, rows: 1 }));
    expect($(root, '.stk-featured-category h3 a').getAttribute('href')).toBe('/categories/shoes');
    expect(products(root).map((p) => $(p, 'h4').text)).toEqual(['Trail Runner', 'City Loafer']);
    expect(styleOf($(root, '.stk-featured-category ul'))['grid-template-columns']).toContain(
      'calc((100% - 1 * 1.5rem) / 2)',
    );
    const first = products(root)[0]!;
    expect($(first, 'a').getAttribute('href')).toBe('/products/trail-runner');
    expect($(first, 'p').text).toBe('$89.50');
    expect(products(await dom(featured({ per_row: 2, rows: 2 })))).toHaveLength(4);
    expect(products(await dom(featured({ per_row: 4, rows: 2 })))).toHaveLength(5);
    expect(products(await dom(featured({ category: { title: 'Hats' } })))).toHaveLength(1);
  });
});

describe('featured-product', () => {
  const featured = (props: Record<string, unknown>): BlockEntry => ({
    type: 'featured-product',
    props: { ...COMMON, ...props },
  });

  test('the store’s first product (categories[0].items[0]), with its price and a view-item link by default', async () => {
    const root = await dom(featured({}));
    const article = $(root, 'article.stk-featured-product');
    expect($(article, 'h3').text).toBe('Trail Runner');
    expect($(article, 'img').getAttribute('alt')).toBe('Trail Runner');
    expect($(article, '.stk-featured-product__price').text).toBe('$89.50');
    const button = $(article, '.stk-featured-product__button');
    expect(button.getAttribute('href')).toBe('/products/trail-runner');
    expect(button.text).toBe('View item');
    // The first category without items is skipped.
    const skipped = await dom(featured({}), {
      files: {
        ...FILES,
        categories: [{ title: 'Empty', description: 'None yet.', numItems: 0, items: [] }, ...CATEGORIES],
      },
    });
    expect($(skipped, 'article h3').text).toBe('Trail Runner');
  });

  test('action and text decide the button', async () => {
    const cart = $(await dom(featured({ action: 'add-to-cart', text: 'Add to bag' })), '.stk-featured-product__button');
    expect(cart.tagName).toBe('BUTTON');
    expect(cart.getAttribute('data-product-handle')).toBe('trail-runner');
    expect(cart.text).toBe('Add to bag');
    const link = $(
      await dom(featured({ action: 'link', link_url: '/pages/runners', link_target: true })),
      '.stk-featured-product__button',
    );
    expect(link.getAttribute('href')).toBe('/pages/runners');
    expect(link.getAttribute('rel')).toBe('noopener');
  });

  test('a store without products shows a note instead', async () => {
    const root = await dom(featured({}), { files: { ...FILES, categories: [] } });
    expectNone(root, 'article');
    expect($(root, '.stk-featured-product').text).toBe('No product to show yet.');
  });
});

describe('grid', () => {
  const text = (content: string): BlockEntry => ({
    type: 'text',
    props: { content, settings: { ...PLAIN, height: 0 } },
  });
  const grid = (
    settings: Record<string, unknown>,
    columns: readonly { name: string; blocks: BlockEntry[] }[],
  ): BlockEntry => ({
    type: 'grid',
    props: { ...COMMON, settings: { columns: columns.length, ...settings }, columns },
  });

  test('columns with their blocks, rendered by their own templates', async () => {
    const root = await dom(REPRESENTATIVE.grid![0]!);
    const columns = root.querySelectorAll('.stk-grid > .stk-grid__column');
    expect(columns.map((c) => c.getAttribute('data-column'))).toEqual(['column_1', 'column_2']);
    expect($(columns[0]!, 'section.stk-block--text').getAttribute('id')).toBe('main-1-1-1');
    expect($(columns[0]!, '.stk-text').innerHTML).toBe('<p>Left column</p>');
    expect($(columns[1]!, 'section.stk-block--quote blockquote').text.trim()).toBe('Right column');
  });

  test('columns, remove_margins and vertical_alignment lay the columns out', async () => {
    const two = [
      { name: 'column_1', blocks: [text('a')] },
      { name: 'column_2', blocks: [text('b')] },
    ];
    const layout = async (settings: Record<string, unknown>, columns = two) =>
      $(await dom(grid(settings, columns)), '.stk-grid');
    const plain = await layout({});
    expect(plain.getAttribute('data-columns')).toBe('2');
    expect(styleOf(plain)).toMatchObject({ gap: '1.5rem', 'align-items': 'start' });
    expect(styleOf(plain)['grid-template-columns']).toContain('(100% - 1 * 1.5rem) / 2');
    const three = await layout({}, [...two, { name: 'column_3', blocks: [] }]);
    expect(three.querySelectorAll('.stk-grid__column')).toHaveLength(3);
    expect(three.getAttribute('data-columns')).toBe('3');
    expect(styleOf(three)['grid-template-columns']).toContain('(100% - 2 * 1.5rem) / 3');
    expect(styleOf(await layout({ remove_margins: true }))).toMatchObject({ gap: '0px' });
    expect(styleOf(await layout({ vertical_alignment: 'middle' }))).toMatchObject({ 'align-items': 'center' });
    expect(styleOf(await layout({ vertical_alignment: 'bottom' }))).toMatchObject({ 'align-items': 'end' });
    expect(styleOf(await layout({ vertical_alignment: 'top' }))).toMatchObject({ 'align-items': 'start' });
  });

  test('a grid inside a grid renders recursively', async () => {
    const inner = grid({ remove_margins: true }, [
      { name: 'column_1', blocks: [text('<p>deep 1</p>')] },
      { name: 'column_2', blocks: [text('<p>deep 2</p>')] },
    ]);
    const root = await dom(
      grid({}, [
        { name: 'column_1', blocks: [text('<p>outer</p>')] },
        { name: 'column_2', blocks: [inner, text('<p>after</p>')] },
      ]),
    );
    const outer = $(root, 'section#main-1');
    const nested = $(outer, 'section#main-1-2-1.stk-block--grid');
    expect(nested.querySelectorAll('.stk-grid__column .stk-text').map((t) => t.innerHTML)).toEqual([
      '<p>deep 1</p>',
      '<p>deep 2</p>',
    ]);
    expect($(nested, 'section#main-1-2-1-2-1 .stk-text').innerHTML).toBe('<p>deep 2</p>');
    expect($(outer, 'section#main-1-2-2 .stk-text').innerHTML).toBe('<p>after</p>');
    expect(styleOf($(nested, '.stk-grid'))).toMatchObject({ gap: '0px' });
  });
});

describe('html', () => {
  test('html goes in as markup', async () => {
    const root = await dom({
      type: 'html',
      props: { ...COMMON, html: '<ul><li>One</li><li>Two &amp; three</li></ul>' },
    });
    expect($(root, '.stk-html').innerHTML).toBe('<ul><li>One</li><li>Two &amp; three</li></ul>');
  });
});

describe('image', () => {
  const image = (props: Record<string, unknown>): BlockEntry => ({
    type: 'image',
    props: { ...COMMON, src: 'assets/a.jpg', alt: 'A "red" hat & scarf', ...props },
  });

  test('src and escaped alt; link_active makes it a link, link_target opens a new tab', async () => {
    const plain = await dom(image({}));
    const img = $(plain, 'figure.stk-image img');
    expect(img.getAttribute('src')).toBe('/assets/a.jpg');
    expect(img.getAttribute('alt')).toBe('A "red" hat & scarf');
    expectNone(plain, 'figure a');
    const linked = $(await dom(image({ link_active: true, link_url: '/categories/hats' })), 'figure a');
    expect(linked.getAttribute('href')).toBe('/categories/hats');
    expect(linked.getAttribute('target')).toBeUndefined();
    expect($(linked, 'img').getAttribute('alt')).toBe('A "red" hat & scarf');
    const tab = $(
      await dom(image({ link_active: true, link_url: 'https://example.com', link_target: true })),
      'figure a',
    );
    expect(tab.getAttribute('target')).toBe('_blank');
    expect(tab.getAttribute('rel')).toBe('noopener');
  });
});

describe('image-with-text', () => {
  const block = (props: Record<string, unknown>): BlockEntry => ({
    type: 'image-with-text',
    props: { backgound_type: 'none', height: 2, width: 100, src: 'assets/w.jpg', text: 'Hello <b>', ...props },
  });

  test('image_position, image_style, text in color_text', async () => {
    const left = await dom(block({ image_position: 'column-left', color_text: '#ff0000' }));
    expect(styleOf($(left, '.stk-image-with-text'))).not.toHaveProperty('flex-direction');
    expect(styleOf($(left, '.stk-image-with-text__text'))).toMatchObject({ color: '#ff0000' });
    expect($(left, '.stk-image-with-text__text p').innerHTML).toBe('Hello &lt;b&gt;');
    const image = $(left, '.stk-image-with-text__image');
    expect(image.getAttribute('aria-hidden')).toBe('true');
    expect(styleOf(image)).toMatchObject({ 'background-image': "url('/assets/w.jpg')", 'background-size': 'cover' });
    const right = await dom(block({ image_position: 'column-right', image_style: 'tiled' }));
    expect(styleOf($(right, '.stk-image-with-text'))).toMatchObject({ 'flex-direction': 'row-reverse' });
    expect(styleOf($(right, '.stk-image-with-text__image'))).toMatchObject({ 'background-repeat': 'repeat' });
    expect(styleOf($(await dom(block({ image_style: 'contain' })), '.stk-image-with-text__image'))).toMatchObject({
      'background-size': 'contain',
    });
  });

  test('action adds the button; no action, no button', async () => {
    expectNone(await dom(block({})), '.stk-image-with-text__button');
    expect(
      $(
        await dom(block({ action: 'view-item', item: { title: 'Tote' } })),
        '.stk-image-with-text__button',
      ).getAttribute('href'),
    ).toBe('/products/tote');
    const cart = $(
      await dom(block({ action: 'add-to-cart', item: { title: 'Tote' } })),
      '.stk-image-with-text__button',
    );
    expect(cart.tagName).toBe('BUTTON');
    expect(cart.getAttribute('data-product-handle')).toBe('tote');
    const link = $(
      await dom(block({ action: 'link', link_url: '/x', link_target: true })),
      '.stk-image-with-text__button',
    );
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      '/x',
      '_blank',
      'noopener',
    ]);
  });

  test('background_type color colours the block', async () => {
    expect(
      styleOf($(await dom(block({ backgound_type: 'color', background_color: '#eeeeee' })), 'section')),
    ).toMatchObject({ 'background-color': '#eeeeee' });
  });
});

describe('image-with-text-overlay', () => {
  const block = (props: Record<string, unknown>): BlockEntry => ({
    type: 'image-with-text-overlay',
    props: { backgound_type: 'none', height: 2, width: 100, src: 'assets/h.jpg', text: 'Sale', ...props },
  });

  test('overlay colour and opacity over the image, under the text', async () => {
    const root = await dom(block({ overlay: true, overlay_color: '#0000ff', overlay_opacity: 25 }));
    expect(styleOf($(root, '.stk-image-with-text-overlay__overlay'))).toMatchObject({
      'background-color': '#0000ff',
      opacity: '0.25',
    });
    expect(styleOf($(root, '.stk-image-with-text-overlay__image'))).toMatchObject({
      'background-image': "url('/assets/h.jpg')",
      inset: '0',
    });
    expectNone(await dom(block({ overlay: false })), '.stk-image-with-text-overlay__overlay');
  });

  test('image_position: the text sits over the other half; color_text (default white)', async () => {
    const left = await dom(block({ image_position: 'column-left' }));
    expect(styleOf($(left, '.stk-image-with-text-overlay'))).toMatchObject({ 'justify-content': 'flex-end' });
    expect(styleOf($(left, '.stk-image-with-text-overlay__text'))).toMatchObject({ color: '#ffffff' });
    const right = await dom(block({ image_position: 'column-right', color_text: '#111111' }));
    expect(styleOf($(right, '.stk-image-with-text-overlay'))).toMatchObject({ 'justify-content': 'flex-start' });
    expect(styleOf($(right, '.stk-image-with-text-overlay__text'))).toMatchObject({ color: '#111111' });
    expect(
      styleOf($(await dom(block({ image_style: 'centered' })), '.stk-image-with-text-overlay__image')),
    ).toMatchObject({ 'background-size': 'auto', 'background-repeat': 'no-repeat' });
  });
});

describe('map', () => {
  const map = (url: string | undefined, height = 2) =>
    dom({
      type: 'map',
      props: { ...(url === undefined ? {} : { url }), settings: { ...COMMON, height, alignment: 'center' } },
    });

  test('props.url in an iframe whose height follows the block height', async () => {
    const frame = $(await map('https://maps.example.com/embed?q=a&z=3'), 'iframe.stk-map');
    expect(frame.getAttribute('src')).toBe('https://maps.example.com/embed?q=a&z=3');
    expect(frame.getAttribute('title')).toBe('Map');
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(styleOf(frame)).toMatchObject({ height: '320px' });
    expect(styleOf($(await map('https://maps.example.com/embed', 4), 'iframe'))).toMatchObject({ height: '560px' });
    expectNone(await map(undefined), 'iframe');
  });
});

describe('quote', () => {
  const quote = (props: Record<string, unknown>) =>
    dom({ type: 'quote', props: { ...COMMON, quote: 'Say <hello>', ...props } });

  test('quote (escaped), cite, color_text and font_size', async () => {
    const root = await quote({ cite: 'Ann', color_text: '#123456', font_size: '2rem' });
    expect($(root, 'blockquote p').innerHTML).toBe('Say &lt;hello&gt;');
    expect($(root, 'figcaption').text).toBe('— Ann');
    expect(styleOf($(root, 'figure.stk-quote'))).toMatchObject({ color: '#123456' });
    expect(styleOf($(root, 'blockquote'))).toMatchObject({ 'font-size': '2rem' });
    expect(styleOf($(await quote({ font_size: '24' }), 'blockquote'))).toMatchObject({ 'font-size': '24px' });
    expect(styleOf($(await quote({}), 'blockquote'))).toMatchObject({ 'font-size': '1.5rem' });
    expectNone(await quote({}), 'figcaption');
  });
});

describe('social-feed', () => {
  const feed = (type: string | undefined, settings: Record<string, unknown>, files?: StoreFiles) =>
    dom(
      { type: 'social-feed', props: { ...(type === undefined ? {} : { type }), settings: { ...PLAIN, ...settings } } },
      { files },
    );
  const tiles = (root: HTMLElement) => root.querySelectorAll('.stk-social-feed__tile');

  test('count tiles of the network, linking to the store’s profile; feed_logo names the network', async () => {
    const root = await feed('social-instagram', { count: 5, feed_logo: true });
    expect(tiles(root)).toHaveLength(5);
    expect($(tiles(root)[0]!, 'a').getAttribute('href')).toBe('https://www.instagram.com/cornershop');
    expect($(tiles(root)[4]!, 'a').getAttribute('aria-label')).toBe('Instagram post 5');
    expect($(root, '.stk-social-feed__logo').text).toBe('Instagram');
    expect(tiles(await feed('social-instagram', { count: 2 }))).toHaveLength(2);
    expect(tiles(await feed(undefined, {}))).toHaveLength(6);
    expectNone(await feed('social-instagram', { feed_logo: false }), '.stk-social-feed__logo');
  });

  test('props.type picks the network; without a profile URL the tiles link nowhere', async () => {
    const flickr = await feed('social-flickr', { count: 1, feed_logo: true });
    expect($(flickr, '.stk-social-feed').getAttribute('data-network')).toBe('flickr');
    expect($(flickr, '.stk-social-feed__tile a').getAttribute('href')).toBe('https://www.flickr.com/photos/cornershop');
    const dribbble = await feed('social-dribbble', { count: 1, feed_logo: true });
    expect($(dribbble, '.stk-social-feed__logo').text).toBe('Dribbble');
    expectNone(dribbble, '.stk-social-feed__tile a');
    expect($(dribbble, '.stk-social-feed__tile [role="img"]').getAttribute('aria-label')).toBe('Dribbble post 1');
    expect($(await feed('social-twitter', { count: 1 }), '.stk-social-feed').getAttribute('data-network')).toBe(
      'twitter',
    );
  });
});

describe('social-links', () => {
  const links = (settings: Record<string, unknown>, files?: StoreFiles) =>
    dom({ type: 'social-links', props: { ...PLAIN, ...settings } }, { files });
  const anchors = (root: HTMLElement) => root.querySelectorAll('a.stk-social-links__link');

  test('one link per social URL of the store', async () => {
    const root = await links({});
    expect(anchors(root).map((a) => [a.text, a.getAttribute('href')])).toEqual([
      ['Instagram', 'https://www.instagram.com/cornershop'],
      ['YouTube', 'https://www.youtube.com/@cornershop'],
      ['Flickr', 'https://www.flickr.com/photos/cornershop'],
    ]);
    const store = {
      ...STORE,
      instagramUrl: undefined,
      youtubeUrl: undefined,
      flickrUrl: undefined,
      twitterUrl: 'https://twitter.com/cornershop',
    };
    expect(
      anchors(await links({}, { ...FILES, store: JSON.parse(JSON.stringify(store)) as object })).map((a) => a.text),
    ).toEqual(['Twitter']);
  });

  test('social_link_size, and social_link_color when social_color_active', async () => {
    const sizes = [];
    for (const size of [1, 2, 3, 4])
      sizes.push(Number.parseFloat(styleOf(anchors(await links({ social_link_size: size }))[0]!)['font-size'] ?? ''));
    expect(sizes).toEqual([0.875, 1, 1.25, 1.5]);
    expect(
      styleOf(anchors(await links({ social_color_active: true, social_link_color: '#ff0000' }))[0]!),
    ).toMatchObject({ color: '#ff0000' });
    expect(styleOf(anchors(await links({ social_color_active: false }))[0]!)).toMatchObject({ color: 'inherit' });
  });
});

describe('text', () => {
  test('content goes in as HTML, in color_text', async () => {
    const text = (settings: Record<string, unknown>) =>
      dom({ type: 'text', props: { content: '<p>A <a href="/x">link</a></p>', settings: { ...PLAIN, ...settings } } });
    const root = await text({ color_text: '#abcdef' });
    expect($(root, '.stk-text').innerHTML).toBe('<p>A <a href="/x">link</a></p>');
    expect(styleOf($(root, '.stk-text'))).toMatchObject({ color: '#abcdef' });
    expect($(await text({}), '.stk-text').hasAttribute('style')).toBe(false);
  });
});

describe('video', () => {
  const video = (props: Record<string, unknown>) => dom({ type: 'video', props: { ...COMMON, ...props } });
  const embed = async (type: string, url: string): Promise<string | undefined> =>
    (await video({ type, url })).querySelector('iframe')?.getAttribute('src');

  test('html5: a <video> with src and poster', async () => {
    const element = $(await video({ type: 'html5', src: 'assets/clip.mp4', poster: 'assets/clip.jpg' }), 'video');
    expect([element.getAttribute('src'), element.getAttribute('poster')]).toEqual([
      '/assets/clip.mp4',
      '/assets/clip.jpg',
    ]);
    expect(element.hasAttribute('controls')).toBe(true);
    expect(
      $(await video({ type: 'html5', src: 'https://cdn.example.com/v.webm' }), 'video').hasAttribute('poster'),
    ).toBe(false);
  });

  test('youtube: the privacy-enhanced embed of the watch URL', async () => {
    const id = 'dQw4w9WgXcQ';
    const expected = `https://www.youtube-nocookie.com/embed/${id}`;
    for (const url of [
      `https://www.youtube.com/watch?v=${id}`,
      `https://www.youtube.com/watch?v=${id}&t=42s`,
      `https://m.youtube.com/watch?feature=share&v=${id}#comments`,
      `https://youtu.be/${id}`,
      `https://youtu.be/${id}?si=abc`,
      `https://www.youtube.com/embed/${id}`,
      `https://www.youtube.com/shorts/${id}`,
    ]) {
      expect(await embed('youtube', url), url).toBe(expected);
    }
    const frame = $(
      await video({ type: 'youtube', url: `https://youtu.be/${id}`, enable_header: true, header_text: 'Our story' }),
      'iframe',
    );
    expect(frame.getAttribute('title')).toBe('Our story');
    expect($(await video({ type: 'youtube', url: `https://youtu.be/${id}` }), 'iframe').getAttribute('title')).toBe(
      'YouTube video',
    );
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(frame.hasAttribute('allowfullscreen')).toBe(true);
  });

  test('vimeo: the player embed with dnt=1', async () => {
    const cases: Record<string, string> = {
      'https://vimeo.com/76979871': 'https://player.vimeo.com/video/76979871?dnt=1',
      'https://vimeo.com/76979871?share=copy': 'https://player.vimeo.com/video/76979871?dnt=1',
      'https://vimeo.com/76979871/2f5e8a7b1c': 'https://player.vimeo.com/video/76979871?dnt=1&h=2f5e8a7b1c',
      'https://vimeo.com/channels/staffpicks/76979871': 'https://player.vimeo.com/video/76979871?dnt=1',
      'https://player.vimeo.com/video/76979871?h=2f5e8a7b1c':
        'https://player.vimeo.com/video/76979871?dnt=1&h=2f5e8a7b1c',
      'https://vimeo.com/showcase/11111/video/76979871': 'https://player.vimeo.com/video/76979871?dnt=1',
    };
    for (const [url, expected] of Object.entries(cases)) expect(await embed('vimeo', url), url).toBe(expected);
  });

  test('no type: no video; a URL without a video id becomes a plain link', async () => {
    const none = await render([{ type: 'video', props: { ...COMMON } }]);
    expect(none).not.toContain('stk-video');
    expect(none).toContain('<!-- video: no type -->');
    const channel = await video({ type: 'youtube', url: 'https://www.youtube.com/@cornershop' });
    expectNone(channel, 'iframe');
    expect($(channel, 'p.stk-video a').getAttribute('href')).toBe('https://www.youtube.com/@cornershop');
  });
});

describe('theme overrides', () => {
  test('blocks/<type>.liquid of the theme replaces the built-in template, and may use the stk-block frame', async () => {
    const blocks = [REPRESENTATIVE.quote![0]!, REPRESENTATIVE.divider![0]!];
    const theme = {
      'blocks/quote.liquid':
        '{%- capture content -%}<q class="mine">{{ block.settings.quote | escape }}</q>{%- endcapture -%}{%- render \'stk-block\', block: block, content: content -%}',
    };
    const root = parse(await render(blocks, { theme }));
    expectNone(root, '.stk-quote');
    expect($(root, 'section.stk-block--quote q.mine').text).toBe('The best boots\nI ever owned.');
    $(root, 'section.stk-block--divider hr');
  });

  test('an override applies inside grids too', async () => {
    const theme = { 'blocks/text.liquid': '<p class="own-text">{{ block.props.content | strip_html }}</p>' };
    const root = parse(await render(REPRESENTATIVE.grid!, { theme }));
    expect($(root, '.stk-grid__column .own-text').text).toBe('Left column');
  });
});
