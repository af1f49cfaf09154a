/** What the dev server and `render` say about the locale of the mock store's generated text. */

/** Which locale the mock store's generated text follows, and which parts of it are English. */
export type MockTextLocale = {
  /** The store language asked for (`de-DE`). */
  readonly language: string;
  /** The fake-data locale the generated text is written in (`de`, `en_US`, `nb_NO`, ...). */
  readonly locale: string;
  /** The parts written in English because that locale has no words for them (`productNames`, ...). */
  readonly english: readonly string[];
};

/** `productDescriptions` -> `product descriptions`. */
const words = (part: string): string => part.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);

/**
 * One line saying which locale the generated text used, when any of it is not in the store's language
 * (`mock text for de-DE: de; English where de has no words: store description, categories`); undefined when all
 * of it follows the language.
 */
export function mockLocaleNote(mock: MockTextLocale | undefined): string | undefined {
  if (mock === undefined || mock.english.length === 0) return undefined;
  const all = mock.english.length === 6;
  return all
    ? `mock text for ${mock.language}: English throughout (the fake-data locale ${mock.locale} has no words for it)`
    : `mock text for ${mock.language}: ${mock.locale}; English where ${mock.locale} has no words: ${mock.english.map(words).join(', ')}`;
}
