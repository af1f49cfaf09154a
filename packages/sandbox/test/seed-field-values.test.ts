// A field the seed does not fill by hand gets a value drawn from its shape in the spec: valid, and the
// same for the same seed.
import { describe, expect, it } from 'vitest';
import { seededFaker } from '../src/seed/faker.js';
import { seedValue } from '../src/seed/field-values.js';
import type { FieldShape } from '../src/store/resource-model.js';

const draw = (shape: FieldShape, seed: number, required = false): unknown =>
  seedValue(shape, seededFaker(seed).at(4, 0), required);
const seeds = Array.from({ length: 40 }, (_, i) => i);

describe('seedValue', () => {
  it('is the same for the same seed', () => {
    const shape: FieldShape = { type: 'string', nullable: true };
    expect(seeds.map((s) => draw(shape, s))).toEqual(seeds.map((s) => draw(shape, s)));
  });

  it('meets the enum, bounds, pattern and format of the shape', () => {
    for (const seed of seeds) {
      expect(['gold', 'silver']).toContain(draw({ type: 'string', nullable: false, enum: ['gold', 'silver'] }, seed));
      const n = draw({ type: 'integer', nullable: false, minimum: 3, maximum: 7 }, seed) as number;
      expect(Number.isInteger(n) && n >= 3 && n <= 7).toBe(true);
      const above = draw({ type: 'number', nullable: false, exclusiveMinimum: 0, maximum: 100 }, seed) as number;
      expect(above > 0 && above <= 100).toBe(true);
      expect(draw({ type: 'string', nullable: false, pattern: '^[A-Z]{3}$' }, seed)).toMatch(/^[A-Z]{3}$/);
      expect(draw({ type: 'string', nullable: false, format: 'email' }, seed)).toMatch(/^[a-z0-9]+@example\.com$/);
      const time = draw({ type: 'string', nullable: false, format: 'date-time' }, seed) as string;
      expect(new Date(time).toISOString()).toBe(time);
      expect(typeof draw({ type: 'boolean', nullable: false }, seed)).toBe('boolean');
      const list = draw(
        { type: 'array', nullable: false, items: { type: 'string', nullable: false, minLength: 2 } },
        seed,
      );
      expect(Array.isArray(list) && list.every((item) => typeof item === 'string' && item.length >= 2)).toBe(true);
    }
  });

  it('is null only for a nullable field a creation may leave out, and sometimes is', () => {
    const shape: FieldShape = { type: 'string', nullable: true };
    expect(seeds.map((s) => draw(shape, s))).toContain(null);
    expect(seeds.map((s) => draw(shape, s, true))).not.toContain(null);
    expect(seeds.map((s) => draw({ type: 'string', nullable: false }, s))).not.toContain(null);
  });
});
