/** The store and the page: configured fields kept, missing ones generated. */
import type { Faker } from '@faker-js/faker';
import type { IPageConfig } from '../generated/spec/page.js';
import type { MockPage, MockStore } from '../generated/spec/mock-data.js';
import type { NormalizedStoreConfig } from '../types.js';
import { imageUrl } from './context.js';
import { DEFAULT_CURRENCY, DEFAULT_LANGUAGE } from './locale.js';
import { slugify } from '@commerce-kit/internal/slug';

/** The currency a store displays: its `currencyCode`, else the usual one for its language. */
export function storeCurrency(store: NormalizedStoreConfig | undefined): string {
  if (store?.currencyCode) return store.currencyCode;
  const language = store?.language ?? DEFAULT_LANGUAGE;
  return (DEFAULT_CURRENCY as Record<string, string | undefined>)[language] ?? 'USD';
}

/**
 * The mock store. A configured store is kept exactly, with only `currencyCode` added when missing
 * (prices need one); without a store file a complete plausible store is generated.
 */
export function buildStore(faker: Faker, store: NormalizedStoreConfig | undefined): MockStore {
  if (store) {
    // A valid store file has every required field; one built by hand (or not validated) may not, and the
    // output must still be a complete store: only those gaps are filled, optional fields stay absent.
    const missing = REQUIRED_STORE_FIELDS.filter((key) => store[key] === undefined);
    const filled: Partial<MockStore> = {};
    if (missing.length > 0) {
      const generated = generatedStore(faker);
      for (const key of missing) Object.assign(filled, { [key]: generated[key] });
    }
    return { ...store, ...filled, currencyCode: storeCurrency(store) };
  }
  return generatedStore(faker);
}

/** The fields IStoreConfig requires. */
const REQUIRED_STORE_FIELDS = [
  'cardsEnabled',
  'icon',
  'language',
  'sharingEnabled',
  'showCookieBanner',
  'showCurrency',
  'storeDescription',
  'storeName',
  'useLogo',
  'viewAsOwner',
] as const satisfies readonly (keyof MockStore)[];

function generatedStore(faker: Faker): MockStore {
  const storeName = faker.company.name();
  const handle = slugify(storeName) || 'store';
  return {
    cardsEnabled: true,
    currencyCode: storeCurrency(undefined),
    icon: imageUrl(faker, 64, 64),
    instagramUrl: `https://www.instagram.com/${handle}`,
    language: DEFAULT_LANGUAGE,
    logo: imageUrl(faker, 240, 80),
    sharingEnabled: true,
    showCookieBanner: true,
    showCurrency: true,
    storeDescription: faker.company.catchPhrase(),
    storeName,
    twitterUrl: `https://twitter.com/${handle}`,
    useLogo: false,
    viewAsOwner: false,
  };
}

/** The page: configured fields kept; a missing title / meta description come from the store, the template is `index`. */
export function buildPage(page: IPageConfig | undefined, store: MockStore): MockPage {
  return {
    ...page,
    title: page?.title ?? store.storeName,
    metaDescription: page?.metaDescription ?? store.storeDescription,
    template: page?.template ?? 'index',
  };
}
