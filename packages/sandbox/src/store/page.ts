/** Keyset pagination: what a list query asks for and what it gets back. */

/** A position in a list ordered by `(created_time, id)`. */
export interface ListPosition {
  readonly createdTime: string;
  readonly id: string;
}

/** One page request: `after` (ascending) or `before` (descending), never both; `limit` rows wanted. */
export interface PageQuery {
  readonly limit: number;
  readonly after?: ListPosition | undefined;
  readonly before?: ListPosition | undefined;
}

/** One page: the rows (`limit` at most) and whether more lie beyond them in the page's direction. */
export interface Page<T> {
  readonly data: T[];
  readonly hasMore: boolean;
}

/** Runs the query for `limit + 1` rows: the extra row only tells `hasMore`. */
export function toPage<T>(rows: T[], limit: number): Page<T> {
  return rows.length > limit ? { data: rows.slice(0, limit), hasMore: true } : { data: rows, hasMore: false };
}
