import { describe, expect, it } from 'vitest';
import { createLanguageContext, prepareRename, rename } from '../src/language/index.js';
import { ROOT, snapshot, uri } from './support/language.js';

const INDEX = "{% editable_region 'home-hero' %}\n{% render 'card', product: product %}\n{% render 'card' %}";
const ABOUT = '{% liquid\n  editable_region "home-hero"\n  render "card"\n%}';
const REGIONS =
  '[\n  // the home page\n  { "regionName": "home-hero", "blocks": [], },\n  { "regionName": "other", "blocks": [] }\n]';

const THEME: Record<string, string> = {
  'templates/index.liquid': INDEX,
  'templates/about.liquid': ABOUT,
  'snippets/card.liquid': '{{ product.title }}',
  'snippets/taken.liquid': '',
  'editable-regions.stk.config.json': REGIONS,
};

function rangeIn(text: string, needle: string, occurrence = 0) {
  let offset = -1;
  for (let i = 0; i <= occurrence; i++) offset = text.indexOf(needle, offset + 1);
  if (offset < 0) throw new Error(`${needle} not in text`);
  const at = (o: number) => {
    const before = text.slice(0, o).split('\n');
    return { line: before.length - 1, character: before.at(-1)!.length };
  };
  return { start: at(offset), end: at(offset + needle.length) };
}

const ctx = createLanguageContext(snapshot(Object.entries(THEME)));
const inIndex = (needle: string, occurrence = 0) => {
  const { start } = rangeIn(INDEX, needle, occurrence);
  return { line: start.line, character: start.character + 1 };
};

describe('prepareRename', () => {
  it('accepts a region or snippet name, in a template or the config', () => {
    expect(prepareRename(ctx, `${ROOT}/templates/index.liquid`, inIndex('home-hero'))).toEqual({
      range: rangeIn(INDEX, 'home-hero'),
      placeholder: 'home-hero',
    });
    expect(prepareRename(ctx, `${ROOT}/templates/index.liquid`, inIndex('card'))).toEqual({
      range: rangeIn(INDEX, 'card'),
      placeholder: 'card',
    });
    const inConfig = rangeIn(REGIONS, 'home-hero').start;
    expect(
      prepareRename(ctx, `${ROOT}/editable-regions.stk.config.json`, {
        ...inConfig,
        character: inConfig.character + 2,
      }),
    ).toEqual({ range: rangeIn(REGIONS, 'home-hero'), placeholder: 'home-hero' });
  });

  it('refuses every other position', () => {
    expect(prepareRename(ctx, `${ROOT}/templates/index.liquid`, inIndex('render'))).toBeNull();
    expect(prepareRename(ctx, `${ROOT}/templates/index.liquid`, inIndex('product'))).toBeNull();
    expect(prepareRename(ctx, `${ROOT}/templates/index.liquid`, { line: 9, character: 0 })).toBeNull();
    expect(prepareRename(ctx, `${ROOT}/editable-regions.stk.config.json`, rangeIn(REGIONS, 'blocks').start)).toBeNull();
    expect(prepareRename(ctx, `${ROOT}/snippets/card.liquid`, { line: 0, character: 4 })).toBeNull();
  });
});

describe('rename', () => {
  it('renames a region in every template and in the config file, as one edit', () => {
    expect(rename(ctx, `${ROOT}/templates/index.liquid`, inIndex('home-hero'), 'hero')).toEqual({
      documentChanges: [
        {
          textDocument: { uri: uri('templates/about.liquid'), version: null },
          edits: [{ range: rangeIn(ABOUT, 'home-hero'), newText: 'hero' }],
        },
        {
          textDocument: { uri: uri('templates/index.liquid'), version: null },
          edits: [{ range: rangeIn(INDEX, 'home-hero'), newText: 'hero' }],
        },
        {
          textDocument: { uri: uri('editable-regions.stk.config.json'), version: null },
          edits: [{ range: rangeIn(REGIONS, 'home-hero'), newText: 'hero' }],
        },
      ],
    });
  });

  it('renames a snippet: every render tag, then the file', () => {
    expect(rename(ctx, `${ROOT}/templates/index.liquid`, inIndex('card', 1), 'product-card')).toEqual({
      documentChanges: [
        {
          textDocument: { uri: uri('templates/about.liquid'), version: null },
          edits: [{ range: rangeIn(ABOUT, 'card'), newText: 'product-card' }],
        },
        {
          textDocument: { uri: uri('templates/index.liquid'), version: null },
          edits: [
            { range: rangeIn(INDEX, 'card'), newText: 'product-card' },
            { range: rangeIn(INDEX, 'card', 1), newText: 'product-card' },
          ],
        },
        {
          kind: 'rename',
          oldUri: uri('snippets/card.liquid'),
          newUri: uri('snippets/product-card.liquid'),
          options: { overwrite: false },
        },
      ],
    });
  });

  it('refuses a name that is taken or not a file name, and other positions', () => {
    expect(rename(ctx, `${ROOT}/templates/index.liquid`, inIndex('card'), 'taken')).toBeNull();
    expect(rename(ctx, `${ROOT}/templates/index.liquid`, inIndex('card'), 'a/b')).toBeNull();
    expect(rename(ctx, `${ROOT}/templates/index.liquid`, inIndex('card'), '')).toBeNull();
    expect(rename(ctx, `${ROOT}/templates/index.liquid`, inIndex('home-hero'), "it's")).toBeNull();
    expect(rename(ctx, `${ROOT}/templates/index.liquid`, inIndex('product'), 'x')).toBeNull();
  });

  it('never throws on a broken config or a theme without one', () => {
    const broken = createLanguageContext(
      snapshot(Object.entries({ ...THEME, 'editable-regions.stk.config.json': '[{ "regionName": ' })),
    );
    const edit = rename(broken, `${ROOT}/templates/index.liquid`, inIndex('home-hero'), 'hero');
    expect(edit?.documentChanges).toHaveLength(2);
    const bare = createLanguageContext(snapshot([['templates/index.liquid', INDEX]]));
    expect(rename(bare, `${ROOT}/templates/index.liquid`, inIndex('card'), 'tile')?.documentChanges).toHaveLength(1);
  });
});
