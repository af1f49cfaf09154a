import { describe, expect, it } from 'vitest';
import type { CompletionItem } from 'vscode-languageserver';
import contextSchema from '../src/generated/schemas/theme-context.schema.json' with { type: 'json' };
import { complete, createLanguageContext } from '../src/language/index.js';
import { CONTRACT_FILTERS, CONTRACT_TAGS, PAGE_OBJECTS } from '../src/render/contract.js';
import { starterTheme } from '../src/starter/files.js';
import { ROOT, marked, snapshot } from './support/language.js';

const definitions = contextSchema.definitions as unknown as Record<string, { properties: Record<string, unknown> }>;
const fieldsOf = (name: string): string[] => Object.keys(definitions[name]!.properties);

/** Completes at the `|^|` marker of `source` in `rel`, over the starter theme (or `base`) plus that file. */
function completeAt(
  rel: string,
  source: string,
  extra: Record<string, string> = {},
  base: Iterable<readonly [string, string | Uint8Array]> = starterTheme(),
): CompletionItem[] {
  const { text, line, character } = marked(source);
  const ctx = createLanguageContext(snapshot([...base, ...Object.entries(extra), [rel, text]]));
  return complete(ctx, `${ROOT}/${rel}`, { line, character });
}

const labels = (items: CompletionItem[]): string[] => items.map((item) => item.label);
const range = (line: number, from: number, to: number) => ({
  start: { line, character: from },
  end: { line, character: to },
});

describe('objects and members, typed by the contract', () => {
  it('completes store. with its fields, typed and described', () => {
    const items = completeAt('templates/index.liquid', '<h1>{{ store.|^| }}</h1>');
    expect(labels(items)).toEqual(fieldsOf('StoreDrop'));
    const name = items.find((item) => item.label === 'storeName')!;
    expect(name.detail).toBe('string');
    expect(name.documentation).toEqual({ kind: 'markdown', value: expect.stringContaining('name') });
    expect(name.textEdit).toEqual({ range: range(0, 13, 13), newText: 'storeName' });
  });

  it('replaces the word being typed', () => {
    const items = completeAt('templates/index.liquid', '{{ store.sto|^|re }}');
    expect(items.find((item) => item.label === 'storeName')!.textEdit).toEqual({
      range: range(0, 9, 14),
      newText: 'storeName',
    });
  });

  it('follows keys and items at any depth: menus[...].links, .first', () => {
    expect(labels(completeAt('templates/index.liquid', "{{ menus['main-menu'].|^| }}"))).toEqual(['name', 'links']);
    const links = completeAt('templates/index.liquid', "{{ menus['main-menu'].links.first.|^| }}");
    expect(labels(links)).toEqual(fieldsOf('LinkDrop'));
    expect(labels(completeAt('templates/index.liquid', "{{ menus['main-menu'].links.|^| }}"))).toEqual([
      'first',
      'last',
      'size',
    ]);
    expect(completeAt('templates/index.liquid', "{{ menus['main-menu'].links.|^| }}")[2]!.detail).toBe('integer');
  });

  it('types a loop variable by its collection, and forloop', () => {
    const source = '{% for c in categories %}\n  {{ c.|^| }}\n{% endfor %}';
    expect(labels(completeAt('templates/index.liquid', source))).toEqual(fieldsOf('CategoryDrop'));
    const nested = '{% for c in categories %}{% for p in c.items %}{{ p.|^| }}{% endfor %}{% endfor %}';
    expect(labels(completeAt('templates/index.liquid', nested))).toEqual(fieldsOf('ProductDrop'));
    const loop = completeAt('templates/index.liquid', '{% for c in categories %}{{ forloop.|^| }}{% endfor %}');
    expect(labels(loop)).toEqual(['first', 'last', 'index', 'index0', 'rindex', 'rindex0', 'length', 'name']);
    // after the loop, c is gone
    expect(completeAt('templates/index.liquid', '{% for c in categories %}{% endfor %}{{ c.|^| }}')).toEqual([]);
  });

  it('types assigned variables, through filters that keep or pick items', () => {
    const source =
      '{% assign picks = categories.first.items | where: "sku", "x" %}{% assign p = picks | first %}{{ p.|^| }}';
    expect(labels(completeAt('templates/index.liquid', source))).toEqual(fieldsOf('ProductDrop'));
    const liquid = '{% liquid\n  assign menu = menus["footer-menu"]\n  echo menu.|^|\n%}';
    expect(labels(completeAt('templates/index.liquid', liquid))).toEqual(['name', 'links']);
  });

  it('offers the objects the folder sees, and the locals', () => {
    expect(labels(completeAt('templates/index.liquid', '{{ |^| }}'))).toEqual([...PAGE_OBJECTS]);
    expect(labels(completeAt('snippets/x.liquid', '{% if |^| %}'))).toEqual([...PAGE_OBJECTS]);
    expect(labels(completeAt('layout/theme.liquid', '{{ |^| }}'))).toEqual([...PAGE_OBJECTS, 'content_for_layout']);
    expect(labels(completeAt('blocks/text.liquid', '{{ |^| }}'))).toEqual([...PAGE_OBJECTS, 'block']);
    expect(labels(completeAt('templates/index.liquid', '{% assign total = 3 %}{{ t|^| }}'))).toEqual([
      'total',
      ...PAGE_OBJECTS,
    ]);
    expect(labels(completeAt('templates/index.liquid', '{% for c in |^| %}'))).toEqual([...PAGE_OBJECTS]);
    // not where a value cannot stand
    expect(completeAt('templates/index.liquid', '{% assign |^| %}')).toEqual([]);
    expect(completeAt('templates/index.liquid', '{% for |^| %}')).toEqual([]);
  });

  it('types block.settings by the block type of blocks/<type>.liquid, with enum members', () => {
    const items = completeAt('blocks/button.liquid', '{{ block.settings.|^| }}');
    expect(labels(items)).toEqual(
      [
        'action',
        'alignment',
        'auto_width',
        'height',
        'item',
        'link_target',
        'link_url',
        'style',
        'text',
        'width',
        'first',
        'last',
        'size',
      ].slice(0, 10),
    );
    const alignment = items.find((item) => item.label === 'alignment')!;
    expect(alignment.detail).toBe("'center' | 'left' | 'right'");
    expect(alignment.documentation).toEqual({
      kind: 'markdown',
      value: 'Horizontal alignment (required for buttons).\n\nOne of: `"center"`, `"left"`, `"right"`.',
    });
    expect(items.find((item) => item.label === 'item')!.detail).toBe('ProductDrop');
    expect(labels(completeAt('blocks/button.liquid', '{{ block.settings.item.|^| }}'))).toEqual(
      fieldsOf('ProductDrop'),
    );
    expect(labels(completeAt('blocks/button.liquid', "{% if block.settings.style == '|^|' %}"))).toEqual([
      'facebook',
      'pinterest',
      'primary',
      'secondary',
      'twitter',
    ]);
    // a background image setting is there in its canonical spelling only
    const image = labels(completeAt('blocks/image.liquid', '{{ block.settings.|^| }}'));
    expect(image).toContain('background_image');
    expect(image).not.toContain('backgound_image');
  });
});

describe('filters and tags', () => {
  it('completes every contract filter after |, with its arguments', () => {
    const items = completeAt('templates/index.liquid', '{{ product.price | |^| }}');
    expect(labels(items)).toEqual([...CONTRACT_FILTERS].sort());
    const money = items.find((item) => item.label === 'money')!;
    expect(money.detail).toBe('money: currency?');
    expect(money.textEdit).toEqual({ range: range(0, 19, 19), newText: 'money' });
    const linkTo = items.find((item) => item.label === 'link_to')!;
    // biome-ignore lint/suspicious/noTemplateCurlyInString: an LSP snippet's placeholder, not a template string
    expect(linkTo.textEdit).toEqual({ range: range(0, 19, 19), newText: 'link_to: ${1:url}' });
    expect(linkTo.insertTextFormat).toBe(2);
    // a filter's argument is a value
    expect(labels(completeAt('templates/index.liquid', '{{ product.price | money: |^| }}'))).toEqual([...PAGE_OBJECTS]);
  });

  it('completes tags after {%, the innermost block end first', () => {
    const items = completeAt('templates/index.liquid', '<p>{% |^|');
    expect(labels(items)).toEqual([...CONTRACT_TAGS].sort());
    expect(items.find((item) => item.label === 'editable_region')!.detail).toBe("{% editable_region 'name' %}");
    const inside = completeAt('templates/index.liquid', '{% for c in categories %}{% if c %}{% en|^| %}');
    expect(labels(inside).slice(0, 3)).toEqual(['endif', 'elsif', 'else']);
    expect(inside[0]!.textEdit).toEqual({ range: range(0, 38, 40), newText: 'endif' });
    // a blank line of a liquid tag, and a tag name being typed there
    const liquid = completeAt('templates/index.liquid', '{% liquid\n  if store\n    |^|\n  endif\n%}');
    expect(labels(liquid).slice(0, 3)).toEqual(['endif', 'elsif', 'else']);
    expect(liquid[0]!.textEdit).toEqual({ range: range(2, 4, 4), newText: 'endif' });
    const typed = completeAt('templates/index.liquid', '{% liquid\n  ass|^|\n%}');
    expect(typed.find((item) => item.label === 'assign')!.textEdit).toEqual({
      range: range(1, 2, 5),
      newText: 'assign',
    });
  });
});

describe('names', () => {
  it('completes snippet names in a half-typed render at the end of the buffer', () => {
    const items = completeAt('templates/index.liquid', "<main>\n{% render 'pro|^|");
    expect(labels(items)).toEqual(['cookie-banner', 'footer', 'header', 'paginator', 'product-card']);
    expect(items[4]!.textEdit).toEqual({ range: range(1, 11, 14), newText: 'product-card' });
    // in a closed string, the whole name is replaced
    const closed = completeAt('templates/index.liquid', "{% render 'hea|^|der' %}");
    expect(closed[2]!.textEdit).toEqual({ range: range(0, 11, 17), newText: 'header' });
  });

  it("completes a snippet's parameters: the variables it reads that are not page objects", () => {
    const badge =
      '{{ label | upcase }}{% if highlight %}<b>{{ store.storeName }}</b>{% endif %}{% assign n = 1 %}{{ n }}{{ label }}';
    const items = completeAt('templates/index.liquid', "{% render 'badge', |^| %}", { 'snippets/badge.liquid': badge });
    expect(labels(items)).toEqual(['label', 'highlight']);
    expect(items[0]!.textEdit).toEqual({ range: range(0, 19, 19), newText: 'label: ' });
    const rest = completeAt('templates/index.liquid', "{% render 'badge', label: 'x', |^| %}", {
      'snippets/badge.liquid': badge,
    });
    expect(labels(rest)).toEqual(['highlight']);
    expect(
      labels(
        completeAt('templates/index.liquid', "{% render 'badge', label: |^| %}", { 'snippets/badge.liquid': badge }),
      ),
    ).toEqual([...PAGE_OBJECTS]);
  });

  it('completes regions, menus, assets and layouts', () => {
    expect(labels(completeAt('templates/index.liquid', "{% editable_region '|^|' %}"))).toEqual(['home']);
    expect(labels(completeAt('templates/index.liquid', "{{ menus['|^|'] }}"))).toEqual(['main-menu', 'footer-menu']);
    expect(labels(completeAt('templates/index.liquid', '{{ menus.|^| }}'))).toEqual(['main-menu', 'footer-menu']);
    expect(labels(completeAt('templates/index.liquid', '{%- render "|^|" -%}'))).toContain('header');
    const assets = completeAt('layout/theme.liquid', "{{ 'th|^|' | asset_url | stylesheet_tag }}");
    expect(labels(assets)).toEqual([...snapshot(starterTheme()).assets]);
    expect(labels(assets)).toContain('theme.css');
    expect(assets[0]!.textEdit).toEqual({ range: range(0, 4, 6), newText: assets[0]!.label });
    expect(labels(completeAt('templates/index.liquid', "{% layout '|^|' %}"))).toEqual(['theme']);
  });
});

describe('config files', () => {
  it("completes page.stk.config.json's template with the theme's templates", () => {
    const items = completeAt('page.stk.config.json', '{ "title": "Home", "template": "|^|" }');
    expect(labels(items)).toEqual(['404', 'article', 'blog', 'category', 'index', 'product']);
    expect(items[0]!.textEdit).toEqual({ range: range(0, 32, 32), newText: '404' });
    // before the string is there: a whole JSON string is inserted
    const bare = completeAt('page.stk.config.json', '{ "template": |^| }');
    expect(bare[4]!.textEdit).toEqual({ range: range(0, 14, 14), newText: '"index"' });
  });

  it('tolerates comments and trailing commas', () => {
    const items = completeAt(
      'page.stk.config.json',
      '{\n  // the home page\n  "title": "Home",\n  "template": "in|^|",\n}',
    );
    expect(labels(items)).toContain('index');
  });

  it("completes a region's regionName with the regions the templates render, and a menu's name with the menus they use", () => {
    const regions = completeAt('editable-regions.stk.config.json', '[{ "regionName": "|^|", "blocks": [] }]', {
      'templates/about.liquid': "{% editable_region 'about-hero' %}",
    });
    expect(labels(regions)).toEqual(['about-hero', 'home']);
    const menus = completeAt('menus.stk.config.json', '[{ "name": "|^|", "links": [] }]');
    expect(labels(menus)).toEqual(['footer-menu', 'main-menu']);
  });
});

describe('bad input never throws', () => {
  it('answers on a half-typed output at the end of the buffer', () => {
    expect(labels(completeAt('templates/index.liquid', '<p>{{ store.|^|'))).toEqual(fieldsOf('StoreDrop'));
    expect(labels(completeAt('templates/index.liquid', '<p>{{ store.storeName | mon|^|'))).toContain('money');
  });

  it('handles a binary file, a 10,000-line buffer, a theme without config files', () => {
    const binary = String.fromCharCode(...Array.from({ length: 2048 }, (_, i) => (i * 37) % 256));
    expect(() => completeAt('templates/bin.liquid', `${binary}|^|${binary}`)).not.toThrow();
    const rows = Array.from({ length: 10_000 }, (_, i) => `<li>{{ categories[${i % 7}].title | upcase }}</li>`).join(
      '\n',
    );
    expect(labels(completeAt('templates/big.liquid', `${rows}\n{{ store.|^|`))).toEqual(fieldsOf('StoreDrop'));
    const bare: Array<[string, string]> = [['templates/index.liquid', '']];
    expect(completeAt('templates/index.liquid', "{% editable_region '|^|' %}", {}, bare)).toEqual([]);
    expect(completeAt('templates/index.liquid', "{{ menus['|^|'] }}", {}, bare)).toEqual([]);
    expect(labels(completeAt('templates/index.liquid', '{{ store.|^| }}', {}, bare))).toEqual(fieldsOf('StoreDrop'));
  });

  it('answers nothing outside Liquid and for files outside the theme', () => {
    expect(completeAt('templates/index.liquid', '<p>st|^|ore</p>')).toEqual([]);
    const ctx = createLanguageContext(snapshot(starterTheme()));
    expect(complete(ctx, '/elsewhere/x.liquid', { line: 0, character: 0 })).toEqual([]);
    expect(complete(ctx, `${ROOT}/templates/index.liquid`, { line: 99_999, character: 5 })).toEqual([]);
  });
});

describe('incremental reading', () => {
  it('reads an edited document as a fresh read would, whatever the edit', () => {
    const base =
      "{% comment %}x{% render 'a' %}{% endcomment %}<p>{{ a.b }}</p>{% raw %}{{ x }}{% endraw %}{% liquid\n assign x = 1\n echo x\n%}{% if a %}{{ b | c: 'd' }}{% endif %}{{ 'x' | asset_url }}";
    for (let cut = 0; cut <= base.length; cut++) {
      for (const insert of ['', '{{', '%}', "'"]) {
        const next = base.slice(0, cut) + insert + base.slice(cut + (insert === '' ? 1 : 0));
        const fresh = createLanguageContext(snapshot([['templates/a.liquid', next]]));
        const edited = createLanguageContext(snapshot([['templates/a.liquid', base]]));
        edited.liquid('templates/a.liquid');
        edited.update(snapshot([['templates/a.liquid', next]]));
        const { text: _a, ...read } = edited.liquid('templates/a.liquid')!;
        const { text: _b, ...expected } = fresh.liquid('templates/a.liquid')!;
        expect(read, `${JSON.stringify(insert)} at ${cut}`).toEqual(expected);
      }
    }
  });

  it('resumes the scope walk from checkpoints with the same answers as a fresh walk', () => {
    const block = (i: number) =>
      `{% for c${i % 3} in categories %}{% assign v${i % 5} = menus['main-menu'] %}<p>{{ c${i % 3}.title }}</p>{% if c${i % 3} %}{{ v${i % 5}.links }}{% endif %}{% endfor %}{% assign w${i % 4} = store %}\n`;
    const text = Array.from({ length: 700 }, (_, i) => block(i)).join('');
    const lines = text.split('\n');
    const shared = createLanguageContext(snapshot([['templates/big.liquid', text]]));
    const positions = [650, 20, 699, 321, 322, 5, 512, 513, 300].map((line) => ({
      line,
      character: lines[line]!.indexOf('.title') + 1,
    }));
    for (const position of positions) {
      const fresh = createLanguageContext(snapshot([['templates/big.liquid', text]]));
      const expected = labels(complete(fresh, `${ROOT}/templates/big.liquid`, position));
      expect(expected).toEqual(fieldsOf('CategoryDrop'));
      expect(labels(complete(shared, `${ROOT}/templates/big.liquid`, position))).toEqual(expected);
      const roots = { line: position.line, character: lines[position.line]!.indexOf('{{ ') + 3 };
      expect(labels(complete(shared, `${ROOT}/templates/big.liquid`, roots))).toEqual(
        labels(complete(fresh, `${ROOT}/templates/big.liquid`, roots)),
      );
    }
  });
});
