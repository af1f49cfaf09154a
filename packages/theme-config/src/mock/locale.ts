/** Which fake-data locale and which currency go with each store language (EStoreLanguage). */
// Each locale from its own entry (@commerce-kit/internal/faker says why); its instance holds the locale with
// `en` then `base` after it, so that data a locale lacks (many have no commerce words) falls back to English
// instead of throwing.
import type { Faker } from '@faker-js/faker';
import { fakerLike } from '@commerce-kit/internal/faker';
import { faker as da } from '@faker-js/faker/locale/da';
import { faker as de } from '@faker-js/faker/locale/de';
import { faker as en_US } from '@faker-js/faker/locale/en_US';
import { faker as fi } from '@faker-js/faker/locale/fi';
import { faker as fr } from '@faker-js/faker/locale/fr';
import { faker as it } from '@faker-js/faker/locale/it';
import { faker as ja } from '@faker-js/faker/locale/ja';
import { faker as nb_NO } from '@faker-js/faker/locale/nb_NO';
import { faker as nl } from '@faker-js/faker/locale/nl';
import { faker as pt_PT } from '@faker-js/faker/locale/pt_PT';
import { faker as sv } from '@faker-js/faker/locale/sv';
import type { EStoreLanguage } from '../generated/spec/enums.js';

/** Store language used when `store.stk.config.json` is missing. */
export const DEFAULT_LANGUAGE: EStoreLanguage = 'en-US';

/** Every EStoreLanguage's faker locale (with its English fallbacks). */
const LOCALES: Readonly<Record<EStoreLanguage, Faker>> = {
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
  return fakerLike((LOCALES as Record<string, Faker | undefined>)[language] ?? en_US);
}
