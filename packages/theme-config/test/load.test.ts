import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import {
  loadConfigDir,
  normalizeConfig,
  ThemeConfigConfigurationError,
  validateConfig,
  validateConfigText,
  type ThemeConfig,
} from '../src/index.js';
import { EXAMPLES } from './helpers.js';

const tmp = testTempDir('theme-config-load-');

function theme(files: Record<string, unknown>): string {
  const dir = testTempDir('theme-config-load-t-');
  for (const [name, value] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  }
  return dir;
}

const base = { enable_header: false, height: 2, width: 100 };

describe('loadConfigDir', () => {
  it('loads the complete example into a typed, normalised ThemeConfig', async () => {
    const result = await loadConfigDir(path.join(EXAMPLES, 'valid/complete'));
    expect(result.valid).toBe(true);
    const config = result.config as ThemeConfig;
    expect(Object.keys(config).sort()).toEqual([
      'blog',
      'categories',
      'editableRegions',
      'menus',
      'page',
      'pagination',
      'store',
    ]);
    expect(config.store?.storeName).toBe('Northwind Outfitters');
    expect(config.store).not.toHaveProperty('$schema');
    expect(config.pagination).toEqual({ numPages: 10, currentPage: 3, previousTitle: 'Newer', nextTitle: 'Older' });
    const blocks = config.editableRegions?.[1]?.blocks ?? [];
    expect(blocks).toHaveLength(31);
    for (const block of blocks) {
      expect(Object.keys(block.props.settings).some((k) => k.startsWith('backgound_'))).toBe(false);
    }
    // audio used `backgound_type` in props.settings; blog had its settings directly in props.
    expect(blocks[0]).toEqual({
      type: 'audio',
      props: {
        settings: {
          alignment: 'left',
          background_type: 'none',
          enable_header: true,
          header_text: 'Listen to our story',
          height: 0,
          src: 'https://cdn.example.com/northwind/story.mp3',
          width: 50,
        },
      },
    });
    expect(blocks[1]?.props).toEqual({
      settings: {
        background_color: '#f0f0f0',
        background_type: 'color',
        enable_header: false,
        height: 1,
        page_size: 5,
        paginate: true,
        tag: 'All',
        width: 100,
      },
    });
    const grid = blocks.find((b) => b.type === 'grid');
    expect(grid?.type === 'grid' && grid.props.columns?.map((c) => [c.name, c.blocks.map((b) => b.type)])).toEqual([
      ['column_1', ['html']],
      ['column_2', ['image']],
    ]);
    const text = blocks.find((b) => b.type === 'text');
    expect(text?.type === 'text' && text.props.content).toContain('Made to last');
  });

  it('allows missing files and applies the pagination defaults', async () => {
    const result = await loadConfigDir(path.join(EXAMPLES, 'valid/defaults'));
    expect(result).toEqual({
      valid: true,
      diagnostics: [],
      config: { pagination: { numPages: 1, currentPage: 1, previousTitle: 'Previous', nextTitle: 'Next' } },
    });
  });

  it('does not default publishedTime (that happens at mock time)', async () => {
    const result = await loadConfigDir(path.join(EXAMPLES, 'valid/complete'));
    expect(result.config?.blog?.[1]).not.toHaveProperty('publishedTime');
  });

  it('merges props and props.settings, and the two spellings, into one canonical shape', async () => {
    const dir = theme({
      'editable-regions.stk.config.json': [
        {
          regionName: 'r',
          blocks: [
            {
              type: 'quote',
              props: { quote: 'Q', backgound_type: 'none', settings: { ...base, quote: 'Q', background_type: 'none' } },
            },
          ],
        },
      ],
    });
    const result = await loadConfigDir(dir);
    expect(result.diagnostics).toEqual([]);
    expect(result.config?.editableRegions?.[0]?.blocks[0]).toEqual({
      type: 'quote',
      props: { settings: { background_type: 'none', enable_header: false, height: 2, quote: 'Q', width: 100 } },
    });
  });

  it('drops boolean dribbbleUrl / flickrUrl with a warning', async () => {
    const result = await loadConfigDir(path.join(EXAMPLES, 'invalid/boolean-url'));
    expect(result.valid).toBe(true);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['boolean-url', 'boolean-url']);
    expect(result.config?.store).not.toHaveProperty('dribbbleUrl');
    expect(result.config?.store).not.toHaveProperty('flickrUrl');
  });

  it('returns the diagnostics and no config when invalid (or when strict and only warnings)', async () => {
    const bad = await loadConfigDir(path.join(EXAMPLES, 'invalid/pagination-range'));
    expect(bad.valid).toBe(false);
    expect(bad.config).toBeUndefined();
    expect(bad.diagnostics[0]?.code).toBe('page-out-of-range');
    const strict = await loadConfigDir(path.join(EXAMPLES, 'invalid/boolean-url'), { strict: true });
    expect(strict.valid).toBe(false);
    expect(strict.diagnostics.every((d) => d.severity === 'error')).toBe(true);
  });

  it('reports a missing config directory', async () => {
    const result = await loadConfigDir(path.join(tmp, 'nope'));
    expect(result.valid).toBe(false);
    expect(result.diagnostics[0]?.code).toBe('config-dir-not-found');
    const file = path.join(tmp, 'a-file');
    writeFileSync(file, '{}');
    expect((await loadConfigDir(file)).diagnostics[0]?.code).toBe('config-dir-not-found');
  });

  it('warns when a directory has no config files', async () => {
    const result = await loadConfigDir(theme({ 'README.md': '# hi' }));
    expect(result.valid).toBe(true);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['no-config-files']);
  });
});

describe('prototype pollution', () => {
  it('never pollutes Object.prototype, whatever the input', async () => {
    const payload =
      '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 2}}, "numPages": 1, "currentPage": 1}';
    validateConfigText('pagination', payload);
    validateConfig('pagination', JSON.parse(payload));
    await loadConfigDir(theme({ 'pagination.stk.config.json': payload }));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    const result = validateConfig('pagination', JSON.parse(payload));
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['forbidden-key', '/__proto__'],
      ['forbidden-key', '/constructor'],
    ]);
  });

  it('normalised configs are plain objects without forbidden keys', () => {
    const out = normalizeConfig('page', JSON.parse('{"title": "x", "$schema": "s"}'));
    expect(out).toEqual({ title: 'x' });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});

describe('validateConfig / validateConfigText', () => {
  it('validateConfig reports pointers without positions; validateConfigText adds line and column', () => {
    const value = { numPages: 2, currentPage: 3 };
    const [fromValue] = validateConfig('pagination', value).diagnostics;
    expect(fromValue).toEqual({
      severity: 'error',
      code: 'page-out-of-range',
      message: '`currentPage` is 3 but there are only 2 pages (`numPages`)',
      pointer: '/currentPage',
    });
    const [fromText] = validateConfigText('pagination', JSON.stringify(value, null, 2), { file: 'p.json' }).diagnostics;
    expect(fromText).toMatchObject({ code: 'page-out-of-range', file: 'p.json', line: 3, column: 3 });
  });

  it('reports values JSON cannot hold', () => {
    const result = validateConfig('page', { title: Number.NaN, template: () => 1 });
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['invalid-type', '/template'],
      ['invalid-type', '/title'],
    ]);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(validateConfig('page', cyclic).valid).toBe(false);
  });

  it('accepts a UTF-8 BOM and rejects comments and trailing commas (strict JSON)', () => {
    expect(validateConfigText('page', '\uFEFF{"title": "x"}').valid).toBe(true);
    expect(validateConfigText('page', new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('{"title": "x"}')])).valid).toBe(
      true,
    );
    expect(validateConfigText('page', '{"title": "x", // c\n}').diagnostics[0]?.code).toBe('invalid-json');
    expect(validateConfigText('page', '{"title": "x",}').diagnostics[0]?.code).toBe('invalid-json');
  });

  it('accepts a kind by its file name or ThemeConfig key too', () => {
    const regions = [{ regionName: 'r', rawMarkup: '<p/>' }];
    expect(validateConfig('editable-regions.stk.config.json', regions).valid).toBe(true);
    expect(validateConfig('editableRegions', regions).valid).toBe(true);
    expect(
      validateConfigText('pagination.stk.config.json', '{"numPages": 1, "currentPage": 2}').diagnostics[0]?.code,
    ).toBe('page-out-of-range');
  });

  it('says where a misplaced setting belongs (text, map and social-feed keep settings in props.settings)', () => {
    const result = validateConfig('editable-regions', [
      {
        regionName: 'r',
        blocks: [
          {
            type: 'text',
            props: { content: 'x', height: 1, settings: { background_type: 'none', height: 1, width: 100 } },
          },
        ],
      },
    ]);
    expect(result.diagnostics).toEqual([
      {
        severity: 'warning',
        code: 'unknown-property',
        message: '`height` is a setting for a `text` block: it belongs in `props.settings`',
        pointer: '/0/blocks/0/props/height',
        suggestion: 'move it into `props.settings`',
      },
    ]);
  });

  it('rejects an unknown kind with the configuration error', () => {
    expect(() => validateConfig('nope' as 'page', {})).toThrow(ThemeConfigConfigurationError);
  });

  it('a quote block cannot carry video settings, and the message names the block type', () => {
    const result = validateConfig('editable-regions', [
      {
        regionName: 'r',
        blocks: [
          { type: 'quote', props: { settings: { ...base, background_type: 'none', url: 'https://vimeo.com/1' } } },
        ],
      },
    ]);
    expect(result.diagnostics).toEqual([
      {
        severity: 'warning',
        code: 'unknown-property',
        message: 'unknown property `url` for a `quote` block',
        pointer: '/0/blocks/0/props/settings/url',
        suggestion: 'remove it: the theme kit does not read it',
      },
    ]);
    expect(
      validateConfig(
        'editable-regions',
        [
          {
            regionName: 'r',
            blocks: [{ type: 'quote', props: { settings: { ...base, background_type: 'none', url: 'x' } } }],
          },
        ],
        { strict: true },
      ).valid,
    ).toBe(false);
  });

  it('a block that is not an object is an error (ajv skips discriminators on non-objects)', () => {
    const result = validateConfig('editable-regions', [{ regionName: 'r', blocks: ['text', 5, null, []] }]);
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['invalid-type', '/0/blocks/0'],
      ['invalid-type', '/0/blocks/1'],
      ['invalid-type', '/0/blocks/2'],
      ['invalid-type', '/0/blocks/3'],
    ]);
    expect(result.diagnostics[0]?.message).toBe('item 0 must be an object, not a string');
  });

  it('one bad block gives the errors of its own type only (no error per block type)', () => {
    const result = validateConfig('editable-regions', [
      { regionName: 'r', blocks: [{ type: 'divider', props: { settings: { backgound_type: 'none' } } }] },
    ]);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      'missing required property `divider_color` in `props` or `props.settings` for a `divider` block',
    ]);
  });

  it('video url is fine for vimeo and youtube, ignored (warning) for html5', () => {
    const video = (type: string) => [
      {
        regionName: 'r',
        blocks: [{ type: 'video', props: { ...base, background_type: 'none', type, url: 'https://vimeo.com/1' } }],
      },
    ];
    expect(validateConfig('editable-regions', video('vimeo')).diagnostics).toEqual([]);
    expect(validateConfig('editable-regions', video('youtube')).diagnostics).toEqual([]);
    expect(validateConfig('editable-regions', video('html5')).diagnostics.map((d) => d.code)).toEqual([
      'ignored-property',
    ]);
  });
});
