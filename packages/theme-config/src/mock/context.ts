/** The state one generation shares: seeded Faker instances, `now`, the store's locale and currency. */
import type { Faker } from '@faker-js/faker';
import { base36 } from './fast-fake.js';
import { createFaker, priceDigits } from './locale.js';
import type { ResolvedMockOptions } from './options.js';

/**
 * Each part of the output reseeds its generator with `[seed, part, ...position]`, so a part depends
 * only on the seed and its own position: adding an article does not change the products, and a
 * category generated lazily (while streaming) is the same as one generated eagerly.
 */
export const SECTION = Object.freeze({
  STORE: 1,
  PAGE: 2,
  ARTICLES: 3,
  CATEGORY: 4,
  BLOCK: 5,
  MENUS: 6,
});

/** Everything the part generators need. */
export interface MockContext {
  /** Generator for every part except categories. */
  readonly faker: Faker;
  /** Generator for categories and their products (kept apart so block references can interleave). */
  readonly categoryFaker: Faker;
  /** `now` in epoch milliseconds. */
  readonly now: number;
  /** Currency of generated prices. */
  readonly currency: string;
  /** Decimal digits of generated prices. */
  readonly priceDigits: number;
  /** Reseeds `faker` for a part (see {@link SECTION}). */
  reseed(faker: Faker, section: number, ...position: number[]): void;
}

/** A context for one generation. */
export function createContext(options: ResolvedMockOptions, language: string, currency: string): MockContext {
  const [low, high] = options.seedWords;
  return {
    faker: createFaker(language),
    categoryFaker: createFaker(language),
    now: options.now,
    currency,
    priceDigits: priceDigits(currency),
    reseed(faker, section, ...position) {
      faker.seed([low, high, section, ...position]);
    },
  };
}

/** A picsum.photos image URL (stable for a seed, so theme previews do not flicker between runs). */
export function imageUrl(faker: Faker, width: number, height: number): string {
  return `https://picsum.photos/seed/${base36(faker, 10)}/${width}/${height}`;
}
