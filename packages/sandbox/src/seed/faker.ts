/** A seeded fake-data generator, reseeded per part so each part depends only on the seed and its position. */
// English from its own entry (@commerce-kit/internal/faker says why); its instance holds `en` then `base`.
import type { Faker } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';
import { fakerLike } from '@commerce-kit/internal/faker';

const TWO_32 = 2 ** 32;

export interface SeededFaker {
  readonly faker: Faker;
  /** Reseeds with `[seed, section, ...position]`. */
  at(section: number, ...position: number[]): Faker;
}

export function seededFaker(seed: number): SeededFaker {
  const unsigned = seed < 0 ? -seed * 2 + 1 : seed * 2;
  const words = [unsigned % TWO_32, Math.floor(unsigned / TWO_32)];
  const faker = fakerLike(english);
  return {
    faker,
    at(section, ...position) {
      faker.seed([...words, section, ...position]);
      return faker;
    },
  };
}
