/**
 * A token session: keeps the current `TokenSet`, refreshes it shortly before
 * expiry and once after a 401, and lets concurrent requests share one refresh.
 */
import { resolveClock, type Clock } from '@commerce-kit/internal/clock';
import type { AuthProvider } from './auth.js';
import { ApiClientConfigurationError } from './errors/api-client-error.js';
import { refreshAccessToken, type ClientAuthMethod } from './oauth/token-request.js';
import type { FetchFunction } from './request.js';
import { checkBaseUrl } from './url.js';
import { describeExpiry, redactedView, type TokenSet } from './oauth/token-set.js';

/** Refresh this long before `expiresAt` by default: one minute. */
export const DEFAULT_REFRESH_MARGIN_MS = 60_000;

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** The tokens to start from, as the {@link TokenSet} that `exchangeCode` gave (or loaded from storage). */
export interface TokenSetStart {
  /** The tokens to start from (from `exchangeCode`, or loaded from storage). */
  readonly tokens: TokenSet;
}

/**
 * The tokens to start from, one by one (e.g. from your own storage columns). With only a
 * `refreshToken`, the session refreshes before the first request.
 */
export interface LooseTokensStart {
  /** Not given in this form. */
  readonly tokens?: undefined;
  /** The current access token, if any. */
  readonly accessToken?: string | undefined;
  /** The refresh token, if any (needed to refresh). */
  readonly refreshToken?: string | undefined;
  /** When the access token expires (epoch ms or a `Date`); unknown: refreshed only after a 401. */
  readonly expiresAt?: number | Date | undefined;
}

/**
 * Options of {@link createTokenSession}: where the tokens start from (`tokens`, a {@link TokenSet}, or
 * `accessToken`, `refreshToken` and `expiresAt` one by one), and the settings of the refresh.
 */
export type TokenSessionOptions = TokenSessionSettings & (TokenSetStart | LooseTokensStart);

/** Everything of {@link TokenSessionOptions} but the tokens. */
export interface TokenSessionSettings {
  /** API base address, for the token endpoint. Needed unless `refresh` is given. */
  readonly baseUrl?: string | undefined;
  /** Client id. Needed unless `refresh` is given. */
  readonly clientId?: string | undefined;
  /** Client secret. Needed unless `refresh` is given. */
  readonly clientSecret?: string | undefined;
  /** How the client credentials are sent; default `body`. */
  readonly clientAuth?: ClientAuthMethod | undefined;
  /** `fetch` for the token endpoint; default the global one. */
  readonly fetch?: FetchFunction | undefined;
  /** Custom refresh (replaces the token endpoint call), e.g. to go through your backend. */
  readonly refresh?: ((refreshToken: string) => Promise<TokenSet>) | undefined;
  /**
   * Called with every new token set, before requests waiting on the refresh go on.
   * Persist `tokens.refreshToken` here: the server rotates it on each refresh.
   */
  readonly onTokens?: ((tokens: TokenSet) => void | Promise<void>) | undefined;
  /** How long before expiry to refresh, in ms; default 60 000. */
  readonly refreshMarginMs?: number | undefined;
  /** Clock that decides when the token is about to expire; default the system clock. */
  readonly clock?: Clock | undefined;
}

/**
 * Holds an OAuth token set for a client (`createClient({ auth: session })`).
 * Tokens live in private fields and never appear in `util.inspect` output.
 */
export class TokenSession implements AuthProvider {
  #tokens: TokenSet;
  #inFlight: Promise<TokenSet> | undefined;
  readonly #options: TokenSessionOptions;
  readonly #marginMs: number;
  readonly #clock: Clock;

  /**
   * @throws {ApiClientConfigurationError} without token endpoint settings or a `refresh` function, for a
   * base URL that is not HTTPS (http:// only to a loopback host), or without starting tokens.
   */
  constructor(options: TokenSessionOptions) {
    const invalid = (message: string): ApiClientConfigurationError =>
      new ApiClientConfigurationError(`createTokenSession: ${message}`);
    if (typeof options !== 'object' || options === null) throw invalid('options must be an object');
    if (options.refresh === undefined && (!options.baseUrl || !options.clientId || !options.clientSecret)) {
      throw invalid('baseUrl, clientId and clientSecret are required (or a custom refresh function)');
    }
    if (options.baseUrl !== undefined) checkBaseUrl(options.baseUrl);
    const margin = options.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS;
    if (!(margin >= 0) || !Number.isFinite(margin))
      throw invalid(`refreshMarginMs must be a non-negative number of milliseconds (got ${String(margin)})`);
    this.#options = options;
    this.#tokens = startingTokens(options, invalid);
    this.#marginMs = margin;
    this.#clock = resolveClock(options.clock, invalid);
  }

  /** The current token set. */
  get tokens(): TokenSet {
    return this.#tokens;
  }

  /** True when the access token expires within the refresh margin. */
  get needsRefresh(): boolean {
    return this.#tokens.expiresAt - this.#marginMs <= this.#clock.now();
  }

  /**
   * The access token to use now. Refreshes first when it is about to expire and a
   * refresh token is available; concurrent callers wait on the same refresh.
   */
  async getAccessToken(): Promise<string> {
    if (this.#inFlight !== undefined) return (await this.#inFlight).accessToken;
    if (this.needsRefresh && this.#tokens.refreshToken !== undefined) return (await this.refresh()).accessToken;
    return this.#tokens.accessToken;
  }

  /**
   * After a 401: refreshes unless another request already replaced the rejected token.
   * Resolves `true` when a new token is available.
   */
  async handleUnauthorized(rejectedToken: string): Promise<boolean> {
    if (this.#inFlight !== undefined) {
      await this.#inFlight;
      return true;
    }
    if (this.#tokens.accessToken !== rejectedToken) return true;
    if (this.#tokens.refreshToken === undefined) return false;
    await this.refresh();
    return true;
  }

  /** Refreshes now. Single flight: calls made while a refresh runs share it. */
  refresh(): Promise<TokenSet> {
    this.#inFlight ??= this.#runRefresh().finally(() => {
      this.#inFlight = undefined;
    });
    return this.#inFlight;
  }

  async #runRefresh(): Promise<TokenSet> {
    const refreshToken = this.#tokens.refreshToken;
    if (refreshToken === undefined)
      throw new ApiClientConfigurationError(
        'This token session has no refresh token (request the offline_access scope)',
      );
    const o = this.#options;
    let next: TokenSet;
    if (o.refresh !== undefined) {
      next = await o.refresh(refreshToken);
    } else {
      next = await refreshAccessToken({
        baseUrl: o.baseUrl ?? '',
        clientId: o.clientId ?? '',
        clientSecret: o.clientSecret ?? '',
        refreshToken,
        ...(o.clientAuth === undefined ? {} : { clientAuth: o.clientAuth }),
        ...(o.fetch === undefined ? {} : { fetch: o.fetch }),
        clock: this.#clock,
      });
    }
    // A refresh answer without a refresh token leaves the old one usable.
    if (next.refreshToken === undefined) next = redactedView({ ...next, refreshToken });
    this.#tokens = next;
    await o.onTokens?.(next);
    return next;
  }

  /** Redacted. */
  toString(): string {
    return `TokenSession { expiresAt: ${describeExpiry(this.#tokens.expiresAt)}, tokens: [redacted] }`;
  }

  /** Redacted. */
  [INSPECT](): string {
    return this.toString();
  }
}

function startingTokens(options: TokenSessionOptions, invalid: (message: string) => Error): TokenSet {
  if (options.tokens !== undefined) {
    if (
      typeof options.tokens !== 'object' ||
      options.tokens === null ||
      typeof options.tokens.accessToken !== 'string'
    ) {
      throw invalid('tokens must be a TokenSet (as exchangeCode returns)');
    }
    return options.tokens;
  }
  const loose = options as LooseTokensStart;
  const accessToken = loose.accessToken ?? '';
  if (accessToken === '' && loose.refreshToken === undefined) {
    throw invalid('tokens, or an accessToken and/or a refreshToken, are required');
  }
  const expiresAt = loose.expiresAt instanceof Date ? loose.expiresAt.getTime() : loose.expiresAt;
  return redactedView({
    accessToken,
    tokenType: 'Bearer',
    // No access token: expired already, so the first request refreshes. Unknown expiry: only a 401 refreshes.
    expiresAt: accessToken === '' ? 0 : (expiresAt ?? Number.POSITIVE_INFINITY),
    ...(loose.refreshToken === undefined ? {} : { refreshToken: loose.refreshToken }),
    raw: Object.freeze({}),
  });
}

/** Creates a {@link TokenSession}; pass it to `createClient({ auth })`. */
export function createTokenSession(options: TokenSessionOptions): TokenSession {
  return new TokenSession(options);
}
