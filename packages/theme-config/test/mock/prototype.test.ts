import { describe, expect, it } from 'vitest';
import { normalizeConfig, validateConfigText } from '../../src/index.js';
import { generateMockData } from '../../src/mock/index.js';
import { NOW, schemaErrors } from './helpers.js';

// Values straight from JSON.parse: there `__proto__` is an own key, which a careless copy turns into a prototype.
const parsed = <T>(text: string): T => JSON.parse(text) as T;

describe('values from JSON.parse with __proto__ keys', () => {
  it('normalizeConfig never turns them into prototypes (menus, categories and their items, blog)', () => {
    const menus = normalizeConfig(
      'menus',
      parsed('[{"__proto__":{"x":1},"name":"main-menu","links":[{"__proto__":{"y":1},"title":"Home"}]}]'),
    );
    expect(Object.getPrototypeOf(menus[0])).toBe(Object.prototype);
    expect(menus[0]).not.toHaveProperty('x');
    expect(menus[0]?.links?.[0]).not.toHaveProperty('y');
    const categories = normalizeConfig(
      'categories',
      parsed(
        '[{"title":"t","description":"d","numItems":1,"items":[{"__proto__":{"price":1},"title":"p","description":"d"}]}]',
      ),
    );
    expect(categories[0]?.items?.[0]).not.toHaveProperty('price');
    const blog = normalizeConfig('blog', parsed('[{"__proto__":{"tags":["x"]},"title":"t"}]'));
    expect(blog[0]).not.toHaveProperty('tags');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('generateMockData neither inherits nor emits them', () => {
    const mock = generateMockData(
      {
        menus: parsed('[{"__proto__":{"x":1},"name":"main-menu","links":[]}]'),
        store: parsed('{"__proto__":{"storeName":"Evil"},"storeName":"Good"}'),
      },
      { seed: 1, clock: NOW },
    );
    expect(mock.menus[0]).not.toHaveProperty('x');
    expect(mock.store.storeName).toBe('Good');
    expect(JSON.stringify(mock)).not.toContain('Evil');
  });
});

describe('constructor and prototype keys with ordinary values are data (the house policy)', () => {
  it('are kept by validation, loading and mock generation; `constructor` holding `prototype` is refused', () => {
    const item = { title: 'Shirt', constructor: 'Acme Shirts Ltd', prototype: { sku: 'PROTO-1' } };
    const regions = [
      {
        regionName: 'main',
        blocks: [
          {
            type: 'button',
            props: { settings: { action: 'buy-now', alignment: 'center', height: 2, text: 'Buy', item } },
          },
        ],
      },
    ];
    const text = JSON.stringify(regions);
    expect(validateConfigText('editable-regions', text).diagnostics).toEqual([]);
    const loaded = normalizeConfig('editable-regions', parsed(text));
    const settings = loaded[0]?.blocks?.[0]?.props.settings as unknown as { item: typeof item };
    expect(settings.item).toEqual(item);
    const mock = generateMockData({ editableRegions: loaded }, { seed: 1, clock: NOW });
    expect(JSON.stringify(mock)).toContain('"constructor":"Acme Shirts Ltd","prototype":{"sku":"PROTO-1"}');

    const hostile = validateConfigText('store', '{"constructor": {"prototype": {"polluted": true}}}');
    expect(hostile.diagnostics.filter((d) => d.code === 'forbidden-key').map((d) => [d.pointer, d.message])).toEqual([
      [
        '/constructor',
        'a "constructor" object with a "prototype" key at /constructor is not allowed (it could pollute object prototypes)',
      ],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('a store given without its required fields (built by hand, not validated)', () => {
  it('gets only those generated: the output is still a complete store; configured and optional fields as given', () => {
    const mock = generateMockData({ store: parsed('{"storeName":"Only a name"}') }, { seed: 2, clock: NOW });
    expect(mock.store.storeName).toBe('Only a name');
    expect(mock.store).not.toHaveProperty('logo');
    expect(typeof mock.store.icon).toBe('string');
    expect(mock.store.language).toBe('en-US');
    expect(schemaErrors(mock)).toEqual([]);
  });
});
