import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeConfig, THEME_FILES, validateConfig, validateConfigText, type ConfigKind } from '../src/index.js';
import { EXAMPLES } from './helpers.js';

const KINDS = THEME_FILES.map((f) => f.kind);
const complete = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(EXAMPLES, 'valid/complete', name), 'utf8'));

/** JSON with the keys of the format mixed in, so the validators go deep instead of failing at the root. */
const keyPool = fc.constantFrom(
  'type',
  'props',
  'settings',
  'blocks',
  'regionName',
  'rawMarkup',
  'columns',
  'name',
  'background_type',
  'backgound_type',
  'height',
  'width',
  'overlay',
  'overlay_color',
  'action',
  'link_url',
  '__proto__',
  'constructor',
  'links',
  'children',
  'title',
  'numPages',
  'currentPage',
  'storeName',
  'language',
  'dribbbleUrl',
  '$schema',
);
const keyish = fc.oneof(keyPool, fc.string());
const blockType = fc.constantFrom(
  'audio',
  'blog',
  'button',
  'grid',
  'quote',
  'text',
  'video',
  'map',
  'social-feed',
  'nope',
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    blockType,
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(keyish, tie('node'), { maxKeys: 6 }),
  ),
})).node;

describe('validators never throw', () => {
  it('validateConfig, for every kind, on arbitrary JSON-ish values', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), value, (kind, input) => {
        const result = validateConfig(kind, input);
        expect(typeof result.valid).toBe('boolean');
        for (const d of result.diagnostics) {
          expect(typeof d.message).toBe('string');
          expect(d.pointer === '' || d.pointer.startsWith('/')).toBe(true);
        }
      }),
      { numRuns: 600 },
    );
  });

  it('validateConfigText on arbitrary text and bytes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...KINDS),
        fc.oneof(
          fc.string(),
          fc.json(),
          value.map((v) => JSON.stringify(v) ?? ''),
        ),
        (kind, text) => {
          const result = validateConfigText(kind, text);
          for (const d of result.diagnostics) {
            expect(d.line).toBeGreaterThanOrEqual(1);
            expect(d.column).toBeGreaterThanOrEqual(1);
          }
        },
      ),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), fc.uint8Array({ maxLength: 64 }), (kind, bytes) => {
        validateConfigText(kind, bytes);
      }),
      { numRuns: 200 },
    );
  });

  it('no input pollutes Object.prototype', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), value, (kind, input) => {
        const text = JSON.stringify(input) ?? 'null';
        validateConfigText(kind, text);
        const result = validateConfig(kind, JSON.parse(text));
        if (result.valid) normalizeConfig(kind, JSON.parse(text));
      }),
      { numRuns: 200 },
    );
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('type');
  });
});

/** A block with its settings moved between `props` and `props.settings` and its spellings swapped. */
type Block = { type: string; props: Record<string, unknown> };
const FIXED = new Set(['text', 'map', 'social-feed']);
const ALIASES: Record<string, string> = {
  background_type: 'backgound_type',
  background_image: 'backgound_image',
  background_image_mode: 'backgound_image_mode',
};
const CANONICAL = Object.fromEntries(Object.entries(ALIASES).map(([a, b]) => [b, a]));

function reshape(block: Block, choices: boolean[]): Block {
  let i = 0;
  const pick = (): boolean => choices[i++ % choices.length] ?? false;
  const settings: Record<string, unknown> = { ...(block.props.settings as object) };
  const direct: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(block.props)) if (key !== 'settings') direct[key] = v;
  const movable = FIXED.has(block.type) ? {} : direct;
  // Everything that is a setting, canonical spelling.
  const all: Record<string, unknown> = {};
  for (const source of [movable, settings]) {
    for (const [k, v] of Object.entries(source)) {
      if (block.type === 'grid' && k === 'columns' && Array.isArray(v)) continue;
      all[CANONICAL[k] ?? k] = v;
    }
  }
  const props: Record<string, unknown> = {};
  const newSettings: Record<string, unknown> = {};
  if (FIXED.has(block.type)) Object.assign(props, direct);
  if (block.type === 'grid' && Array.isArray(direct.columns)) {
    props.columns = (direct.columns as Array<{ name: string; blocks?: Block[] }>).map((c) => ({
      ...c,
      ...(c.blocks ? { blocks: c.blocks.map((b) => reshape(b, choices)) } : {}),
    }));
  }
  for (const [k, v] of Object.entries(all)) {
    const key = ALIASES[k] && pick() ? (ALIASES[k] as string) : k;
    // A grid's column count cannot sit in props.columns when that holds the column list.
    const settingsOnly = FIXED.has(block.type) || (block.type === 'grid' && k === 'columns' && 'columns' in props);
    const both = !settingsOnly && pick() && pick();
    if (settingsOnly || pick() || both) newSettings[key] = v;
    if (!settingsOnly && (both || !(key in newSettings))) props[key] = v;
  }
  if (Object.keys(newSettings).length > 0 || FIXED.has(block.type)) props.settings = newSettings;
  return { type: block.type, props };
}

describe('load/normalise round trip', () => {
  it('every valid example file normalises, re-validates and re-normalises to the same config', () => {
    for (const info of THEME_FILES) {
      const value = complete(info.fileName);
      const first = normalizeConfig(info.kind, value);
      const asFile = info.kind === 'pagination' || info.kind === 'store' ? first : JSON.parse(JSON.stringify(first));
      expect(validateConfig(info.kind, asFile).diagnostics, info.fileName).toEqual([]);
      expect(normalizeConfig(info.kind, asFile)).toEqual(first);
    }
  });

  it('moving settings between props and props.settings and swapping spellings does not change the meaning', () => {
    const regions = complete('editable-regions.stk.config.json') as Array<{
      regionName: string;
      rawMarkup?: string;
      blocks?: Block[];
    }>;
    const expected = normalizeConfig('editable-regions', regions);
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 50 }), (choices) => {
        const variant = regions.map((r) => ({
          ...r,
          ...(r.blocks ? { blocks: r.blocks.map((b) => reshape(b, choices)) } : {}),
        }));
        const result = validateConfig('editable-regions' as ConfigKind, variant, { strict: true });
        expect(result.diagnostics).toEqual([]);
        expect(normalizeConfig('editable-regions', variant)).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });
});
