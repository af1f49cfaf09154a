import { describe, expect, it } from 'vitest';
import { validateConfig } from '../src/index.js';

const quote = (settings: Record<string, unknown>) => [
  {
    regionName: 'main',
    blocks: [
      {
        type: 'quote',
        props: { settings: { background_type: 'none', enable_header: false, height: 2, width: 100, ...settings } },
      },
    ],
  },
];

describe('enumeration values close to a member', () => {
  it.each([
    [{ alignment: 'centre', width: 50 }, '/0/blocks/0/props/settings/alignment', 'did you mean `center`?'],
    [{ alignment: 'Left', width: 50 }, '/0/blocks/0/props/settings/alignment', 'did you mean `left`?'],
    [{ background_type: 'colour' }, '/0/blocks/0/props/settings/background_type', 'did you mean `color`?'],
    [{ height: 'MEDIUM' }, '/0/blocks/0/props/settings/height', 'did you mean `2`?'],
    [{ height: 'extra small' }, '/0/blocks/0/props/settings/height', 'did you mean `0`?'],
    [{ height: '3' }, '/0/blocks/0/props/settings/height', 'did you mean `3`?'],
  ])('%j gets one invalid-enum diagnostic with a suggestion', (settings, pointer, suggestion) => {
    const result = validateConfig('editable-regions', quote(settings));
    expect(result.valid).toBe(false);
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'invalid-enum', pointer, suggestion })]);
  });

  it('a value far from every member has no suggestion; a number out of the set is one diagnostic', () => {
    expect(validateConfig('editable-regions', quote({ alignment: 'justify', width: 50 })).diagnostics).toEqual([
      expect.not.objectContaining({ suggestion: expect.anything() }),
    ]);
    expect(validateConfig('editable-regions', quote({ height: 9 })).diagnostics.map((d) => d.code)).toEqual([
      'invalid-enum',
    ]);
    expect(
      validateConfig('store', { language: 'en-us' }).diagnostics.find((d) => d.pointer === '/language')?.suggestion,
    ).toBe('did you mean `en-US`?');
  });
});
