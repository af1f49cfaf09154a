/**
 * URL slugs (handles): deterministic and locale-independent, shared by the mock data generator
 * (article slugs, menu link URLs) and the theme renderer (product and category handles), so the same
 * title gives the same handle everywhere.
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/**
 * A URL slug: lower-case ASCII letters and digits joined by `-` (accents are stripped, so `Café Crème`
 * becomes `cafe-creme`). Empty when the text has no such character (e.g. a Japanese title).
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[æ]/g, 'ae')
    .replace(/[ø]/g, 'o')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Hands out unique slugs: the second `news` becomes `news-2`; an empty slug becomes `<fallback>-<n>`
 * with `n` the 1-based position of the item.
 */
export class SlugRegistry {
  readonly #used = new Set<string>();

  /** A slug for `text`, unique among those this registry handed out. */
  next(text: string, fallback: string, position: number): string {
    const base = slugify(text) || `${fallback}-${position}`;
    let slug = base;
    for (let n = 2; this.#used.has(slug); n += 1) slug = `${base}-${n}`;
    this.#used.add(slug);
    return slug;
  }
}
