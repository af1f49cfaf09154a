/** A seeded fake-data generator, reseeded per part so each part depends only on the seed and its position. */
// English from its own entry, never '@faker-js/faker' itself: that loads all 70 of faker's locales, about
// 0.3 s of CPU at every sandbox start. The entry's instance holds `en` then `base`.
import type { Faker, LocaleDefinition } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';

/** Faker's class, the one the locale entry's instance is made with. */
const FakerClass = Object.getPrototypeOf(english).constructor as new (options: { locale: LocaleDefinition }) => Faker;

const TWO_32 = 2 ** 32;

export interface SeededFaker {
  readonly faker: Faker;
  /** Reseeds with `[seed, section, ...position]`. */
  at(section: number, ...position: number[]): Faker;
}

export function seededFaker(seed: number): SeededFaker {
  const unsigned = seed < 0 ? -seed * 2 + 1 : seed * 2;
  const words = [unsigned % TWO_32, Math.floor(unsigned / TWO_32)];
  const faker = new FakerClass({ locale: english.rawDefinitions });
  return {
    faker,
    at(section, ...position) {
      faker.seed([...words, section, ...position]);
      return faker;
    },
  };
}
