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

/**
 * A placeholder image as a `data:` URL: an SVG of the asked size, its colour stable for a seed (theme
 * previews do not flicker between runs), so a store renders complete without a network (no image host to
 * reach, nothing to fail at DNS).
 */
export function imageUrl(faker: Faker, width: number, height: number): string {
  const seed = base36(faker, 10);
  let hue = 0;
  for (const char of seed) hue = (hue * 31 + char.charCodeAt(0)) % 360;
  const ground = Math.round(height * 0.62);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="hsl(${hue} 35% 78%)"/>` +
    `<path d="M0 ${ground}L${Math.round(width * 0.3)} ${Math.round(height * 0.35)}L${Math.round(width * 0.55)} ${Math.round(height * 0.55)}L${Math.round(width * 0.75)} ${Math.round(height * 0.4)}L${width} ${ground}V${height}H0z" fill="hsl(${hue} 30% 55%)"/>` +
    `<circle cx="${Math.round(width * 0.78)}" cy="${Math.round(height * 0.22)}" r="${Math.max(2, Math.round(Math.min(width, height) * 0.08))}" fill="hsl(${(hue + 40) % 360} 70% 85%)"/>` +
    '</svg>';
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
