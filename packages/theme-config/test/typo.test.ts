import { describe, expect, it } from 'vitest';
import { validateConfig, validateConfigText } from '../src/index.js';
import { VALID_STORE } from './helpers.js';

const store = VALID_STORE;

describe('a misspelled required property is one diagnostic with its suggestion', () => {
  it('in a block (settings in props.settings)', () => {
    const result = validateConfig('editable-regions', [
      {
        regionName: 'main',
        blocks: [
          {
            type: 'quote',
            props: { settings: { backgroud_type: 'none', enable_header: false, height: 2, width: 100 } },
          },
        ],
      },
    ]);
    expect(result.valid).toBe(false);
    expect(result.diagnostics).toEqual([
      {
        severity: 'error',
        code: 'unknown-property',
        message: 'unknown property `backgroud_type` for a `quote` block (the required `background_type` is missing)',
        pointer: '/0/blocks/0/props/settings/backgroud_type',
        suggestion: 'did you mean `background_type`?',
      },
    ]);
  });

  it('in a block (settings directly in props), and in the store file with a line', () => {
    const block = validateConfig('editable-regions', [
      {
        regionName: 'main',
        blocks: [{ type: 'quote', props: { backgroud_type: 'none', enable_header: false, height: 2, width: 100 } }],
      },
    ]);
    expect(block.diagnostics.map((d) => [d.code, d.suggestion])).toEqual([
      ['unknown-property', 'did you mean `background_type`?'],
    ]);
    const { storeName: _omitted, ...rest } = store;
    const text = JSON.stringify({ ...rest, storeNme: 'n' }, null, 2);
    const file = validateConfigText('store', text);
    expect(file.diagnostics).toEqual([
      expect.objectContaining({
        code: 'unknown-property',
        pointer: '/storeNme',
        suggestion: 'did you mean `storeName`?',
        line: 12,
        column: 3,
      }),
    ]);
  });

  it('keeps missing-property when the unknown name suggests something else', () => {
    const { storeName: _omitted, ...rest } = store;
    const result = validateConfig('store', { ...rest, icn: 'x' });
    expect(result.diagnostics.map((d) => d.code).sort()).toEqual(['missing-property', 'unknown-property']);
  });
});

describe('a property in the wrong one of props / props.settings', () => {
  const S = { background_type: 'none', height: 2, width: 100 };
  it.each([
    ['text', { settings: { ...S, content: '<p>Hi</p>' } }, 'content'],
    ['map', { settings: { ...S, enable_header: false, alignment: 'left', url: 'https://maps.example/embed' } }, 'url'],
    ['social-feed', { settings: { ...S, type: 'social-flickr' } }, 'type'],
  ])('%s: a direct props field inside settings says where it belongs', (type, props, field) => {
    const result = validateConfig('editable-regions', [{ regionName: 'main', blocks: [{ type, props }] }]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'unknown-property',
        pointer: `/0/blocks/0/props/settings/${field}`,
        message: `\`${field}\` for a \`${type}\` block belongs directly in \`props\`, not in \`props.settings\``,
        suggestion: 'move it into `props`',
      }),
    ]);
  });
});

describe('a property the block type does not have', () => {
  it('is one unknown-property error, not also an "ignored because" warning', () => {
    const result = validateConfig('editable-regions', [
      {
        regionName: 'main',
        blocks: [
          {
            type: 'audio',
            props: { settings: { background_type: 'none', height: 1, width: 100, src: 'a.mp3', overlay: true } },
          },
        ],
      },
    ]);
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['unknown-property', '/0/blocks/0/props/settings/overlay'],
    ]);
  });
});
