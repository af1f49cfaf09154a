/**
 * How the client obtains the bearer token for each request.
 */
import { ApiClientConfigurationError } from './errors/api-client-error.js';

/**
 * A source of access tokens for the client. A static token, a {@link TokenSession}
 * (see `createTokenSession`) or any object of this shape can be passed as `auth`.
 */
export interface AuthProvider {
  /** The access token to send now (may refresh first). */
  getAccessToken(): Promise<string>;
  /**
   * Called once per request when the server answers 401 to `rejectedToken`.
   * Resolves `true` when a different token is now available and the request should be
   * retried (once), `false` to give up with the `AuthenticationError`.
   */
  handleUnauthorized?(rejectedToken: string): Promise<boolean>;
}

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** A fixed access token, kept in a private field so it never shows in `util.inspect`. */
export class StaticToken implements AuthProvider {
  readonly #token: string;

  /** @throws {ApiClientConfigurationError} for an empty or non-string token. */
  constructor(token: string) {
    if (typeof token !== 'string' || token === '')
      throw new ApiClientConfigurationError('accessToken must be a non-empty string');
    this.#token = token;
  }

  /** Resolves the token. */
  getAccessToken(): Promise<string> {
    return Promise.resolve(this.#token);
  }

  /** Redacted. */
  toString(): string {
    return 'StaticToken { [redacted] }';
  }

  /** Redacted. */
  [INSPECT](): string {
    return this.toString();
  }
}

/** Tokens from a caller's function, checked on every call; redacted like {@link StaticToken}. */
export class TokenFunction implements AuthProvider {
  readonly #source: () => string | Promise<string>;

  /** `source` is called before every request. */
  constructor(source: () => string | Promise<string>) {
    this.#source = source;
  }

  /** Calls the function; rejects with an `ApiClientConfigurationError` when it gives no token. */
  async getAccessToken(): Promise<string> {
    const token = await this.#source();
    if (typeof token !== 'string' || token === '')
      throw new ApiClientConfigurationError('auth() must return a non-empty access token');
    return token;
  }

  /** Redacted. */
  toString(): string {
    return 'TokenFunction { [redacted] }';
  }

  /** Redacted. */
  [INSPECT](): string {
    return this.toString();
  }
}
