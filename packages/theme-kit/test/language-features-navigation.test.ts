import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  complete,
  createLanguageContext,
  definition,
  hover,
  prepareRename,
  rename,
  documentLinks,
  type LanguageContextOptions,
  references,
} from '../src/language/index.js';
import { ROOT, snapshot, uri } from './support/language.js';

const INDEX = [
  "{% layout 'theme' %}",
  "{% editable_region 'home-hero' %}",
  "{% render 'card', product: product %}",
  "{{ 'theme.css' | asset_url | stylesheet_tag }}",
  "{% for link in menus['footer-menu'].links %}{{ link.title }}{% endfor %}",
].join('\n');
const ABOUT = "<main>{% editable_region 'home-hero' %}{% render 'card' %}</main>\n{{ menus.footer-menu.name }}";
const REGIONS = [
  '[',
  '  {',
  '    "regionName": "home-hero",',
  '    "blocks": [',
  '      { "type": "text", "props": { "content": "Hi", "settings": {} } },',
  '      { "type": "quote", "props": {} },',
  '    ],',
  '  },',
  ']',
].join('\n');
const MENUS = '// the menus\n[\n  { "name": "footer-menu", "links": [] }\n]';
const PAGE = '{ "title": "About", "template": "about" }';

const THEME: Record<string, string> = {
  'templates/index.liquid': INDEX,
  'templates/about.liquid': ABOUT,
  'layout/theme.liquid': '{{ content_for_layout }}',
  'snippets/card.liquid': '{{ product.title }}',
  'blocks/quote.liquid': '<blockquote>{{ block.props.quote }}</blockquote>',
  'assets/theme.css': 'body {}',
  'editable-regions.stk.config.json': REGIONS,
  'menus.stk.config.json': MENUS,
  'page.stk.config.json': PAGE,
};

/** The range of the `occurrence`-th `needle` in `text` (0-based), `shift` characters in and `length` long. */
function rangeIn(text: string, needle: string, occurrence = 0, shift = 0, length = needle.length - shift) {
  let offset = -1;
  for (let i = 0; i <= occurrence; i++) offset = text.indexOf(needle, offset + 1);
  if (offset < 0) throw new Error(`${needle} not in text`);
  const at = (o: number) => {
    const before = text.slice(0, o).split('\n');
    return { line: before.length - 1, character: before.at(-1)!.length };
  };
  return { start: at(offset + shift), end: at(offset + shift + length) };
}

/** The position inside `needle` (after `shift` characters). */
const inside = (text: string, needle: string, shift = 1, occurrence = 0) =>
  rangeIn(text, needle, occurrence, shift, 0).start;

const START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function context(options: LanguageContextOptions = {}, theme: Record<string, string> = THEME) {
  return createLanguageContext(snapshot(Object.entries(theme)), options);
}

const REGION_ENTRY = rangeIn(
  REGIONS,
  '{\n    "regionName"',
  0,
  0,
  REGIONS.indexOf('},\n]') + 1 - REGIONS.indexOf('{\n    "regionName"'),
);
const MENU_ENTRY = rangeIn(MENUS, '{ "name": "footer-menu", "links": [] }');

describe('go to definition', () => {
  const ctx = context();
  const at = (rel: string, text: string, needle: string, shift = 2, occurrence = 0) =>
    definition(ctx, `${ROOT}/${rel}`, inside(text, needle, shift, occurrence));

  it('jumps from render, layout and asset_url to the files', () => {
    expect(at('templates/index.liquid', INDEX, "'card'")).toEqual([{ uri: uri('snippets/card.liquid'), range: START }]);
    expect(at('templates/index.liquid', INDEX, "'theme'")).toEqual([{ uri: uri('layout/theme.liquid'), range: START }]);
    expect(at('templates/index.liquid', INDEX, "'theme.css'")).toEqual([
      { uri: uri('assets/theme.css'), range: START },
    ]);
  });

  it("jumps from editable_region and menus[...] to the config file's entry", () => {
    expect(at('templates/index.liquid', INDEX, "'home-hero'")).toEqual([
      { uri: uri('editable-regions.stk.config.json'), range: REGION_ENTRY },
    ]);
    expect(REGION_ENTRY).toEqual({ start: { line: 1, character: 2 }, end: { line: 7, character: 3 } });
    expect(at('templates/index.liquid', INDEX, "'footer-menu'")).toEqual([
      { uri: uri('menus.stk.config.json'), range: MENU_ENTRY },
    ]);
    expect(at('templates/about.liquid', ABOUT, 'footer-menu', 3)).toEqual([
      { uri: uri('menus.stk.config.json'), range: MENU_ENTRY },
    ]);
  });

  it("jumps from page.template to the template and from a block's type to its template, the theme's or the built-in", () => {
    expect(at('page.stk.config.json', PAGE, '"about"')).toEqual([{ uri: uri('templates/about.liquid'), range: START }]);
    expect(at('editable-regions.stk.config.json', REGIONS, '"quote"')).toEqual([
      { uri: uri('blocks/quote.liquid'), range: START },
    ]);
    const builtin = pathToFileURL(fileURLToPath(new URL('../src/blocks/text.liquid', import.meta.url))).href;
    expect(at('editable-regions.stk.config.json', REGIONS, '"text"')).toEqual([{ uri: builtin, range: START }]);
    const without = context({ builtinBlocksDir: '/nowhere' });
    expect(definition(without, `${ROOT}/editable-regions.stk.config.json`, inside(REGIONS, '"text"', 2))).toEqual([]);
  });

  it('finds nothing for missing targets and other positions', () => {
    const missing = context({}, { ...THEME, 'templates/x.liquid': "{% render 'nope' %}{{ 'gone.js' | asset_url }}" });
    expect(definition(missing, `${ROOT}/templates/x.liquid`, { line: 0, character: 13 })).toEqual([]);
    expect(definition(missing, `${ROOT}/templates/x.liquid`, { line: 0, character: 24 })).toEqual([]);
    expect(at('templates/index.liquid', INDEX, 'stylesheet_tag')).toEqual([]);
    expect(at('page.stk.config.json', PAGE, '"About"')).toEqual([]);
  });
});

describe('find references', () => {
  const ctx = context();

  it('lists a snippet file and every render of it', () => {
    const expected = [
      { uri: uri('snippets/card.liquid'), range: START },
      { uri: uri('templates/about.liquid'), range: rangeIn(ABOUT, 'card') },
      { uri: uri('templates/index.liquid'), range: rangeIn(INDEX, 'card') },
    ];
    expect(references(ctx, `${ROOT}/templates/index.liquid`, inside(INDEX, "'card'", 2))).toEqual(expected);
    expect(references(ctx, `${ROOT}/templates/about.liquid`, inside(ABOUT, "'card'", 1))).toEqual(expected);
  });

  it("lists a region's config entry and every tag, from either side", () => {
    const expected = [
      { uri: uri('editable-regions.stk.config.json'), range: rangeIn(REGIONS, 'home-hero') },
      { uri: uri('templates/about.liquid'), range: rangeIn(ABOUT, 'home-hero') },
      { uri: uri('templates/index.liquid'), range: rangeIn(INDEX, 'home-hero') },
    ];
    expect(references(ctx, `${ROOT}/templates/index.liquid`, inside(INDEX, "'home-hero'", 3))).toEqual(expected);
    expect(references(ctx, `${ROOT}/editable-regions.stk.config.json`, inside(REGIONS, '"home-hero"', 4))).toEqual(
      expected,
    );
  });

  it("lists a menu's config entry and every use", () => {
    const expected = [
      { uri: uri('menus.stk.config.json'), range: rangeIn(MENUS, 'footer-menu') },
      { uri: uri('templates/about.liquid'), range: rangeIn(ABOUT, 'footer-menu') },
      { uri: uri('templates/index.liquid'), range: rangeIn(INDEX, 'footer-menu') },
    ];
    expect(references(ctx, `${ROOT}/menus.stk.config.json`, inside(MENUS, '"footer-menu"', 2))).toEqual(expected);
    expect(references(ctx, `${ROOT}/templates/about.liquid`, inside(ABOUT, 'footer-menu', 0))).toEqual(expected);
  });

  it('follows edits: a new render is found after update', () => {
    const local = context();
    local.update(snapshot(Object.entries({ ...THEME, 'snippets/extra.liquid': "{% render 'card' %}" })));
    expect(
      references(local, `${ROOT}/snippets/card.liquid`, { line: 0, character: 0 }).length +
        references(local, `${ROOT}/templates/index.liquid`, inside(INDEX, "'card'", 2)).length,
    ).toBe(4);
  });
});

describe('document links', () => {
  const ctx = context();

  it("links a template's snippets, layout, asset, region and menu", () => {
    expect(documentLinks(ctx, `${ROOT}/templates/index.liquid`)).toEqual([
      { range: rangeIn(INDEX, 'theme', 0), target: uri('layout/theme.liquid') },
      { range: rangeIn(INDEX, 'home-hero'), target: `${uri('editable-regions.stk.config.json')}#L2,3` },
      { range: rangeIn(INDEX, 'card'), target: uri('snippets/card.liquid') },
      { range: rangeIn(INDEX, 'theme.css'), target: uri('assets/theme.css') },
      { range: rangeIn(INDEX, 'footer-menu'), target: `${uri('menus.stk.config.json')}#L3,3` },
    ]);
  });

  it("links page.template and the block types of the regions' config", () => {
    expect(documentLinks(ctx, `${ROOT}/page.stk.config.json`)).toEqual([
      { range: rangeIn(PAGE, 'about'), target: uri('templates/about.liquid') },
    ]);
    const links = documentLinks(ctx, `${ROOT}/editable-regions.stk.config.json`);
    expect(links.map((link) => link.range)).toEqual([rangeIn(REGIONS, 'text'), rangeIn(REGIONS, 'quote')]);
    expect(links[1]!.target).toBe(uri('blocks/quote.liquid'));
    expect(links[0]!.target).toMatch(/\/blocks\/text\.liquid$/);
  });

  it('has nothing to link in a theme without config files or in a broken file', () => {
    const bare = context({}, { 'templates/index.liquid': INDEX });
    expect(documentLinks(bare, `${ROOT}/templates/index.liquid`)).toEqual([]);
    const broken = context({}, { ...THEME, 'page.stk.config.json': '{ "template": ' });
    expect(documentLinks(broken, `${ROOT}/page.stk.config.json`)).toEqual([]);
    expect(documentLinks(broken, `${ROOT}/nothing.liquid`)).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers every request at every position of broken, binary and huge documents without throwing', () => {
    const binary = String.fromCharCode(...Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256));
    const huge = Array.from(
      { length: 10_000 },
      (_, i) => `<li>{% if c${i} %}{{ menus['footer-menu'].links[${i}] | money }}{% endif %}</li>`,
    ).join('\n');
    const theme = {
      ...THEME,
      'templates/binary.liquid': binary,
      'templates/huge.liquid': huge,
      'templates/half.liquid': '{% for c in categories %}{{ c. {% render \'ca {% editable_region "',
      'snippets/unclosed.liquid': '{% raw %}{{ x }}{% comment %}{% liquid\n  assign',
      'menus.stk.config.json': '[{ "name": "footer-menu", /* no end',
      'page.stk.config.json': '{ "template": 12, }',
    };
    const errors: unknown[] = [];
    const ctx = context({ onError: (error) => errors.push(error) }, theme);
    let answers = 0;
    for (const [rel, text] of Object.entries(theme)) {
      if (rel.startsWith('assets/')) continue;
      const file = `${ROOT}/${rel}`;
      const lines = text.split('\n');
      const step = Math.max(1, Math.floor(text.length / 120));
      for (let offset = 0; offset <= text.length; offset += step) {
        const before = text.slice(0, offset).split('\n');
        const position = { line: before.length - 1, character: before.at(-1)!.length };
        answers += complete(ctx, file, position).length + definition(ctx, file, position).length;
        answers += references(ctx, file, position).length;
        expect(hover(ctx, file, position) === null || typeof hover(ctx, file, position) === 'object').toBe(true);
        if (prepareRename(ctx, file, position)) expect(rename(ctx, file, position, 'renamed')).not.toBeNull();
      }
      expect(Array.isArray(documentLinks(ctx, file))).toBe(true);
      expect(lines.length).toBeGreaterThan(0);
    }
    expect(answers).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
