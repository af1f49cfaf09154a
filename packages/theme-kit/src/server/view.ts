/**
 * The view a dev-server URL asks for: `?language=fr-FR&currency=EUR&seed=3` renders the page in another
 * language, currency or mock seed without a restart (the toolbar writes them; a link reproduces the view).
 */
import { EStoreLanguage } from '@commerce-kit/theme-config';

/** The 11 store languages. */
export const LANGUAGES: readonly string[] = Object.values(EStoreLanguage);
/** Currencies the toolbar offers (any ISO 4217 code works in the URL). */
export const CURRENCIES: readonly string[] = ['USD', 'EUR', 'GBP', 'JPY', 'SEK', 'NOK', 'DKK', 'CHF', 'CAD', 'AUD'];

/** The query parameters of a view. */
export const VIEW_PARAMS = ['language', 'currency', 'seed'] as const;

/** A view, and the page's URL without its parameters. */
export interface View {
  /** '' for the view the server started with. */
  readonly key: string;
  readonly language?: EStoreLanguage | undefined;
  readonly currency?: string | undefined;
  readonly seed?: number | undefined;
  /** Path and the other query parameters (`?page=2`). */
  readonly path: string;
}

/** The view `page` (path and query) asks for, or the problem with one of its parameters. */
export function parseView(page: string): View | { readonly problem: string } {
  const url = new URL(page, 'http://theme.invalid');
  const language = url.searchParams.get('language') ?? undefined;
  const currency = url.searchParams.get('currency') ?? undefined;
  const seedText = url.searchParams.get('seed') ?? undefined;
  if (language !== undefined && !LANGUAGES.includes(language))
    return { problem: `?language must be one of ${LANGUAGES.join(', ')}, not ${JSON.stringify(language)}` };
  if (currency !== undefined && !/^[A-Za-z]{3}$/.test(currency))
    return { problem: `?currency must be a three-letter currency code (EUR, JPY), not ${JSON.stringify(currency)}` };
  if (seedText !== undefined && !/^\d{1,9}$/.test(seedText))
    return { problem: `?seed must be a whole number, not ${JSON.stringify(seedText)}` };
  for (const name of VIEW_PARAMS) url.searchParams.delete(name);
  const view = {
    language: language as EStoreLanguage | undefined,
    currency: currency?.toUpperCase(),
    seed: seedText === undefined ? undefined : Number(seedText),
  };
  return {
    ...view,
    key: language === undefined && currency === undefined && seedText === undefined ? '' : JSON.stringify(view),
    path: `${url.pathname}${url.search}`,
  };
}
