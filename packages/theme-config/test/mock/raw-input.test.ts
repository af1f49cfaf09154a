import { describe, expect, expectTypeOf, it } from 'vitest';
import { normalizeConfig, type ConfigFile, type ThemeConfigInput } from '../../src/index.js';
import { generateMockData } from '../../src/mock/index.js';
import { NOW, schemaErrors } from './helpers.js';

const rawRegions: ConfigFile<'editable-regions'> = [
  {
    regionName: 'main',
    blocks: [
      { type: 'quote', props: { quote: 'Hi', backgound_type: 'none', enable_header: false, height: 1, width: 100 } },
      {
        type: 'featured-category',
        props: { settings: { backgound_type: 'none', enable_header: false, height: 1, width: 100 } },
      },
    ],
  },
];

const raw: ThemeConfigInput = {
  store: {
    $schema: 'https://example.test/store.schema.json',
    storeName: 'Raw',
    storeDescription: 'As written',
    icon: 'favicon.png',
    language: 'en-US',
    cardsEnabled: true,
    sharingEnabled: false,
    showCookieBanner: false,
    showCurrency: true,
    useLogo: false,
    viewAsOwner: false,
    dribbbleUrl: true,
  },
  pagination: { numPages: 4, currentPage: 2 },
  editableRegions: rawRegions,
};

describe('generateMockData given the files as written (not loaded)', () => {
  it('normalises them as loading does: one spelling, settings in props.settings, defaults, no $schema or boolean URLs', () => {
    const mock = generateMockData(raw, { seed: 3, clock: NOW });
    expect(mock.paginator).toMatchObject({ previousTitle: 'Previous', nextTitle: 'Next', currentPage: 2 });
    expect(mock.store).not.toHaveProperty('$schema');
    expect(mock.store).not.toHaveProperty('dribbbleUrl');
    const [quote, featured] = mock.editableRegions[0]!.blocks;
    expect(quote?.props).toEqual({
      settings: { background_type: 'none', enable_header: false, height: 1, quote: 'Hi', width: 100 },
    });
    expect(featured?.props.settings).toHaveProperty('background_type', 'none');
    expect(featured?.props.settings).toHaveProperty('category.items');
    expect(JSON.stringify(mock)).not.toContain('backgound_');
    expect(schemaErrors(mock)).toEqual([]);
  });

  it('gives the same output as for the loaded (normalised) config', () => {
    const loaded = {
      store: normalizeConfig('store', raw.store),
      pagination: normalizeConfig('pagination', raw.pagination),
      editableRegions: normalizeConfig('editable-regions', raw.editableRegions),
    };
    expect(JSON.stringify(generateMockData(raw, { seed: 8, clock: NOW }))).toBe(
      JSON.stringify(generateMockData(loaded, { seed: 8, clock: NOW })),
    );
  });

  it('accepts both config types', () => {
    expectTypeOf<ThemeConfigInput>().toExtend<Parameters<typeof generateMockData>[0]>();
  });
});

describe('generateMockData called loosely from JavaScript', () => {
  it('treats a missing config as no files, and missing options as a typed error naming the seed', async () => {
    const { ThemeConfigConfigurationError } = await import('../../src/errors.js');
    const none = undefined as unknown as ThemeConfigInput;
    expect(JSON.stringify(generateMockData(none, { seed: 1, clock: NOW }))).toBe(
      JSON.stringify(generateMockData({}, { seed: 1, clock: NOW })),
    );
    expect(() => generateMockData({}, undefined as unknown as { seed: number })).toThrow(ThemeConfigConfigurationError);
    expect(() => generateMockData({}, undefined as unknown as { seed: number })).toThrow(/seed/);
  });
});
