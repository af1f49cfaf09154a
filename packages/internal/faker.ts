/**
 * Fresh faker instances from faker's locale entries (`@faker-js/faker/locale/<code>`), for the packages
 * that generate fake data. Never from '@faker-js/faker' itself: that entry loads all 70 of faker's
 * locales, about 0.3 s of CPU at the start of every process that imports it.
 */
import type { Faker, LocaleDefinition } from '@faker-js/faker';

/**
 * A new `Faker` with the locale chain of `entry`, a locale entry's `faker` (that locale, then `en`, then
 * `base`, so that data a locale lacks falls back to English): its own seed and sequence, apart from the
 * entry's shared instance. Faker's class is taken from the instance, since only the main entry exports it.
 */
export function fakerLike(entry: Faker): Faker {
  const FakerClass = Object.getPrototypeOf(entry).constructor as new (options: { locale: LocaleDefinition }) => Faker;
  return new FakerClass({ locale: entry.rawDefinitions });
}
