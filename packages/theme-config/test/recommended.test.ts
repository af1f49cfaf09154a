// Errors for what the platform's documentation states (types, required fields, enum members, dates,
// column names); warnings, each with its code and a suggestion, for the constraints it does not state.
import { describe, expect, it } from 'vitest';
import { validateConfig, validateConfigText } from '../src/index.js';
import { VALID_STORE } from './helpers.js';

const STORE = VALID_STORE;
const SETTINGS = { background_type: 'none', enable_header: false, height: 2, width: 100 };
const region = (block: unknown): unknown[] => [{ regionName: 'main', blocks: [block] }];
const socialFeed = (settings: Record<string, unknown>) =>
  region({
    type: 'social-feed',
    props: { type: 'social-instagram', settings: { background_type: 'none', height: 2, width: 100, ...settings } },
  });
const text = (settings: Record<string, unknown>) =>
  region({
    type: 'text',
    props: { content: 'x', settings: { background_type: 'none', height: 1, width: 100, ...settings } },
  });
const summary = (result: ReturnType<typeof validateConfig>) =>
  result.diagnostics.map((d) => ({ severity: d.severity, code: d.code, pointer: d.pointer, suggestion: d.suggestion }));

describe('guessed constraints are warnings with a code and a suggestion', () => {
  it.each([
    [
      'store',
      { ...STORE, currencyCode: 'usd' },
      { code: 'invalid-format', pointer: '/currencyCode', suggestion: 'did you mean `USD`?' },
    ],
    [
      'store',
      { ...STORE, instagramUrl: 'instagram.com/store' },
      { code: 'invalid-format', pointer: '/instagramUrl', suggestion: 'did you mean `https://instagram.com/store`?' },
    ],
    [
      'store',
      { ...STORE, dribbbleUrl: 'dribbble.com/store' },
      { code: 'invalid-format', pointer: '/dribbbleUrl', suggestion: 'did you mean `https://dribbble.com/store`?' },
    ],
    [
      'store',
      { ...STORE, logo: 'assets/my logo.png' },
      { code: 'invalid-format', pointer: '/logo', suggestion: 'did you mean `assets/my%20logo.png`?' },
    ],
    [
      'editable-regions',
      socialFeed({ count: 30 }),
      { code: 'out-of-range', pointer: '/0/blocks/0/props/settings/count', suggestion: 'use 20 or less' },
    ],
    [
      'editable-regions',
      socialFeed({ count: 2.5 }),
      { code: 'invalid-value', pointer: '/0/blocks/0/props/settings/count', suggestion: 'did you mean `3`?' },
    ],
    [
      'editable-regions',
      text({ width: 150 }),
      { code: 'out-of-range', pointer: '/0/blocks/0/props/settings/width', suggestion: 'use 100 or less' },
    ],
    [
      'editable-regions',
      text({ background_type: 'color', background_color: 'ff6600' }),
      {
        code: 'invalid-format',
        pointer: '/0/blocks/0/props/settings/background_color',
        suggestion: 'did you mean `#ff6600`?',
      },
    ],
    [
      'editable-regions',
      text({ colour_text: '#fff' }),
      {
        code: 'unknown-property',
        pointer: '/0/blocks/0/props/settings/colour_text',
        suggestion: 'did you mean `color_text`?',
      },
    ],
    [
      'editable-regions',
      region({ type: 'grid', props: { settings: { ...SETTINGS, columns: 0 } } }),
      { code: 'out-of-range', pointer: '/0/blocks/0/props/settings/columns', suggestion: 'use 1 or more' },
    ],
    [
      'categories',
      [
        {
          title: 'T',
          description: 'D',
          numItems: 1,
          items: [{ title: 'P', description: 'D', price: -1, quantity: -2, currency: 'eur' }],
        },
      ],
      undefined,
    ],
    [
      'menus',
      [{ links: [{ title: 'Home' }] }],
      {
        code: 'missing-property',
        pointer: '/0/name',
        suggestion: 'add `"name": "main-menu"` or `"name": "footer-menu"`',
      },
    ],
  ] as const)('%s %j: valid, with a warning; invalid with strict', (kind, value, expected) => {
    const result = validateConfig(kind, value);
    expect(result.valid).toBe(true);
    expect(result.diagnostics.length).toBeGreaterThan(0);
    expect(result.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
    if (expected) expect(summary(result)).toEqual([{ severity: 'warning', ...expected }]);
    expect(result.diagnostics.every((d) => d.suggestion !== undefined && d.suggestion.length > 0)).toBe(true);
    const strict = validateConfig(kind, value, { strict: true });
    expect(strict.valid).toBe(false);
    expect(strict.diagnostics.every((d) => d.severity === 'error')).toBe(true);
  });

  it('the product example: price, quantity and currency each get their own warning', () => {
    const result = validateConfig('categories', [
      {
        title: 'T',
        description: 'D',
        numItems: 1,
        items: [{ title: 'P', description: 'D', price: -1, quantity: -2, currency: 'eur' }],
      },
    ]);
    expect(summary(result)).toEqual([
      {
        severity: 'warning',
        code: 'invalid-format',
        pointer: '/0/items/0/currency',
        suggestion: 'did you mean `EUR`?',
      },
      { severity: 'warning', code: 'out-of-range', pointer: '/0/items/0/price', suggestion: 'use 0 or more' },
      { severity: 'warning', code: 'out-of-range', pointer: '/0/items/0/quantity', suggestion: 'use 0 or more' },
    ]);
  });

  it('an unknown property without a close known name is suggested for removal', () => {
    const result = validateConfig('store', { ...STORE, tiktokUrl: 'https://tiktok.com/@store' });
    expect(summary(result)).toEqual([
      {
        severity: 'warning',
        code: 'unknown-property',
        pointer: '/tiktokUrl',
        suggestion: 'remove it: the theme kit does not read it',
      },
    ]);
  });

  it('positions are reported for warnings as for errors', () => {
    const result = validateConfigText('store', JSON.stringify({ ...STORE, currencyCode: 'usd' }, null, 2), {
      file: 'store.stk.config.json',
    });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'invalid-format',
        file: 'store.stk.config.json',
        line: 6,
        column: 19,
      }),
    ]);
  });
});

describe('what the documentation states stays an error', () => {
  it.each([
    ['a type', 'store', { ...STORE, storeName: 5 }, 'invalid-type'],
    ['a required field', 'store', (({ icon: _icon, ...rest }) => rest)(STORE), 'missing-property'],
    ['an enum member', 'store', { ...STORE, language: 'english' }, 'invalid-enum'],
    [
      'an integer field given a fraction (numItems)',
      'categories',
      [{ title: 'T', description: 'D', numItems: 2.5 }],
      'invalid-type',
    ],
    [
      'a date that is not convertible',
      'blog',
      [{ title: 'T', metaDescription: 'M', content: 'C', createdTime: 'yesterday-ish', tags: [] }],
      'invalid-format',
    ],
    [
      'a grid column not named column_<X>',
      'editable-regions',
      region({ type: 'grid', props: { settings: { ...SETTINGS, columns: 1 }, columns: [{ name: 'first' }] } }),
      'invalid-format',
    ],
    ['a block type', 'editable-regions', region({ type: 'qoute', props: {} }), 'unknown-block-type'],
    ['count given as a string', 'editable-regions', socialFeed({ count: '5' }), 'invalid-type'],
    [
      'a misspelled required setting',
      'editable-regions',
      region({ type: 'text', props: { content: 'x', settings: { backround_type: 'none', height: 1, width: 100 } } }),
      'unknown-property',
    ],
    [
      'a category that cannot generate its items (numItems below 0, no items)',
      'categories',
      [{ title: 'T', description: 'D', numItems: -1 }],
      'out-of-range',
    ],
  ] as const)('%s', (_what, kind, value, code) => {
    const result = validateConfig(kind, value);
    expect(result.valid).toBe(false);
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toContain(code);
  });
});
