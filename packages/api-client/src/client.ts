/**
 * `createClient`: options, the typed generic call, and the list resources.
 */
import type { paths } from '@commerce-kit/api-types';
import { StaticToken, TokenFunction, type AuthProvider } from './auth.js';
import { systemClock, type Clock } from './clock.js';
import type { CallArgs, CallHeaders, CallOptions, HttpMethod, MethodName, MethodOf, PathsWithMethod, RequestOptions, ResponseOf } from './openapi-types.js';
import { ListPromise, type ListEnvelope, type ListParams } from './pagination.js';
import { RateLimiter, sharedRateLimiter, DOCUMENTED_REQUESTS_PER_WINDOW, DOCUMENTED_WINDOW_MS } from './rate-limiter.js';
import { performRequest, type FetchFunction, type RequestContext } from './request.js';
import { DEFAULT_MAX_RETRIES } from './retry.js';
import { createTokenSession, type TokenSessionOptions } from './token-session.js';

/** Client-side rate limiting; `false` turns counting off (429 pauses still apply). */
export interface RateLimitOptions {
  /**
   * Names the account: every client in this process with the same key shares one
   * limiter and one 429 pause. Without a key, this client has a limiter of its own.
   */
  readonly accountKey?: string | undefined;
  /** Requests per minute; default 200 (the documented limit). Same as `requests` with the default window. */
  readonly requestsPerMinute?: number | undefined;
  /** Requests per `windowMs` (give this or `requestsPerMinute`, not both); default 200. */
  readonly requests?: number | undefined;
  /** Window length in ms; default 60 000 (one minute, as documented). */
  readonly windowMs?: number | undefined;
}

/**
 * A function that gives the access token to send, called before every request
 * (e.g. read from your own token store). No refresh on a 401: use a token session for that.
 */
export type AccessTokenSource = () => string | Promise<string>;

/**
 * What `auth` accepts: an {@link AuthProvider} (such as `createTokenSession(...)`), an
 * {@link AccessTokenSource}, or the options of a token session, which the client then
 * creates itself (its `baseUrl` and `fetch` default to the client's).
 */
export type ClientAuth = AuthProvider | AccessTokenSource | TokenSessionOptions;

/** How the client authenticates: a static token, or `auth` (a token session, its options, or a token function). */
export type ClientAuthOptions =
  | { /** A bearer access token. */ readonly accessToken: string; readonly auth?: never }
  | { /** A token source, e.g. `createTokenSession(...)`. */ readonly auth: ClientAuth; readonly accessToken?: never };

/** Options of {@link createClient}. */
export type ClientOptions = ClientAuthOptions & {
  /** The API base address, e.g. `https://api.example.com` (a path prefix is kept). */
  readonly baseUrl: string;
  /** `fetch` to use; default `globalThis.fetch`. */
  readonly fetch?: FetchFunction | undefined;
  /** Retries after 429, 5xx and network errors (see the README); default 2. */
  readonly maxRetries?: number | undefined;
  /** Deadline of a whole call, retries and waits included, in ms; none by default. */
  readonly timeoutMs?: number | undefined;
  /**
   * Client-side rate limit. Off by default (a 429 still pauses this client's requests); `true` keeps
   * this client at the documented 200 requests per minute; `{ accountKey }` shares that budget with
   * every client of the process naming the same account; `{ requestsPerMinute }` or
   * `{ requests, windowMs }` set another budget; a {@link RateLimiter} controls the window yourself.
   */
  readonly rateLimit?: RateLimitOptions | RateLimiter | boolean | undefined;
  /** `User-Agent` header; default `commerce-kit-api-client`. Empty string: not sent. */
  readonly userAgent?: string | undefined;
  /** Clock for backoff, `Retry-After` and limiter waits; default the system clock. Inject one in tests. */
  readonly clock?: Clock | undefined;
};

/** Default `User-Agent`. */
export const DEFAULT_USER_AGENT = 'commerce-kit-api-client';

/** Paths of `paths` that have a list (GET) operation. */
export type ListPath = PathsWithMethod<paths, 'get'> & ('/customers' | '/charges' | '/orders' | '/products' | '/categories' | '/blog_posts' | '/discounts');

/** The envelope returned by the list at `P`. */
export type ListEnvelopeOf<P extends ListPath> = ResponseOf<paths, P, 'get'>;
/** The object type listed at `P`. */
export type ListItemOf<P extends ListPath> = ListEnvelopeOf<P> extends ListEnvelope<infer T> ? T : never;
/** The list parameters at `P`: `limit` and at most one cursor. */
export type ListParamsOf<P extends ListPath> = ListParams<NonNullable<RequestOptions<paths, P, 'get'>['query']>>;

/** A top-level resource with a list method. */
export interface ListResource<P extends ListPath> {
  /**
   * Lists objects: a promise of the first page that is also an async iterator over
   * every object of every page, with `.pages()` and `.toArray({ max })`.
   */
  list(params?: ListParamsOf<P>, options?: CallOptions): ListPromise<ListItemOf<P>, ListEnvelopeOf<P>>;
}

/**
 * The client. `request`/`get`/`post`/`put`/`delete` call any operation of `Paths`
 * with path params, query, body and response typed from the spec; the resource
 * properties list each top-level resource.
 */
export interface Client<Paths = paths> {
  /** Calls `method path` (`'get'` or `'GET'`); resolves with the parsed success body (`undefined` for 204). */
  request<M extends MethodName, P extends PathsWithMethod<Paths, MethodOf<M>>>(
    method: M,
    path: P,
    ...args: CallArgs<Paths, P, MethodOf<M>>
  ): Promise<ResponseOf<Paths, P, MethodOf<M>>>;
  /** `GET path`. */
  get<P extends PathsWithMethod<Paths, 'get'>>(path: P, ...args: CallArgs<Paths, P, 'get'>): Promise<ResponseOf<Paths, P, 'get'>>;
  /** `POST path` with a JSON body. Never retried after a 5xx or network error. */
  post<P extends PathsWithMethod<Paths, 'post'>>(path: P, ...args: CallArgs<Paths, P, 'post'>): Promise<ResponseOf<Paths, P, 'post'>>;
  /** `PUT path` with a JSON body. */
  put<P extends PathsWithMethod<Paths, 'put'>>(path: P, ...args: CallArgs<Paths, P, 'put'>): Promise<ResponseOf<Paths, P, 'put'>>;
  /** `DELETE path`; a 204 resolves `undefined`. */
  delete<P extends PathsWithMethod<Paths, 'delete'>>(path: P, ...args: CallArgs<Paths, P, 'delete'>): Promise<ResponseOf<Paths, P, 'delete'>>;
  /** `GET /customers`. */
  readonly customers: ListResource<'/customers'>;
  /** `GET /charges`. */
  readonly charges: ListResource<'/charges'>;
  /** `GET /orders`. */
  readonly orders: ListResource<'/orders'>;
  /** `GET /products`. */
  readonly products: ListResource<'/products'>;
  /** `GET /categories`. */
  readonly categories: ListResource<'/categories'>;
  /** `GET /blog_posts`. */
  readonly blogPosts: ListResource<'/blog_posts'>;
  /** `GET /blog_posts` (same object as `blogPosts`, named after the path). */
  readonly blog_posts: ListResource<'/blog_posts'>;
  /** `GET /discounts`. */
  readonly discounts: ListResource<'/discounts'>;
  /** The rate limiter this client uses (shared when `rateLimit.accountKey` is set). */
  readonly rateLimiter: RateLimiter;
}

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * Creates a client for the commerce platform API.
 *
 * @example
 * ```ts
 * const client = createClient({ baseUrl: 'https://api.example.com', accessToken: process.env.TOKEN! });
 * for await (const customer of client.customers.list({ limit: 100 })) console.log(customer.email);
 * ```
 */
export function createClient<Paths = paths>(options: ClientOptions): Client<Paths> {
  const ctx = contextFrom(options);
  const call = (method: string, path: string, opts: RequestOptions<Paths, never, HttpMethod> | undefined): Promise<never> => {
    const o = (opts ?? {}) as {
      query?: Record<string, unknown>;
      path?: Record<string, unknown>;
      body?: unknown;
      headers?: CallHeaders;
      signal?: AbortSignal;
      timeoutMs?: number;
    };
    return performRequest(ctx, {
      method,
      path,
      pathParams: o.path,
      query: o.query,
      body: o.body,
      headers: o.headers,
      signal: o.signal,
      timeoutMs: o.timeoutMs,
    }) as Promise<never>;
  };
  const listResource = <P extends ListPath>(path: P): ListResource<P> =>
    Object.freeze({
      list(params?: ListParamsOf<P>, callOptions?: CallOptions): ListPromise<ListItemOf<P>, ListEnvelopeOf<P>> {
        const fetchPage = (query: Readonly<Record<string, unknown>>): Promise<ListEnvelope<ListItemOf<P>>> =>
          performRequest(ctx, {
            method: 'GET',
            path,
            query,
            headers: callOptions?.headers,
            signal: callOptions?.signal,
            timeoutMs: callOptions?.timeoutMs,
          }) as Promise<ListEnvelope<ListItemOf<P>>>;
        return new ListPromise<ListItemOf<P>, ListEnvelopeOf<P>>(fetchPage, { ...(params ?? {}) });
      },
    });
  const blogPosts = listResource('/blog_posts');
  const client = {
    request: (method: string, path: string, opts?: never) => call(method, path, opts),
    get: (path: string, opts?: never) => call('GET', path, opts),
    post: (path: string, opts?: never) => call('POST', path, opts),
    put: (path: string, opts?: never) => call('PUT', path, opts),
    delete: (path: string, opts?: never) => call('DELETE', path, opts),
    customers: listResource('/customers'),
    charges: listResource('/charges'),
    orders: listResource('/orders'),
    products: listResource('/products'),
    categories: listResource('/categories'),
    blogPosts,
    blog_posts: blogPosts,
    discounts: listResource('/discounts'),
    rateLimiter: ctx.limiter,
    [INSPECT]: () => `CommerceClient { baseUrl: ${JSON.stringify(ctx.baseUrl)} }`,
    toString: () => `CommerceClient { baseUrl: ${JSON.stringify(ctx.baseUrl)} }`,
  };
  return Object.freeze(client) as unknown as Client<Paths>;
}

function contextFrom(options: ClientOptions): RequestContext {
  if (typeof options !== 'object' || options === null) throw new TypeError('createClient needs an options object');
  try {
    new URL(options.baseUrl);
  } catch {
    throw new TypeError('createClient: baseUrl must be an absolute URL');
  }
  const hasToken = options.accessToken !== undefined;
  const hasAuth = options.auth !== undefined;
  if (hasToken === hasAuth) throw new TypeError('createClient needs exactly one of accessToken or auth');
  const auth: AuthProvider = hasAuth ? authProviderFrom(options.auth as ClientAuth, options) : new StaticToken(options.accessToken as string);
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  if (!Number.isInteger(maxRetries) || maxRetries < 0) throw new RangeError('maxRetries must be a non-negative integer');
  if (options.timeoutMs !== undefined && !(options.timeoutMs > 0)) throw new RangeError('timeoutMs must be a positive number');
  const doFetch = options.fetch ?? globalThis.fetch;
  if (typeof doFetch !== 'function') throw new TypeError('No fetch available: pass options.fetch');
  const clock = options.clock ?? systemClock;
  return {
    baseUrl: options.baseUrl,
    auth,
    // Call through a wrapper so a platform fetch never sees the options object as `this`.
    fetch: (input, init) => doFetch(input, init),
    maxRetries,
    timeoutMs: options.timeoutMs,
    limiter: limiterFor(options.rateLimit, clock),
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    clock,
    random: Math.random,
  };
}

function authProviderFrom(auth: ClientAuth, options: ClientOptions): AuthProvider {
  if (typeof auth === 'function') return new TokenFunction(auth);
  if (typeof auth !== 'object' || auth === null) throw new TypeError('createClient: auth must be a token session, its options, or a function');
  if (typeof (auth as Partial<AuthProvider>).getAccessToken === 'function') return auth as AuthProvider;
  if ('tokens' in auth || 'accessToken' in auth || 'refreshToken' in auth) {
    // Session options: the session talks to the same server, through the same fetch, unless told otherwise.
    const sessionOptions = auth as TokenSessionOptions;
    return createTokenSession({
      ...sessionOptions,
      baseUrl: sessionOptions.baseUrl ?? options.baseUrl,
      fetch: sessionOptions.fetch ?? options.fetch,
    });
  }
  throw new TypeError('createClient: auth must be a token session, its options ({ tokens | accessToken/refreshToken, clientId, clientSecret, ... }), or a function');
}

/**
 * A limiter from this copy of the package or another (the ESM and CJS builds each have
 * their own class): recognised by its methods, so a shared limiter is never silently copied.
 */
function isRateLimiter(value: unknown): value is RateLimiter {
  if (value instanceof RateLimiter) return true;
  const candidate = value as Partial<Record<'acquire' | 'tryAcquire' | 'pause', unknown>> | null | undefined;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.acquire === 'function' &&
    typeof candidate.tryAcquire === 'function' &&
    typeof candidate.pause === 'function'
  );
}

function limiterFor(rateLimit: RateLimitOptions | RateLimiter | boolean | undefined, clock: Clock): RateLimiter {
  if (isRateLimiter(rateLimit)) return rateLimit;
  // Counting is opt-in: an unconfigured client must not stall a long walk; 429s are still honoured.
  if (rateLimit === false || rateLimit === undefined) return new RateLimiter({ requests: Number.POSITIVE_INFINITY, clock });
  const custom = typeof rateLimit === 'object' && rateLimit !== null ? rateLimit : undefined;
  if (custom?.requests !== undefined && custom.requestsPerMinute !== undefined) {
    throw new RangeError('rateLimit: give requests (per windowMs) or requestsPerMinute, not both');
  }
  const limiterOptions = {
    requests: custom?.requests ?? custom?.requestsPerMinute ?? DOCUMENTED_REQUESTS_PER_WINDOW,
    windowMs: custom?.requestsPerMinute === undefined ? (custom?.windowMs ?? DOCUMENTED_WINDOW_MS) : DOCUMENTED_WINDOW_MS,
    clock,
  };
  const key = custom?.accountKey;
  return key === undefined ? new RateLimiter(limiterOptions) : sharedRateLimiter(key, limiterOptions);
}
