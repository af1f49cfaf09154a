/**
 * Cursor pagination: `list()` gives a {@link ListPromise}, a promise of the first
 * page that is also an async iterator over every object of every page.
 *
 * Only one page is held at a time: the iterator fetches the next page when the
 * current one is used up, and drops its reference to the previous one.
 */
import { isRecord } from '@commerce-kit/internal/is-record';
import { ApiClientConfigurationError } from './errors/api-client-error.js';
import { ApiError } from './errors/api-error.js';

/** The documented list envelope. */
export interface ListEnvelope<T> {
  /** Page size in effect. */
  readonly limit: number;
  /** `false` means this page is the end of the list. */
  readonly has_more: boolean;
  /** The objects of the page. */
  readonly data: readonly T[];
}

/**
 * Cursor parameters: at most one of `starting_after` (forward, ascending) and `ending_before`
 * (backward, newest first). The types forbid passing both, and so does the client at run time.
 */
export type CursorParams =
  | { readonly starting_after?: string | undefined; readonly ending_before?: undefined }
  | { readonly ending_before?: string | undefined; readonly starting_after?: undefined };

type OptionalKeys<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? K : never }[keyof T];

/**
 * `T` with `undefined` accepted by its optional properties, so `{ limit: maybeLimit }` compiles under
 * `exactOptionalPropertyTypes` (an `undefined` parameter is simply not sent).
 */
export type UndefinedAllowed<T> = { [K in Exclude<keyof T, OptionalKeys<T>>]: T[K] } & {
  [K in OptionalKeys<T>]?: T[K] | undefined;
};

/**
 * A list method's parameters: its query without the cursors, plus {@link CursorParams}.
 * Optional parameters may be `undefined` (not sent); the types forbid two cursors at once.
 */
export type ListParams<Query> = UndefinedAllowed<Omit<Query, 'starting_after' | 'ending_before'>> & CursorParams;

/** Options of {@link ListPromise.toArray}. */
export interface ToArrayOptions {
  /** Most objects to collect (required, so a huge list cannot fill memory by accident). */
  readonly max: number;
}

/** Fetches one page for the given query (cursor included). */
export type PageFetcher<T> = (query: Readonly<Record<string, unknown>>) => Promise<ListEnvelope<T>>;

type Direction = 'forward' | 'backward';

/** The query without `undefined` values, and which way the list runs (both cursors are refused when sent). */
function normalizeCursor(params: Readonly<Record<string, unknown>>): {
  query: Record<string, unknown>;
  direction: Direction;
} {
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query[key] = value;
  return { query, direction: query['ending_before'] !== undefined ? 'backward' : 'forward' };
}

/**
 * Walks the pages. Forward: next `starting_after` = id of the last object received.
 * Backward: the server answers newest first, so the last object of each page is
 * the oldest so far and becomes the next `ending_before`.
 */
async function* walkPages<T>(
  fetchPage: PageFetcher<T>,
  params: Readonly<Record<string, unknown>>,
  first: Promise<ListEnvelope<T>> | undefined,
): AsyncGenerator<ListEnvelope<T>, void, undefined> {
  const { query, direction } = normalizeCursor(params);
  const cursorName = direction === 'backward' ? 'ending_before' : 'starting_after';
  let pending: Promise<ListEnvelope<T>> | undefined = first ?? fetchPage(query);
  let cursor = query[cursorName];
  while (pending !== undefined) {
    const page: ListEnvelope<T> = checkEnvelope(await pending);
    pending = undefined;
    yield page;
    const last = page.data[page.data.length - 1];
    if (page.has_more !== true || last === undefined) return;
    const id = isRecord(last) ? last['id'] : undefined;
    if (typeof id !== 'string' || id === '')
      throw invalidList('the last object of a page has no string "id" to continue from');
    // A server that hands back the cursor it was given would otherwise be asked for the same page forever.
    if (id === cursor) throw invalidList(`the cursor did not advance (${cursorName}=${id} again)`);
    cursor = id;
    pending = fetchPage({ ...query, [cursorName]: id });
  }
}

function invalidList(detail: string): ApiError {
  return new ApiError({ status: 200, type: 'invalid_response', message: `Cannot paginate: ${detail}` });
}

/** A 2xx list answer that is not the documented envelope is a typed error, not a crash later on. */
function checkEnvelope<T>(page: unknown): ListEnvelope<T> {
  if (!isRecord(page) || !Array.isArray(page['data'])) {
    throw invalidList('the list response is not an envelope with a "data" array');
  }
  return page as unknown as ListEnvelope<T>;
}

async function* walkObjects<T>(
  pages: AsyncGenerator<ListEnvelope<T>, void, undefined>,
): AsyncGenerator<T, void, undefined> {
  for await (const page of pages) {
    yield* page.data;
  }
}

/**
 * A promise of the first page of a list (`await client.customers.list()` gives the
 * envelope) that is also an async iterable over every object of every page
 * (`for await (const c of client.customers.list())`). It is a real `Promise`
 * (`instanceof Promise`); `then`/`catch`/`finally` return plain promises.
 *
 * The first page is requested at once. The first iteration reuses that request;
 * later ones start again from the beginning. Iterating holds one page at a time
 * (plus the first page, for as long as you keep a reference to the list itself).
 */
export class ListPromise<T, E extends ListEnvelope<T> = ListEnvelope<T>>
  extends Promise<E>
  implements AsyncIterable<T>
{
  /** Derived promises (`then`, `catch`, `finally`) are plain `Promise`s, not lists. */
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  readonly #fetchPage: PageFetcher<T>;
  readonly #params: Readonly<Record<string, unknown>>;
  #first: Promise<E> | undefined;

  /** Starts the first page request at once; `params` may hold `limit` and one cursor. */
  constructor(fetchPage: PageFetcher<T>, params: Readonly<Record<string, unknown>>) {
    let first: Promise<E>;
    try {
      first = fetchPage(normalizeCursor(params).query) as Promise<E>;
    } catch (error) {
      first = Promise.reject(error as Error);
    }
    super((resolve, reject) => {
      first.then(resolve, reject);
    });
    this.#fetchPage = fetchPage;
    this.#params = params;
    this.#first = first;
    // Callers that only iterate never attach a handler to the list itself; the
    // iterator rethrows the error, so it must not also surface as unhandled.
    this.then(undefined, () => undefined);
  }

  /** Hands the eager first request to the first iterator only; later iterations start over. */
  #takeFirst(): Promise<ListEnvelope<T>> | undefined {
    const first = this.#first;
    this.#first = undefined;
    return first;
  }

  /** `'ListPromise'`. */
  override get [Symbol.toStringTag](): string {
    return 'ListPromise';
  }

  /** Every object of every page, in the list's order, fetching pages as needed. */
  [Symbol.asyncIterator](): AsyncIterator<T> {
    return walkObjects(walkPages(this.#fetchPage, this.#params, this.#takeFirst()));
  }

  /** Every page (envelope), fetching the next only when the previous one was consumed. */
  pages(): AsyncIterableIterator<ListEnvelope<T>> {
    return walkPages(this.#fetchPage, this.#params, this.#takeFirst());
  }

  /**
   * Collects objects into an array, stopping after `max` (no more pages are fetched then).
   *
   * @throws {ApiClientConfigurationError} when `max` is not a non-negative integer.
   */
  async toArray(options: ToArrayOptions): Promise<T[]> {
    const max = (options as Partial<ToArrayOptions> | undefined)?.max;
    if (typeof max !== 'number' || !Number.isInteger(max) || max < 0) {
      throw new ApiClientConfigurationError(
        'toArray({ max }) needs max: a non-negative integer bound on how many objects to collect',
      );
    }
    const out: T[] = [];
    if (max === 0) return out;
    for await (const item of this) {
      out.push(item);
      if (out.length >= max) break;
    }
    return out;
  }
}
