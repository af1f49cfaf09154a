/**
 * Cursor pagination both ways, as the platform documents it: `starting_after=<id>` gives the objects
 * after that one, oldest first; `ending_before=<id>` the objects before it, newest first. A page
 * remembers no position of its own: its links name the first and the last object it shows.
 */
import type { CursorParams, ListEnvelope } from '@commerce-kit/api-client';

/** A page to show, oldest first, and the cursors of the pages around it (undefined: no such page). */
export interface PageLinks<T> {
  readonly rows: readonly T[];
  /** The `ending_before` of the previous page. */
  readonly previous: string | undefined;
  /** The `starting_after` of the next page. */
  readonly next: string | undefined;
}

/** Reads the cursor of a page request: at most one of `starting_after` and `ending_before`. */
export function cursorOf(query: Readonly<Record<string, string | undefined>>): CursorParams {
  const { starting_after: after, ending_before: before } = query;
  if (before !== undefined && before !== '') return { ending_before: before };
  if (after !== undefined && after !== '') return { starting_after: after };
  return {};
}

/** The rows of a page in display order and its links, from the list answer and the cursor that asked for it. */
export function pageLinks<T extends { readonly id: string }>(
  page: ListEnvelope<T>,
  cursor: CursorParams,
): PageLinks<T> {
  if (cursor.ending_before !== undefined) {
    // Going back, the API answers newest first and `has_more` says whether older objects remain.
    const rows = [...page.data].reverse();
    return { rows, previous: page.has_more ? rows[0]?.id : undefined, next: rows.at(-1)?.id };
  }
  // Going forward (or the first page): `has_more` says whether newer objects remain; a page reached
  // with `starting_after` has at least that object before it.
  const rows = page.data;
  return {
    rows,
    previous: cursor.starting_after !== undefined ? rows[0]?.id : undefined,
    next: page.has_more ? rows.at(-1)?.id : undefined,
  };
}
