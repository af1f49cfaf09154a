/**
 * Normalizing the two documented token response variants into one `TokenSet`.
 */
import { isRecord } from '@commerce-kit/internal/is-record';
import { OAuthError } from './oauth-error.js';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * Tokens from the token endpoint, normalized. `expiresAt` is epoch milliseconds.
 * The object is plain data (so `JSON.stringify` persists it), but `util.inspect`
 * and `String()` show it redacted.
 */
export interface TokenSet {
  /** The bearer token for API calls. */
  readonly accessToken: string;
  /** Always `'Bearer'` (the server may answer `bearer`). */
  readonly tokenType: 'Bearer';
  /** When the access token expires, in epoch milliseconds. */
  readonly expiresAt: number;
  /** Refresh token, when one was issued (`offline_access` scope, or a refresh). */
  readonly refreshToken?: string;
  /** OpenID Connect id token (variant with the `openid` scope). */
  readonly idToken?: string;
  /** Granted scope, when the server says (the other variant, e.g. `api_all`). */
  readonly scope?: string;
  /** The token response as received (minus `__proto__` and a `constructor` holding `prototype`). */
  readonly raw: Readonly<Record<string, unknown>>;
}

/**
 * Normalizes a token endpoint JSON body into a {@link TokenSet}.
 * Accepts `token_type` in any case, `expires_in` as a number or numeric string.
 *
 * @throws {OAuthError} `invalid_token_response` when `access_token` or `expires_in` is missing or invalid,
 * or `token_type` is not bearer.
 */
export function normalizeTokenResponse(body: unknown, receivedAtMs: number): TokenSet {
  if (!isRecord(body)) throw invalid('the token response is not a JSON object');
  const accessToken = body['access_token'];
  if (typeof accessToken !== 'string' || accessToken === '') throw invalid('access_token is missing');
  const tokenType = body['token_type'];
  if (typeof tokenType !== 'string' || tokenType.toLowerCase() !== 'bearer') {
    throw invalid('token_type is missing or not "bearer"');
  }
  const expiresIn = toSeconds(body['expires_in']);
  if (expiresIn === undefined) throw invalid('expires_in is missing or not a non-negative number');

  const set: { -readonly [K in keyof TokenSet]: TokenSet[K] } = {
    accessToken,
    tokenType: 'Bearer',
    expiresAt: receivedAtMs + expiresIn * 1000,
    raw: Object.freeze({ ...body }),
  };
  const refreshToken = body['refresh_token'];
  if (typeof refreshToken === 'string' && refreshToken !== '') set.refreshToken = refreshToken;
  const idToken = body['id_token'];
  if (typeof idToken === 'string' && idToken !== '') set.idToken = idToken;
  const scope = body['scope'];
  if (typeof scope === 'string') set.scope = scope;
  return redactedView(set);
}

/** Adds non-enumerable redacted `util.inspect` and `toString` views to a token set. */
export function redactedView<T extends TokenSet>(set: T): T {
  const summary = (): string =>
    `TokenSet { accessToken: [redacted], tokenType: 'Bearer', expiresAt: ${describeExpiry(set.expiresAt)}` +
    `${set.refreshToken === undefined ? '' : ', refreshToken: [redacted]'}` +
    `${set.idToken === undefined ? '' : ', idToken: [redacted]'}` +
    `${set.scope === undefined ? '' : `, scope: ${JSON.stringify(set.scope)}`} }`;
  Object.defineProperty(set, INSPECT, { value: summary, enumerable: false });
  Object.defineProperty(set, 'toString', { value: summary, enumerable: false });
  return Object.freeze(set);
}

/** `expiresAt` for display: an ISO date, or `unknown` when it is not a finite time. */
export function describeExpiry(expiresAt: number): string {
  return Number.isFinite(expiresAt) ? new Date(expiresAt).toISOString() : 'unknown';
}

function toSeconds(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
}

function invalid(description: string): OAuthError {
  return new OAuthError({ error: 'invalid_token_response', description });
}
