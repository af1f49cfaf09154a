import { describe, expect, it } from 'vitest';
import type { Hover } from 'vscode-languageserver';
import { createLanguageContext, hover, type LanguageContext } from '../src/language/index.js';
import { starterTheme } from '../src/starter/files.js';
import { ROOT, marked, snapshot } from './support/language.js';

const CLOCK = '2025-01-01T00:00:00Z';

/** A small store: its name and five pages. */
const SHOP: Record<string, string> = {
  'store.stk.config.json': JSON.stringify({ storeName: 'North Wind Goods', language: 'en-US', currencyCode: 'USD' }),
  'pagination.stk.config.json': '{ "numPages": 5, "currentPage": 1, } // trailing comma and comment',
  'menus.stk.config.json': JSON.stringify([{ name: 'main-menu', links: [{ title: 'Home' }, { title: 'Blog' }] }]),
};

function hoverAt(
  rel: string,
  source: string,
  base: Record<string, string> = SHOP,
): { hover: Hover | null; ctx: LanguageContext } {
  const { text, line, character } = marked(source);
  const ctx = createLanguageContext(snapshot([...Object.entries(base), [rel, text]]), { clock: CLOCK });
  return { hover: hover(ctx, `${ROOT}/${rel}`, { line, character }), ctx };
}

const value = (result: Hover | null): string => {
  const contents = result?.contents;
  return typeof contents === 'object' && contents !== null && 'value' in contents ? contents.value : '';
};

describe('hover on objects and members', () => {
  it("shows store.storeName's type, description and the mock store's value", () => {
    const { hover: result } = hoverAt('templates/index.liquid', '<h1>{{ store.store|^|Name }}</h1>');
    expect(result?.range).toEqual({ start: { line: 0, character: 13 }, end: { line: 0, character: 22 } });
    expect(value(result)).toBe(
      '```ts\nstore.storeName: string\n```\n\nStore name.\n\nMock store value: `"North Wind Goods"`',
    );
  });

  it('shows paginator.numPages as 5, the root object with its type', () => {
    expect(value(hoverAt('templates/blog.liquid', '{{ paginator.num|^|Pages }}').hover)).toContain(
      'Mock store value: `5`',
    );
    const root = value(hoverAt('templates/blog.liquid', '{{ pagi|^|nator.numPages }}').hover);
    expect(root).toMatch(/^```ts\npaginator: MockPaginator\n```\n\nThe paginator\./);
  });

  it('follows keys, loops and assigns to the value', () => {
    const menu = value(hoverAt('templates/index.liquid', "{{ menus['main-menu'].links.first.ti|^|tle }}").hover);
    expect(menu).toContain('menus["main-menu"].links.first.title: string');
    expect(menu).toContain('Mock store value: `"Home"`');
    const loop = value(
      hoverAt('templates/index.liquid', "{% for link in menus['main-menu'].links %}{{ li|^|nk.url }}{% endfor %}")
        .hover,
    );
    expect(loop).toContain('link: LinkDrop');
    expect(loop).toContain('Mock store value: `{"title":"Home","url":"/"');
    const count = value(
      hoverAt('templates/index.liquid', "{% assign m = menus['main-menu'] %}{{ m.links.si|^|ze }}").hover,
    );
    expect(count).toContain('m.links.size: integer');
    expect(count).toContain('Mock store value: `2`');
    const forloop = value(
      hoverAt('templates/index.liquid', '{% for c in categories %}{{ forloop.in|^|dex }}{% endfor %}').hover,
    );
    expect(forloop).toBe('```ts\nforloop.index: integer\n```\n\nThe 1-based index of the iteration.');
  });

  it('shows a block setting with its enum members, and the value of the first block of that type', () => {
    const regions = JSON.stringify([
      {
        regionName: 'home',
        blocks: [{ type: 'button', props: { settings: { alignment: 'left', height: 1, text: 'Go' } } }],
      },
    ]);
    const { hover: result } = hoverAt('blocks/button.liquid', '{{ block.settings.align|^|ment }}', {
      ...SHOP,
      'editable-regions.stk.config.json': regions,
    });
    expect(value(result)).toBe(
      '```ts\nblock.settings.alignment: \'center\' | \'left\' | \'right\'\n```\n\nHorizontal alignment (required for buttons).\n\nOne of: `"center"`, `"left"`, `"right"`\n\nMock store value: `"left"`',
    );
  });

  it('has no value without config files, and nothing for unknown names', () => {
    const bare = value(hoverAt('templates/index.liquid', '{{ store.store|^|Name }}', {}).hover);
    expect(bare).toMatch(/^```ts\nstore\.storeName: string\n```\n\n/);
    expect(hoverAt('templates/index.liquid', '{{ nothing.he|^|re }}').hover).toBeNull();
    expect(hoverAt('templates/index.liquid', '<p>te|^|xt</p>').hover).toBeNull();
  });
});

describe('hover on filters, tags and snippets', () => {
  it('shows a filter with its signature', () => {
    const { hover: result } = hoverAt('templates/index.liquid', '{{ product.price | mo|^|ney }}');
    expect(result).toEqual({
      contents: {
        kind: 'markdown',
        value:
          "```liquid\n| money: currency?\n```\n\nA price in the store's currency and language (`$19.00`); a currency code argument wins.",
      },
      range: { start: { line: 0, character: 19 }, end: { line: 0, character: 24 } },
    });
  });

  it('shows a tag with its syntax, and the tag an end tag closes', () => {
    const region = hoverAt('templates/index.liquid', "{% editable_re|^|gion 'home' %}").hover;
    expect(value(region)).toBe(
      "```liquid\n{% editable_region 'name' %}\n```\n\nThe editable region of that `regionName` (`editable-regions.stk.config.json`): its `rawMarkup`, then its blocks.",
    );
    expect(region?.range).toEqual({ start: { line: 0, character: 3 }, end: { line: 0, character: 18 } });
    expect(value(hoverAt('templates/index.liquid', '{% for c in categories %}{% end|^|for %}').hover)).toContain(
      '{% for item in array',
    );
  });

  it("shows a rendered snippet's parameters", () => {
    const result = hoverAt('templates/index.liquid', "{% render 'ba|^|dge', label: 'x' %}", {
      ...SHOP,
      'snippets/badge.liquid': '{{ label }}{{ store.storeName }}{% if highlight %}!{% endif %}',
    }).hover;
    expect(value(result)).toBe('Snippet `snippets/badge.liquid`\n\nParameters: `label`, `highlight`');
  });

  it('builds the store once per config version', () => {
    const { ctx } = hoverAt('templates/index.liquid', '{{ store|^| }}');
    const first = ctx.themeData();
    expect(first).toBeDefined();
    expect(ctx.themeData()).toBe(first);
    ctx.update({ ...ctx.snapshot, files: new Map([['templates/index.liquid', '{{ store }}{{ page }}']]) });
    expect(ctx.themeData()).toBe(first);
    const configTexts = new Map(ctx.snapshot.configTexts);
    configTexts.set('store.stk.config.json', {
      file: `${ROOT}/store.stk.config.json`,
      text: '{ "storeName": "Other" }',
    });
    ctx.update({ ...ctx.snapshot, configTexts });
    expect(ctx.themeData()).not.toBe(first);
    expect(value(hover(ctx, `${ROOT}/templates/index.liquid`, { line: 0, character: 22 }))).toBeDefined();
  });
});

describe('starter theme', () => {
  it('hovers in every starter template without throwing', () => {
    const ctx = createLanguageContext(snapshot(starterTheme()), { clock: CLOCK });
    let shown = 0;
    for (const [rel, text] of snapshot(starterTheme()).files) {
      const lines = text.split('\n');
      lines.forEach((line, n) => {
        for (let character = 0; character < line.length; character += 3)
          if (hover(ctx, `${ROOT}/${rel}`, { line: n, character })) shown++;
      });
    }
    expect(shown).toBeGreaterThan(100);
  });
});
