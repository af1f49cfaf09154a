/**
 * The options of `createClient`, and their normalisation: checked once, where they are given.
 */
import { resolveClock, type Clock } from '@commerce-kit/internal/clock';
import { StaticToken, TokenFunction, type AuthProvider } from './auth.js';
import { ApiClientConfigurationError } from './errors/api-client-error.js';
import { RESOURCES } from './generated/resources.js';
import { createRateLimiter, type RateLimitOptions } from './rate-limit/limiter.js';
import type { FetchFunction, RequestContext } from './request.js';
import { routeIndex } from './resource-table.js';
import { DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_AFTER_SECONDS } from './retry.js';
import { checkBaseUrl, urlJoiner } from './url.js';

/**
 * A function that gives the access token to send, called before every request (e.g. read from your
 * own token store). No refresh on a 401: use a token session for that.
 */
export type AccessTokenSource = () => string | Promise<string>;

/** What `auth` accepts: an {@link AuthProvider} (such as `createTokenSession(...)`) or a function that gives the token. */
export type ClientAuth = AuthProvider | AccessTokenSource;

/** How the client authenticates: a static token, or `auth` (a token session or a token function). */
export type ClientAuthOptions =
  | { /** A bearer access token. */ readonly accessToken: string; readonly auth?: undefined }
  | {
      /** A token source, e.g. `createTokenSession(...)`. */ readonly auth: ClientAuth;
      readonly accessToken?: undefined;
    };

/** Options of `createClient`. */
export type ClientOptions = ClientAuthOptions & {
  /**
   * The API base address, e.g. `https://api.example.com` (a path prefix is kept). Must be HTTPS; `http://`
   * is accepted only for a loopback host (`localhost`, 127.0.0.0/8, `::1`), e.g. a local sandbox.
   */
  readonly baseUrl: string;
  /** `fetch` to use; default `globalThis.fetch`. */
  readonly fetch?: FetchFunction | undefined;
  /** Retries after 429, 5xx and network errors (5xx and network errors: never for POST); default 2. */
  readonly maxRetries?: number | undefined;
  /**
   * Longest `Retry-After` the client waits before retrying a 429, in seconds; default 60 (the documented
   * window). A longer ask is a `RateLimitError` at once, saying how long the server asked to wait.
   */
  readonly maxRetryAfterSeconds?: number | undefined;
  /** Deadline of a whole call, retries and waits included, in ms; none by default. */
  readonly timeoutMs?: number | undefined;
  /**
   * The client-side rate limit: on by default at the documented 200 requests per minute, counted per
   * access token in a store shared by every client of the process; each start holds its slot for the
   * minute and a 1 s padding, so that requests also arrive at most 200 to a minute. `{ accountKey }`
   * counts per account instead (every client naming it shares the budget); `{ requestsPerMinute }` sets
   * another budget; `{ store }` shares it beyond the process. `false` counts nothing (a 429 still
   * pauses this client).
   */
  readonly rateLimit?: RateLimitOptions | false | undefined;
  /** `User-Agent` header; default `commerce-kit-api-client`. Empty string: not sent. */
  readonly userAgent?: string | undefined;
  /** Clock for backoff, `Retry-After`, limiter waits and `timeoutMs`; default the system clock. Inject one in tests. */
  readonly clock?: Clock | undefined;
};

/** Default `User-Agent`. */
const DEFAULT_USER_AGENT = 'commerce-kit-api-client';

const ROUTES = routeIndex(RESOURCES);

const invalid = (message: string): ApiClientConfigurationError =>
  new ApiClientConfigurationError(`createClient: ${message}`);

function authProviderFrom(options: ClientOptions): AuthProvider {
  const hasToken = options.accessToken !== undefined;
  const hasAuth = options.auth !== undefined;
  if (hasToken === hasAuth) throw invalid('give exactly one of accessToken or auth');
  if (hasToken) {
    if (typeof options.accessToken !== 'string' || options.accessToken === '')
      throw invalid('accessToken must be a non-empty string');
    return new StaticToken(options.accessToken);
  }
  const auth = options.auth;
  if (typeof auth === 'function') return new TokenFunction(auth);
  if (typeof auth === 'object' && auth !== null && typeof (auth as Partial<AuthProvider>).getAccessToken === 'function')
    return auth;
  throw invalid(
    'auth must be a token session (createTokenSession(...)), an object with getAccessToken(), or a function that gives the token',
  );
}

function nonNegativeNumber(value: number | undefined, fallback: number, name: string, integer: boolean): number {
  const n = value ?? fallback;
  if (typeof n !== 'number' || !(n >= 0) || !Number.isFinite(n) || (integer && !Number.isInteger(n))) {
    throw invalid(`${name} must be a non-negative ${integer ? 'integer' : 'number'} (got ${String(value)})`);
  }
  return n;
}

/** @throws {ApiClientConfigurationError} naming the option that is missing or invalid. */
export function contextFrom(options: ClientOptions): RequestContext {
  if (typeof options !== 'object' || options === null) throw invalid('options must be an object');
  const baseUrl = checkBaseUrl(options.baseUrl);
  const auth = authProviderFrom(options);
  const maxRetries = nonNegativeNumber(options.maxRetries, DEFAULT_MAX_RETRIES, 'maxRetries', true);
  const maxRetryAfterSeconds = nonNegativeNumber(
    options.maxRetryAfterSeconds,
    DEFAULT_MAX_RETRY_AFTER_SECONDS,
    'maxRetryAfterSeconds',
    false,
  );
  if (options.timeoutMs !== undefined && !(options.timeoutMs > 0))
    throw invalid(`timeoutMs must be a positive number of milliseconds (got ${String(options.timeoutMs)})`);
  const doFetch = options.fetch ?? globalThis.fetch;
  if (typeof doFetch !== 'function') throw invalid('no fetch available: pass options.fetch');
  if (options.userAgent !== undefined && typeof options.userAgent !== 'string')
    throw invalid('userAgent must be a string');
  const clock = resolveClock(options.clock, invalid);
  return {
    baseUrl,
    urlFor: urlJoiner(baseUrl),
    auth,
    // Call through a wrapper so a platform fetch never sees the options object as `this`.
    fetch: (input, init) => doFetch(input, init),
    maxRetries,
    maxRetryAfterMs: maxRetryAfterSeconds * 1000,
    timeoutMs: options.timeoutMs,
    limiter: createRateLimiter(options.rateLimit, clock),
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    clock,
    random: Math.random,
    routes: ROUTES,
  };
}
