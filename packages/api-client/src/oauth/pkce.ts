/**
 * PKCE (RFC 7636): a code verifier the app keeps, and the challenge derived from it that goes into the
 * authorization URL. Web Crypto only.
 */
import { ApiClientConfigurationError } from '../errors/api-client-error.js';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** RFC 7636 §4.1: 43 to 128 unreserved characters. A `plain` challenge is the verifier itself. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
/** RFC 7636 §4.2: an S256 challenge is the base64url (no padding) of a SHA-256 digest, 43 characters. */
export const S256_CHALLENGE_PATTERN = /^[A-Za-z0-9\-_]{43}$/;

/** Output of {@link createPkcePair}. */
export interface PkcePair {
  /** Keep it in the user's session, next to the state, and give it to `exchangeCode` as `codeVerifier`. */
  readonly codeVerifier: string;
  /** Give it to `buildAuthorizeUrl` as `codeChallenge`. */
  readonly codeChallenge: string;
  /** Always `'S256'`. */
  readonly codeChallengeMethod: 'S256';
}

/**
 * A new PKCE pair: a code verifier of 32 random octets from `crypto.getRandomValues`, base64url-encoded
 * (43 characters, as RFC 7636 §4.1 recommends), and its `S256` challenge, the base64url SHA-256 of the
 * verifier computed with `crypto.subtle`. The object is plain data (so it can be stored in a session as
 * JSON), but `util.inspect` and `String()` show the verifier redacted.
 *
 * @throws {ApiClientConfigurationError} when Web Crypto is missing (browsers have `crypto.subtle` only
 * in secure contexts: HTTPS or localhost).
 */
export async function createPkcePair(): Promise<PkcePair> {
  const cryptoApi = globalThis.crypto;
  if (
    cryptoApi === undefined ||
    typeof cryptoApi.getRandomValues !== 'function' ||
    typeof cryptoApi.subtle?.digest !== 'function'
  ) {
    throw new ApiClientConfigurationError(
      'PKCE needs Web Crypto: globalThis.crypto.getRandomValues or crypto.subtle is missing (browsers have crypto.subtle only on HTTPS or localhost)',
    );
  }
  const codeVerifier = base64url(cryptoApi.getRandomValues(new Uint8Array(32)));
  const digest = await cryptoApi.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier));
  const pair: PkcePair = {
    codeVerifier,
    codeChallenge: base64url(new Uint8Array(digest)),
    codeChallengeMethod: 'S256',
  };
  const summary = (): string =>
    `PkcePair { codeVerifier: [redacted], codeChallenge: '${pair.codeChallenge}', codeChallengeMethod: 'S256' }`;
  Object.defineProperty(pair, INSPECT, { value: summary, enumerable: false });
  Object.defineProperty(pair, 'toString', { value: summary, enumerable: false });
  return Object.freeze(pair);
}

/** RFC 4648 §5 without padding. */
function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
