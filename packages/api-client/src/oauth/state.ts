/**
 * The `state` parameter: generated with the platform CSPRNG, checked against RFC 6749's alphabet,
 * compared in constant time.
 */

import { ApiClientConfigurationError } from '../errors/api-client-error.js';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Length of a generated state: 32 characters of 62 symbols, about 190 bits. */
export const GENERATED_STATE_LENGTH = 32;
/** The longest `state` or `nonce` the platform's API documentation accepts. */
export const MAX_STATE_LENGTH = 1024;

/**
 * A random string of ASCII letters and digits from `crypto.getRandomValues`: a valid `state` (or
 * OpenID Connect `nonce`) for any server, since every alphabet they accept includes these.
 * Rejection sampling keeps every symbol equally likely.
 */
export function generateState(length: number = GENERATED_STATE_LENGTH): string {
  const cryptoApi = globalThis.crypto;
  if (cryptoApi === undefined || typeof cryptoApi.getRandomValues !== 'function') {
    throw new ApiClientConfigurationError(
      'A CSPRNG is needed to generate the OAuth state: globalThis.crypto.getRandomValues is missing',
    );
  }
  // 248 = 4 * 62: bytes at or above it are dropped so that `byte % 62` is uniform.
  const limit = 248;
  let out = '';
  const buffer = new Uint8Array(length * 2);
  while (out.length < length) {
    cryptoApi.getRandomValues(buffer);
    for (const byte of buffer) {
      if (byte < limit) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * True for 1 to {@link MAX_STATE_LENGTH} printable ASCII characters, space included (`%x20-7E`, RFC 6749
 * Appendix A.5's `VSCHAR`): what `state` and `nonce` may hold.
 */
export function isStateValue(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_STATE_LENGTH && /^[\x20-\x7E]+$/.test(value);
}

/**
 * Compares the `state` kept for the user's session with the one received on the
 * redirect, in time that does not depend on where they differ. A missing or
 * non-string value never matches.
 *
 * There is no counterpart for an OpenID Connect `nonce`: it comes back inside the `id_token`, so it is
 * checked by whatever verifies that token's signature and claims (an OpenID Connect library), not here.
 */
export function verifyState(expected: string, received: string | null | undefined): boolean {
  if (typeof expected !== 'string' || typeof received !== 'string' || expected.length === 0) return false;
  const encoder = new TextEncoder();
  const a = encoder.encode(expected);
  const b = encoder.encode(received);
  const length = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  for (let i = 0; i < length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}
