// A config that breaks only recommended forms (warnings) still produces mock data: values kept as
// given, the output valid against mock-data.schema.json.
import { describe, expect, it } from 'vitest';
import { normalizeConfig, validateConfig } from '../../src/index.js';
import { generateMockData } from '../../src/mock/index.js';
import { VALID_STORE } from '../helpers.js';
import { NOW, schemaErrors } from './helpers.js';

const store = { ...VALID_STORE, icon: 'assets/my icon.png', currencyCode: 'usd', instagramUrl: 'instagram.com/store' };
const categories = [
  {
    title: 'Tea',
    description: 'Leaves',
    numItems: 1,
    items: [{ title: 'Sencha', description: 'Green', price: -1, quantity: -2, currency: 'eur' }],
  },
];
const regions = [
  {
    regionName: 'main',
    blocks: [
      {
        type: 'category-list',
        props: {
          settings: { background_type: 'none', enable_header: false, height: 2, width: 120, per_row: 0, rows: 1.5 },
        },
      },
      {
        type: 'social-feed',
        props: { type: 'social-instagram', settings: { background_type: 'none', height: 2, width: 100, count: 30 } },
      },
    ],
  },
];
const menus = [{ links: [{ title: 'Home' }] }];

describe('mock data from a config with warnings only', () => {
  it('keeps the configured values and matches mock-data.schema.json', () => {
    for (const [kind, value] of [
      ['store', store],
      ['categories', categories],
      ['editable-regions', regions],
      ['menus', menus],
    ] as const) {
      const result = validateConfig(kind, value);
      expect(result.valid, kind).toBe(true);
      expect(result.diagnostics.length, kind).toBeGreaterThan(0);
    }
    const mock = generateMockData(
      {
        store: normalizeConfig('store', store),
        categories: normalizeConfig('categories', categories),
        editableRegions: normalizeConfig('editable-regions', regions),
        menus: normalizeConfig('menus', menus),
      },
      { seed: 3, clock: NOW },
    );
    expect(schemaErrors(JSON.parse(JSON.stringify(mock)))).toEqual([]);
    expect(mock.store).toMatchObject({
      currencyCode: 'usd',
      instagramUrl: 'instagram.com/store',
      icon: 'assets/my icon.png',
    });
    expect(mock.categories[0]?.items[0]).toMatchObject({ price: -1, quantity: -2, currency: 'eur' });
    expect(mock.menus).toEqual([{ links: [{ title: 'Home', url: '/home', children: [] }] }]);
    // per_row 0 and rows 1.5 are no usable counts: the category list falls back to 3 x 2 (one category here).
    const list = mock.editableRegions[0]?.blocks[0]?.props.settings as { categories?: unknown[] };
    expect(list.categories).toHaveLength(1);
  });
});
