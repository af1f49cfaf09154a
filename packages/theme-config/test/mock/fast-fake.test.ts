import { Faker, base, en, de, fr, ja } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { base36, fastFake, productDescription, productName } from '../../src/mock/fast-fake.js';

const make = (locale: typeof en) => new Faker({ locale: [locale, en, base] });

describe('fastFake', () => {
  it('fills the locale templates of product names and descriptions completely', () => {
    for (const locale of [en, de, fr, ja]) {
      const faker = make(locale);
      faker.seed(3);
      for (let i = 0; i < 200; i += 1) {
        for (const text of [productName(faker), productDescription(faker)]) {
          expect(text).not.toMatch(/\{\{|\}\}|undefined/);
          expect(text.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('resolves methods and definition fields, and hands anything else to helpers.fake', () => {
    const faker = make(en);
    faker.seed(1);
    expect(fastFake(faker, 'no placeholders')).toBe('no placeholders');
    expect(fastFake(faker, 'Made of {{science.chemical_element.name}}')).toMatch(/^Made of [A-Z][a-z]+/);
    expect(fastFake(faker, '{{number.int(5)}}')).toMatch(/^[0-5]$/);
    expect(fastFake(faker, 'n = {{number.int({"min": 7, "max": 7})}}')).toBe('n = 7');
    expect(() => fastFake(faker, '{{nope.missing}}!')).toThrow(/nope\.missing/);
  });

  it('is deterministic for a seed', () => {
    const run = () => {
      const faker = make(fr);
      faker.seed([9, 9]);
      return Array.from({ length: 50 }, () => `${productName(faker)}|${base36(faker, 10, true)}`);
    };
    expect(run()).toEqual(run());
    expect(run()[0]).toMatch(/\|[0-9A-Z]{10}$/);
  });
});
