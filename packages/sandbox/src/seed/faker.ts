/** A seeded fake-data generator, reseeded per part so each part depends only on the seed and its position. */
import { base, en, Faker } from '@faker-js/faker';

const TWO_32 = 2 ** 32;

export interface SeededFaker {
  readonly faker: Faker;
  /** Reseeds with `[seed, section, ...position]`. */
  at(section: number, ...position: number[]): Faker;
}

export function seededFaker(seed: number): SeededFaker {
  const unsigned = seed < 0 ? -seed * 2 + 1 : seed * 2;
  const words = [unsigned % TWO_32, Math.floor(unsigned / TWO_32)];
  const faker = new Faker({ locale: [en, base] });
  return {
    faker,
    at(section, ...position) {
      faker.seed([...words, section, ...position]);
      return faker;
    },
  };
}
