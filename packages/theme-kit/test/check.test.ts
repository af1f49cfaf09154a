// checkTheme(): the checks between the config files and the templates, one theme per mismatch, each
// diagnostic asserted whole (code, severity, file, line, column, pointer, message, suggestion).
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTheme } from '../src/check/check-theme.js';
import type { ThemeDiagnostic } from '../src/diagnostics.js';
import { starterTheme } from '../src/starter/files.js';
import { makeTheme, type ThemeSpec } from './support/theme.js';

const PAGE = { title: 'Home', metaDescription: 'The home page.', template: 'index' };
const MENUS = [
  { name: 'main-menu', links: [{ title: 'Home' }] },
  { name: 'footer-menu', links: [{ title: 'Blog' }] },
];
/** Uses both default menus, so that a theme with `menus.stk.config.json` has no unused one. */
const MENU_MARKUP =
  "{% for link in menus['main-menu'].links %}{{ link.title }}{% endfor %}{{ menus['footer-menu'].links.size }}";

/** A theme whose only config file is the page's (no `no-config-files` warning), plus `files`. */
function theme(files: ThemeSpec): string {
  return makeTheme({ 'page.stk.config.json': PAGE, 'templates/index.liquid': '<h1>{{ page.title }}</h1>', ...files });
}

/** 1-based line and column of the first character of `needle` (the `nth` occurrence, from 0) in `text`. */
function where(text: string, needle: string, nth = 0): { line: number; column: number } {
  let index = -1;
  for (let i = 0; i <= nth; i += 1) {
    index = text.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`${JSON.stringify(needle)} not in ${JSON.stringify(text)}`);
  }
  const before = text.slice(0, index);
  return { line: before.split('\n').length, column: index - (before.lastIndexOf('\n') + 1) + 1 };
}

/** The text `makeTheme` writes for a JSON value. */
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The diagnostics without their spans and fixes (asserted in check-fixes.test.ts and check-syntax.test.ts):
 * here, where each diagnostic points and what it says.
 */
async function check(dir: string, strict = false): Promise<readonly ThemeDiagnostic[]> {
  return (await checkTheme({ theme: dir, strict })).diagnostics.map(
    ({ endLine: _endLine, endColumn: _endColumn, fixes: _fixes, ...d }) => d,
  );
}

describe('page.template', () => {
  it('names no file in templates/: an error at the value in page.stk.config.json, with the nearest template', async () => {
    const page = { ...PAGE, template: 'prodct' };
    const dir = theme({ 'page.stk.config.json': page, 'templates/product.liquid': '{{ product.title }}' });
    expect(await check(dir)).toEqual([
      {
        severity: 'error',
        code: 'missing-template',
        message: 'page.template is `prodct`, but templates/prodct.liquid does not exist',
        file: path.join(dir, 'page.stk.config.json'),
        ...where(json(page), '"prodct"'),
        pointer: '/template',
        suggestion: 'did you mean `product`?',
      },
    ]);
  });

  it('not set: the page renders templates/index.liquid, and its absence is an error', async () => {
    const dir = makeTheme({
      'page.stk.config.json': { title: 'Home', metaDescription: 'x' },
      'templates/home.liquid': 'x',
    });
    expect(await check(dir)).toEqual([
      {
        severity: 'error',
        code: 'missing-template',
        message:
          'the page renders templates/index.liquid (page.stk.config.json sets no template), which does not exist',
        file: path.join(dir, 'templates'),
        line: 1,
        column: 1,
        pointer: '',
      },
    ]);
  });
});

describe('editable regions, both ways', () => {
  it('a configured region that no template or snippet renders is an error at its regionName', async () => {
    const regions = [
      { regionName: 'home', rawMarkup: '<p>Welcome</p>' },
      { regionName: 'hero-banner', rawMarkup: '<p>Sale</p>' },
    ];
    const dir = theme({
      'editable-regions.stk.config.json': regions,
      'templates/index.liquid': "{% editable_region 'home' %}",
    });
    expect(await check(dir)).toEqual([
      {
        severity: 'error',
        code: 'unknown-region',
        message:
          "the region `hero-banner` is configured, but no template or snippet has {% editable_region 'hero-banner' %}, so its content is never shown",
        file: path.join(dir, 'editable-regions.stk.config.json'),
        ...where(json(regions), '"hero-banner"'),
        pointer: '/1/regionName',
      },
    ]);
  });

  it('a region tag in a template without a config entry is a warning at the tag, with the nearest configured name', async () => {
    const template = "<main>\n  {% editable_region 'home' %}\n  {%- editable_region 'sidebar' -%}\n</main>";
    const dir = theme({
      'editable-regions.stk.config.json': [
        { regionName: 'home', rawMarkup: 'x' },
        { regionName: 'side-bar', rawMarkup: 'y' },
      ],
      'templates/index.liquid': template,
      'templates/blog.liquid': "{% editable_region 'side-bar' %}",
    });
    expect(await check(dir)).toEqual([
      {
        severity: 'warning',
        code: 'unconfigured-region',
        message: 'the editable region `sidebar` has no entry in editable-regions.stk.config.json, so it renders empty',
        file: path.join(dir, 'templates/index.liquid'),
        ...where(template, '{%- editable_region'),
        pointer: '',
        suggestion: 'did you mean `side-bar`?',
      },
    ]);
  });

  it('a region tag in a snippet without a config entry is a warning at the tag in the snippet', async () => {
    const snippet = '<aside>\n\t{% editable_region "promo" %}</aside>';
    const dir = theme({
      'editable-regions.stk.config.json': [{ regionName: 'home', rawMarkup: 'x' }],
      'templates/index.liquid': "{% editable_region 'home' %}{% render 'aside' %}",
      'snippets/aside.liquid': snippet,
    });
    expect(await check(dir)).toEqual([
      {
        severity: 'warning',
        code: 'unconfigured-region',
        message: 'the editable region `promo` has no entry in editable-regions.stk.config.json, so it renders empty',
        file: path.join(dir, 'snippets/aside.liquid'),
        ...where(snippet, '{% editable_region'),
        pointer: '',
      },
    ]);
  });

  it('a region tag with a computed name may render any configured region: none is reported unused', async () => {
    const dir = theme({
      'editable-regions.stk.config.json': [
        { regionName: 'home', rawMarkup: 'x' },
        { regionName: 'about', rawMarkup: 'y' },
      ],
      'templates/index.liquid': "{% assign name = 'home' %}{% editable_region name %}",
    });
    expect(await check(dir)).toEqual([]);
  });
});

describe('menus, both ways', () => {
  it('a menu used but not configured is a warning where it is used, with the nearest configured name', async () => {
    const template = `${MENU_MARKUP}\n<nav>{% for l in menus['mian-menu'].links %}{{ l.title }}{% endfor %}</nav>`;
    const dir = theme({ 'menus.stk.config.json': MENUS, 'templates/index.liquid': template });
    expect(await check(dir)).toEqual([
      {
        severity: 'warning',
        code: 'unknown-menu',
        message: 'the menu `mian-menu` is used, but menus.stk.config.json does not configure it, so it renders empty',
        file: path.join(dir, 'templates/index.liquid'),
        ...where(template, "menus['mian-menu']"),
        pointer: '',
        suggestion: 'did you mean `main-menu`?',
      },
    ]);
  });

  it('without menus.stk.config.json only the default menus exist; a use in a snippet points into the snippet', async () => {
    const snippet = '<ul>\n  {% for l in menus.sidebar.links %}<li>{{ l.title }}</li>{% endfor %}\n</ul>';
    const dir = theme({ 'templates/index.liquid': "{% render 'nav' %}", 'snippets/nav.liquid': snippet });
    expect(await check(dir)).toEqual([
      {
        severity: 'warning',
        code: 'unknown-menu',
        message:
          'the menu `sidebar` is used, but the default menus are only main-menu and footer-menu, so it renders empty',
        file: path.join(dir, 'snippets/nav.liquid'),
        ...where(snippet, 'menus.sidebar'),
        pointer: '',
      },
    ]);
  });

  it('a configured menu no template uses is a warning at its name', async () => {
    const dir = theme({
      'menus.stk.config.json': MENUS,
      'templates/index.liquid': "{{ menus['main-menu'].links.size }}",
    });
    expect(await check(dir)).toEqual([
      {
        severity: 'warning',
        code: 'unused-menu',
        message: "the menu `footer-menu` is configured, but no template uses it (menus['footer-menu'])",
        file: path.join(dir, 'menus.stk.config.json'),
        ...where(json(MENUS), '"footer-menu"'),
        pointer: '/1/name',
      },
    ]);
  });

  it('a menu the templates use is a menu of the theme: no `unknown-menu-name` for names beyond main-menu and footer-menu', async () => {
    const menus = [
      ...MENUS,
      { name: 'sidebar-menu', links: [{ title: 'Sale' }] },
      { name: 'legal-menu', links: [{ title: 'Terms' }] },
    ];
    const template = `${MENU_MARKUP}{% for l in menus['sidebar-menu'].links %}{{ l.title }}{% endfor %}`;
    const dir = theme({ 'menus.stk.config.json': menus, 'templates/index.liquid': template });
    const found = await check(dir);
    expect(found.map((d) => [d.code, d.pointer])).toEqual([
      ['unknown-menu-name', '/3/name'],
      ['unused-menu', '/3/name'],
    ]);
  });

  it.each([
    ['menus[name]', "{% assign name = 'main-menu' %}{% for l in menus[name].links %}{{ l.title }}{% endfor %}"],
    ['for menu in menus', '{% for menu in menus %}{{ menu.links.size }}{% endfor %}'],
    ['menus passed to a snippet whole', "{% render 'nav', all: menus %}"],
  ])(
    'menus chosen at run time (%s) are not flagged: no configured menu is reported unused',
    async (_name, template) => {
      const dir = theme({
        'menus.stk.config.json': MENUS,
        'templates/index.liquid': template,
        'snippets/nav.liquid': "{{ all['footer-menu'].links.size }}",
      });
      expect(await check(dir)).toEqual([]);
    },
  );
});

describe('Liquid syntax errors, at their position in the file', () => {
  it.each([
    [
      'a template',
      'templates/index.liquid',
      '<main>\n  <h1>{{ page.title }}</h1>\n  {% if page.title %}\n</main>',
      '{% if',
      'tag {% if page.title %} not closed',
    ],
    [
      'the layout',
      'layout/theme.liquid',
      '<html>\n<body>\n  {{ content_for_layout }\n</body>\n</html>',
      '{{ content_for_layout }',
      'output "{{ content_for_layout }\\n</bod..." not closed',
    ],
    [
      'a snippet',
      'snippets/card.liquid',
      '<div>\n  {% for x in %}{{ x }}{% endfor %}\n</div>',
      '{% for x in %}',
      'illegal tag: {% for x in %}',
    ],
    [
      'a block override',
      'blocks/text.liquid',
      '<div class="text">\n  {{ block.props.content }}\n  {% unless block.settings.width %}\n</div>',
      '{% unless',
      'tag {% unless block.settings.width %} not closed',
    ],
  ])('in %s (%s)', async (_what, file, source, needle, message) => {
    const dir = theme({
      'templates/index.liquid': "<h1>{{ page.title }}</h1>{% render 'card' %}",
      'snippets/card.liquid': 'card',
      [file]: source,
    });
    expect(await check(dir)).toEqual([
      {
        severity: 'error',
        code: 'liquid-syntax',
        message,
        file: path.join(dir, file),
        ...where(source, needle),
        pointer: '',
      },
    ]);
  });

  it('a file that does not parse hides nothing else: its region and menu uses are unknown, so none is reported unused', async () => {
    const template = "{% editable_region 'home' %}{{ menus['main-menu'].links.size }}\n{% if store %}";
    const dir = theme({
      'templates/index.liquid': template,
      'editable-regions.stk.config.json': [{ regionName: 'home', rawMarkup: 'x' }],
      'menus.stk.config.json': MENUS,
    });
    expect(await check(dir)).toEqual([
      {
        severity: 'error',
        code: 'liquid-syntax',
        message: 'tag {% if store %} not closed',
        file: path.join(dir, 'templates/index.liquid'),
        ...where(template, '{% if'),
        pointer: '',
      },
    ]);
  });
});

describe('rawMarkup: Liquid inside a JSON string, positions inside the string in editable-regions.stk.config.json', () => {
  // Written by hand, so that escapes (\", \n, \u00e9, \t) stand before the error on the same line of the file.
  const file = (rawMarkup: string): string =>
    `[\n  {\n    "regionName": "home",\n    "rawMarkup": "${rawMarkup}"\n  }\n]\n`;

  it('a syntax error points at the character of the file it was written as', async () => {
    const text = file(
      '<p class=\\"note\\">\\n  Caf\\u00e9 \\"{{ store.storeName }}\\"\\n\\t{% if store.useLogo %}\\n</p>',
    );
    const dir = theme({
      'editable-regions.stk.config.json': text,
      'templates/index.liquid': "{% editable_region 'home' %}",
    });
    const [d, ...rest] = await check(dir);
    expect(rest).toEqual([]);
    expect(d).toEqual({
      severity: 'error',
      code: 'liquid-syntax',
      message: 'rawMarkup: tag {% if store.useLogo %} not closed',
      file: path.join(dir, 'editable-regions.stk.config.json'),
      line: 4,
      column: 80,
      pointer: '/0/rawMarkup',
    });
    expect(where(text, '{% if')).toEqual({ line: 4, column: 80 }); // the same character, found in the text
  });

  it('an unknown filter is an error with a suggestion, inside the string', async () => {
    const text = file('<p>\\n\\t\\"{{ store.storeName | upcse }}\\"</p>');
    const dir = theme({
      'editable-regions.stk.config.json': text,
      'templates/index.liquid': "{% editable_region 'home' %}",
    });
    expect(await check(dir)).toEqual([
      {
        severity: 'error',
        code: 'unknown-filter',
        message: 'rawMarkup: unknown filter `upcse`',
        file: path.join(dir, 'editable-regions.stk.config.json'),
        ...where(text, 'upcse'),
        pointer: '/0/rawMarkup',
        suggestion: 'did you mean `upcase`?',
      },
    ]);
  });

  it('warnings (objects, filters, tags, menus, regions) point inside the string and carry its pointer', async () => {
    const text = file(
      "<p class=\\\"a\\\">\\n\\t{{ stor.storeName | where_exp: 'x', 'x' }}{{ menus.side.links }}{% include 'card' %}{% editable_region 'other' %}</p>",
    );
    const dir = theme({
      'editable-regions.stk.config.json': text,
      'templates/index.liquid': "{% editable_region 'home' %}",
      'snippets/card.liquid': 'c',
    });
    const configFile = path.join(dir, 'editable-regions.stk.config.json');
    expect(await check(dir)).toEqual([
      {
        severity: 'warning',
        code: 'unknown-object',
        message: '`stor` is none of the objects templates see, and nothing assigns it',
        file: configFile,
        ...where(text, 'stor.'),
        pointer: '/0/rawMarkup',
        suggestion: 'did you mean `store`?',
      },
      {
        severity: 'warning',
        code: 'unknown-filter',
        message:
          "the filter `where_exp` is a LiquidJS extension outside the theme kit's template contract: the platform may not have it",
        file: configFile,
        ...where(text, 'where_exp'),
        pointer: '/0/rawMarkup',
      },
      {
        severity: 'warning',
        code: 'unknown-menu',
        message:
          'the menu `side` is used, but the default menus are only main-menu and footer-menu, so it renders empty',
        file: configFile,
        ...where(text, 'menus.side'),
        pointer: '/0/rawMarkup',
      },
      {
        severity: 'warning',
        code: 'unknown-tag',
        message: "the tag `include` is a LiquidJS extension outside the theme kit's template contract (use `render`)",
        file: configFile,
        ...where(text, '{% include'),
        pointer: '/0/rawMarkup',
      },
      {
        severity: 'warning',
        code: 'unconfigured-region',
        message: 'the editable region `other` has no entry in editable-regions.stk.config.json, so it renders empty',
        file: configFile,
        ...where(text, '{% editable_region'),
        pointer: '/0/rawMarkup',
      },
    ]);
  });
});

describe('filters and tags against the template contract', () => {
  it('a filter the engine does not have is an error at its name (the page cannot render), with the nearest filter', async () => {
    const template = '<h1>\n  {{ store.storeName | upcse }}</h1>';
    const dir = theme({ 'templates/index.liquid': template });
    expect(await check(dir)).toEqual([
      {
        severity: 'error',
        code: 'unknown-filter',
        message: 'unknown filter `upcse`',
        file: path.join(dir, 'templates/index.liquid'),
        ...where(template, 'upcse'),
        pointer: '',
        suggestion: 'did you mean `upcase`?',
      },
    ]);
  });

  it('a LiquidJS-only filter (where_exp) is a warning at the filter', async () => {
    const template = "{% assign guides = articles | where_exp: 'a', 'a.tags contains \"guides\"' %}\n{{ guides.size }}";
    const dir = theme({ 'templates/index.liquid': template });
    expect(await check(dir)).toEqual([
      {
        severity: 'warning',
        code: 'unknown-filter',
        message:
          "the filter `where_exp` is a LiquidJS extension outside the theme kit's template contract: the platform may not have it",
        file: path.join(dir, 'templates/index.liquid'),
        ...where(template, 'where_exp'),
        pointer: '',
      },
    ]);
  });

  it('the include tag is a warning that says to use render', async () => {
    const template = "<main>\n  {% include 'card' %}\n</main>";
    const dir = theme({ 'templates/index.liquid': template, 'snippets/card.liquid': '<div>card</div>' });
    expect(await check(dir)).toEqual([
      {
        severity: 'warning',
        code: 'unknown-tag',
        message: "the tag `include` is a LiquidJS extension outside the theme kit's template contract (use `render`)",
        file: path.join(dir, 'templates/index.liquid'),
        ...where(template, '{% include'),
        pointer: '',
      },
    ]);
  });

  it('a tag the engine does not have is an error, with the nearest tag', async () => {
    const template = "<main>\n  {% editable_regoin 'home' %}\n</main>";
    const dir = theme({ 'templates/index.liquid': template });
    expect(await check(dir)).toEqual([
      {
        severity: 'error',
        code: 'unknown-tag',
        message: 'unknown tag `editable_regoin`',
        file: path.join(dir, 'templates/index.liquid'),
        ...where(template, '{% editable_regoin'),
        pointer: '',
        suggestion: 'did you mean `editable_region`?',
      },
    ]);
  });
});

describe('objects against the template contract', () => {
  it('an unknown object is a warning with the nearest object', async () => {
    const template = '<h1>{{ page.title }}</h1>\n<p>{{ stor.storeName }}</p>';
    const dir = theme({ 'templates/index.liquid': template });
    expect(await check(dir)).toEqual([
      {
        severity: 'warning',
        code: 'unknown-object',
        message: '`stor` is none of the objects templates see, and nothing assigns it',
        file: path.join(dir, 'templates/index.liquid'),
        ...where(template, 'stor.'),
        pointer: '',
        suggestion: 'did you mean `store`?',
      },
    ]);
  });

  it('assigned, captured, loop and increment variables, forloop and the layout and block objects are not flagged', async () => {
    const dir = theme({
      'templates/index.liquid': [
        "{% assign greeting = 'Hello' %}{{ greeting }}",
        '{% capture title %}{{ page.title | upcase }}{% endcapture %}{{ title }}',
        '{% for category in categories %}{{ forloop.index }}: {{ category.title }}{% else %}none{% endfor %}',
        '{% tablerow article in articles cols: 2 %}{{ tablerowloop.col }} {{ article.title }}{% endtablerow %}',
        '{% increment visits %}{{ visits }}{% cycle "odd", "even" %}',
        '{% liquid\n  assign n = categories.size\n  echo n | plus: 1\n%}',
        '{% raw %}{{ not_liquid }}{% endraw %}{% comment %}{{ nor_this }}{% endcomment %}',
      ].join('\n'),
      'layout/theme.liquid': '<html><body>{{ content_for_layout }}</body></html>',
      'blocks/text.liquid': '<div>{{ block.props.content }}</div>',
    });
    expect(await check(dir)).toEqual([]);
  });

  it('snippet parameters are not flagged inside the snippet (passed by name, with, for), even when one render leaves one out', async () => {
    const dir = theme({
      'templates/index.liquid': [
        "{% for p in categories %}{% render 'card', item: p, badge: 'new' %}{% endfor %}",
        "{% render 'card' with categories.first as item %}",
        "{% render 'card' for categories as item %}",
      ].join('\n'),
      'templates/blog.liquid': "{% render 'card', item: articles.first %}",
      'snippets/card.liquid': '{{ item.title }}{% if badge %}<b>{{ badge }}</b>{% endif %}{{ forloop.index }}',
    });
    expect(await check(dir)).toEqual([]);
  });

  it('an unknown object inside a snippet is reported once, in the snippet, though two templates render it', async () => {
    const snippet = '<div>{{ item.title }}</div>\n<p>{{ prodcut.title }}</p>';
    const dir = theme({
      'templates/index.liquid': "{% render 'card', item: page %}",
      'templates/blog.liquid': "{% render 'card', item: page %}",
      'snippets/card.liquid': snippet,
    });
    expect(await check(dir)).toEqual([
      {
        severity: 'warning',
        code: 'unknown-object',
        message: '`prodcut` is none of the objects templates see, and nothing assigns it',
        file: path.join(dir, 'snippets/card.liquid'),
        ...where(snippet, 'prodcut'),
        pointer: '',
        suggestion: 'did you mean `product`?',
      },
    ]);
  });

  it("a block override that renders the built-in stk-block snippet as documented has no diagnostics (the built-ins are not the theme's to fix)", async () => {
    const dir = theme({
      'templates/index.liquid': "{% editable_region 'home' %}",
      'editable-regions.stk.config.json': [
        {
          regionName: 'home',
          blocks: [
            {
              type: 'text',
              props: { content: '<p>Hi</p>', settings: { background_type: 'none', height: 1, width: 100 } },
            },
          ],
        },
      ],
      'blocks/text.liquid':
        "{%- capture content -%}<div>{{ block.props.content }}</div>{%- endcapture -%}\n{%- render 'stk-block', block: block, content: content -%}",
    });
    expect(await check(dir)).toEqual([]);
  });
});

describe('render tags', () => {
  it('a missing snippet is an error at the tag, with the nearest snippet', async () => {
    const template = "<main>\n  {% render 'prodcut-card', product: product %}\n</main>";
    const dir = theme({ 'templates/index.liquid': template, 'snippets/product-card.liquid': '{{ product.title }}' });
    expect(await check(dir)).toEqual([
      {
        severity: 'error',
        code: 'missing-snippet',
        message: 'no snippet `prodcut-card`: snippets/prodcut-card.liquid does not exist',
        file: path.join(dir, 'templates/index.liquid'),
        ...where(template, '{% render'),
        pointer: '',
        suggestion: 'did you mean `product-card`?',
      },
    ]);
  });

  it("beside a missing snippet, the menus the template's other snippets use are not reported unused", async () => {
    const dir = theme({
      'templates/index.liquid': "{% render 'header' %}{% render 'footer' %}",
      'snippets/header.liquid': MENU_MARKUP,
      'menus.stk.config.json': MENUS,
    });
    expect((await check(dir)).map((d) => d.code)).toEqual(['missing-snippet']);
  });
});

describe('whole themes', () => {
  it('the starter theme `init` writes has no diagnostics at all', async () => {
    const dir = makeTheme({});
    for (const [file, contents] of starterTheme()) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), contents);
    }
    const result = await checkTheme({ theme: dir, strict: true });
    expect(result.diagnostics).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.files).toBe(7 + [...starterTheme().keys()].filter((f) => f.endsWith('.liquid')).length);
  });

  it('strict turns every warning into an error and the theme invalid', async () => {
    const dir = theme({ 'templates/index.liquid': "{{ stor.storeName }}{% include 'x' %}", 'snippets/x.liquid': 'x' });
    const lenient = await checkTheme({ theme: dir });
    const strict = await checkTheme({ theme: dir, strict: true });
    expect(lenient.valid).toBe(true);
    expect(lenient.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['unknown-object', 'warning'],
      ['unknown-tag', 'warning'],
    ]);
    expect(strict.valid).toBe(false);
    expect(strict.diagnostics).toEqual(lenient.diagnostics.map((d) => ({ ...d, severity: 'error' })));
  });

  it('a theme directory that does not exist is one error, not an exception', async () => {
    const dir = path.join(makeTheme({}), 'missing');
    const result = await checkTheme({ theme: dir });
    expect(result.valid).toBe(false);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'theme-dir-not-found',
        file: dir,
        line: 1,
        column: 1,
        message: expect.stringContaining('does not exist'),
      }),
    ]);
  });
});
