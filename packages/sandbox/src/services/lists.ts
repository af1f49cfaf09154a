/** List parameters as the platform document defines them: `limit` 1–100, one cursor, `ending_before` wins. */
import { invalidRequest } from '../refusal.js';
import type { ListPosition, PageQuery } from '../store/page.js';

/** `limit` when the request has none (the platform's default is not documented). */
export const DEFAULT_LIMIT = 10;

/** The list query, validated (types and bounds) by the spec's parameter validators. */
export interface ListParams {
  readonly limit?: number | undefined;
  readonly starting_after?: string | undefined;
  readonly ending_before?: string | undefined;
}

/** The list envelope of the spec. */
export interface ListEnvelope<T> {
  readonly limit: number;
  readonly has_more: boolean;
  readonly data: T[];
}

/**
 * The page query for a request. A cursor must name an object that exists or existed: an id that never
 * did is a 400 naming the parameter; a deleted object keeps its place (the store keeps its position).
 */
export function pageQuery(params: ListParams, position: (id: string) => ListPosition | undefined): PageQuery {
  const limit = params.limit ?? DEFAULT_LIMIT;
  if (params.ending_before !== undefined) {
    const before = position(params.ending_before);
    if (!before) throw invalidRequest('ending_before', `no object with id ${JSON.stringify(params.ending_before)}`);
    return { limit, before };
  }
  if (params.starting_after !== undefined) {
    const after = position(params.starting_after);
    if (!after) throw invalidRequest('starting_after', `no object with id ${JSON.stringify(params.starting_after)}`);
    return { limit, after };
  }
  return { limit };
}
