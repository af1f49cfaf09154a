// A generated product has every field of IProductConfig: the ones generateProduct draws by hand, and any
// other drawn from its schema (so a field added to the spec needs no mock code), the same for the same seed.
import { faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { generateMockData, MOCK_DATA_SCHEMA } from '../../src/mock/index.js';
import { fakeValue, otherProductFields } from '../../src/mock/schema-values.js';
import { NOW } from './helpers.js';

const definitions = (MOCK_DATA_SCHEMA as { definitions: Record<string, { properties: Record<string, unknown> }> })
  .definitions;

describe('fields drawn from the schema', () => {
  it('every generated product has every IProductConfig field', () => {
    const fields = Object.keys(definitions['IProductConfig']!.properties).sort();
    for (const seed of [1, 2, 3]) {
      const products = generateMockData({}, { seed, clock: NOW }).categories.flatMap((c) => c.items);
      expect(products.length).toBeGreaterThan(0);
      for (const product of products) expect(Object.keys(product).sort()).toEqual(fields);
    }
  });

  it('lists the IProductConfig fields not drawn by hand, in the spec order', () => {
    expect(otherProductFields(new Set(['title', 'description', 'price'])).map(([name]) => name)).toEqual([
      'featuredImage',
      'sku',
      'currency',
      'quantity',
    ]);
  });

  it('draws a value of the property, the same for the same seed', () => {
    const draw = (property: Parameters<typeof fakeValue>[0], seed: number): unknown => {
      faker.seed(seed);
      return fakeValue(property, faker);
    };
    for (const seed of [1, 2, 3, 4, 5]) {
      expect(typeof draw({ type: 'boolean' }, seed)).toBe('boolean');
      const n = draw({ type: 'integer', minimum: 2, maximum: 4 }, seed) as number;
      expect(Number.isInteger(n) && n >= 2 && n <= 4).toBe(true);
      expect(['a', 'b']).toContain(draw({ type: 'string', enum: ['a', 'b'] }, seed));
      const time = draw({ type: 'string', format: 'date-time' }, seed) as string;
      expect(new Date(time).toISOString()).toBe(time);
      expect(draw({ type: 'array', items: { type: 'string' } }, seed)).toEqual(
        draw({ type: 'array', items: { type: 'string' } }, seed),
      );
    }
  });
});
