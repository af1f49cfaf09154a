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
import type { MockLocale, MockTextPart } from '../generated/spec/mock-data.js';

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

/** The faker definitions (module, entry) each part of the generated text draws its words from. */
const PART_DEFINITIONS: Readonly<Record<MockTextPart, readonly [string, string]>> = {
  storeName: ['company', 'name_pattern'],
  storeDescription: ['company', 'noun'],
  articles: ['lorem', 'word'],
  categories: ['commerce', 'department'],
  productNames: ['commerce', 'product_name'],
  productDescriptions: ['commerce', 'product_description'],
};

/** The faker locale code of each entry, as faker names it (`nb_NO`). */
const LOCALE_CODES: ReadonlyMap<Faker, string> = new Map([
  [da, 'da'],
  [de, 'de'],
  [en_US, 'en_US'],
  [fi, 'fi'],
  [fr, 'fr'],
  [it, 'it'],
  [ja, 'ja'],
  [nb_NO, 'nb_NO'],
  [nl, 'nl'],
  [pt_PT, 'pt_PT'],
  [sv, 'sv'],
]);

const localeReports = new Map<string, MockLocale>();

/**
 * Which locale the generated text of a store in `language` follows, and which parts of it are English: a
 * locale entry's definitions are its own, then English's (faker merges them per module), so a part whose
 * definitions are English's very list is written in English. A language without a faker locale is English
 * throughout.
 */
export function mockLocale(language: string): MockLocale {
  let report = localeReports.get(language);
  if (report === undefined) {
    const entry = (LOCALES as Record<string, Faker | undefined>)[language];
    const english = en_US.rawDefinitions as unknown as Record<string, Record<string, unknown> | undefined>;
    const own = (entry ?? en_US).rawDefinitions as unknown as Record<string, Record<string, unknown> | undefined>;
    const parts = Object.keys(PART_DEFINITIONS) as MockTextPart[];
    report = {
      language,
      locale: LOCALE_CODES.get(entry ?? en_US)!,
      // English's own parts are its language, not a fallback.
      english:
        entry === en_US
          ? []
          : entry === undefined
            ? parts
            : parts.filter((part) => {
                const [module, name] = PART_DEFINITIONS[part];
                return own[module]?.[name] === english[module]?.[name];
              }),
    };
    localeReports.set(language, report);
  }
  return { ...report, english: [...report.english] };
}

/**
 * A new Faker instance for a store language (never the shared global one, so concurrent or
 * interleaved generations cannot disturb each other's sequence). Unknown languages use English.
 */
export function createFaker(language: string): Faker {
  return fakerLike((LOCALES as Record<string, Faker | undefined>)[language] ?? en_US);
}
