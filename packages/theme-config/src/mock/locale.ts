/** Which fake-data locale and which currency go with each store language (EStoreLanguage). */
import { Faker, base, da, de, en, en_US, fi, fr, it, ja, nb_NO, nl, pt_PT, sv } from '@faker-js/faker';
import type { LocaleDefinition } from '@faker-js/faker';
import type { EStoreLanguage } from '../generated/spec/enums.js';

/** Store language used when `store.stk.config.json` is missing. */
export const DEFAULT_LANGUAGE: EStoreLanguage = 'en-US';

// Every EStoreLanguage has a faker locale; `en` then `base` come after it so that data a locale lacks
// (many have no commerce words) falls back to English instead of throwing.
const LOCALES: Readonly<Record<EStoreLanguage, LocaleDefinition>> = {
  'da-DK': da,
  'de-DE': de,
  'en-US': en_US,
  'fi-FI': fi,
  'fr-FR': fr,
  'it-IT': it,
  'nb-NO': nb_NO,
  'nl-NL': nl,
  'pt-PT': pt_PT,
  'sv-SE': sv,
  'ja-JP': ja,
};

/** The currency a store of each language displays when its config sets no `currencyCode`. */
export const DEFAULT_CURRENCY: Readonly<Record<EStoreLanguage, string>> = {
  'da-DK': 'DKK',
  'de-DE': 'EUR',
  'en-US': 'USD',
  'fi-FI': 'EUR',
  'fr-FR': 'EUR',
  'it-IT': 'EUR',
  'nb-NO': 'NOK',
  'nl-NL': 'EUR',
  'pt-PT': 'EUR',
  'sv-SE': 'SEK',
  'ja-JP': 'JPY',
};

/** ISO 4217 currencies without minor units among those the mock may use. */
const ZERO_DECIMAL_CURRENCIES = new Set(['JPY', 'KRW', 'ISK', 'CLP', 'VND']);

/** Digits after the decimal point of a price in `currency`. */
export function priceDigits(currency: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2;
}

/**
 * A new Faker instance for a store language (never the shared global one, so concurrent or
 * interleaved generations cannot disturb each other's sequence). Unknown languages use English.
 */
export function createFaker(language: string): Faker {
  const locale = (LOCALES as Record<string, LocaleDefinition | undefined>)[language];
  return new Faker({ locale: locale ? [locale, en, base] : [en_US, en, base] });
}
