import { constantTimeEqual, decodeBase64Digest, toBase64, utf8 } from './encoding.js';
import { WebCryptoUnavailableError } from './errors.js';
import { prepareSecrets, webCryptoKey, type PreparedSecret, type WebhookSecret } from './secret.js';
import { hmacSha256 } from './sha256.js';

/** Input of {@link verifySignature} and {@link verifySignatureAsync}. */
export interface VerifySignatureInput {
  /** The verification key, or several during key rotation (valid if any matches). */
  readonly secret: WebhookSecret | readonly WebhookSecret[];
  /** The `timestamp` string of the payload, exactly as received. */
  readonly timestamp: string;
  /** The `token` string of the payload, exactly as received. */
  readonly token: string;
  /** The `x-service-signature` header value; `null`/`undefined` simply fail. */
  readonly signature: string | null | undefined;
}

/**
 * The signed message: `timestamp` immediately followed by `token`, as text. There is no separator,
 * which is why the replay window is two-sided and the duplicate key is this whole string.
 */
export function signedMessage(timestamp: string, token: string): string {
  return timestamp + token;
}

/** Signs with one prepared key. @internal */
export function signPrepared(secret: PreparedSecret, message: Uint8Array): Uint8Array {
  return hmacSha256(secret.hmacState(), message);
}

/**
 * Checks `signature` (already decoded) against every secret without stopping at the first match,
 * so the time taken does not reveal which key of a rotation matched.
 * @internal
 */
export function matchesAny(secrets: readonly PreparedSecret[], message: Uint8Array, digest: Uint8Array): boolean {
  let matched = false;
  for (const secret of secrets) {
    if (constantTimeEqual(signPrepared(secret, message), digest)) matched = true;
  }
  return matched;
}

/**
 * The signature the platform sends for a delivery: base64 of HMAC-SHA256 over `timestamp + token`
 * (UTF-8, which is ASCII for ASCII input) keyed with the verification key.
 * Synchronous and dependency-free, so it works on Node and on edge runtimes alike.
 * Throws `WebhookConfigurationError` for an empty secret.
 *
 * @example
 * ```ts
 * import { computeSignature } from '@commerce-kit/webhooks';
 * computeSignature('whsec_test_secret', '1700000000', '8f3c2a1b9d4e5f60718293a4b5c6d7e8');
 * // => 'AZx0zJdtbcaVvCc9mMKl3vQWsbmNOjON52HvPR437LQ='
 * ```
 */
export function computeSignature(secret: WebhookSecret, timestamp: string, token: string): string {
  const [prepared] = prepareSecrets(secret);
  return toBase64(signPrepared(prepared!, utf8(signedMessage(timestamp, token))));
}

/**
 * True when `signature` is the base64 HMAC-SHA256 of `timestamp + token` under the secret (or any
 * of the secrets). The digests are compared in constant time. A signature that is not base64 of
 * exactly 32 bytes returns `false`; it never throws for bad input, only for an empty secret.
 *
 * @example
 * ```ts
 * import { verifySignature } from '@commerce-kit/webhooks';
 * const ok = verifySignature({
 *   secret: ['new-secret', 'old-secret'],
 *   timestamp: '1700000000',
 *   token: '8f3c2a1b9d4e5f60718293a4b5c6d7e8',
 *   signature: 'AZx0zJdtbcaVvCc9mMKl3vQWsbmNOjON52HvPR437LQ=',
 * });
 * ```
 */
export function verifySignature(input: VerifySignatureInput): boolean {
  const secrets = prepareSecrets(input.secret);
  if (typeof input.signature !== 'string') return false;
  if (typeof input.timestamp !== 'string' || typeof input.token !== 'string') return false;
  const digest = decodeBase64Digest(input.signature.trim());
  if (digest === undefined) return false;
  return matchesAny(secrets, utf8(signedMessage(input.timestamp, input.token)), digest);
}

function subtle(): SubtleCrypto {
  const candidate = (globalThis as { crypto?: { subtle?: SubtleCrypto } }).crypto?.subtle;
  if (candidate === undefined) throw new WebCryptoUnavailableError();
  return candidate;
}

async function webCryptoHmac(secret: PreparedSecret, message: Uint8Array): Promise<Uint8Array> {
  const api = subtle();
  const key = await webCryptoKey(secret, api);
  return new Uint8Array(await api.sign('HMAC', key, message as Uint8Array<ArrayBuffer>));
}

/**
 * {@link computeSignature} computed with WebCrypto (`crypto.subtle`), for code that prefers the
 * platform's native HMAC. Same result as the synchronous function.
 * Rejects with `WebCryptoUnavailableError` where `crypto.subtle` is missing.
 *
 * @example
 * ```ts
 * import { computeSignatureAsync } from '@commerce-kit/webhooks';
 * const signature = await computeSignatureAsync('whsec_test_secret', '1700000000', 'tok');
 * ```
 */
export async function computeSignatureAsync(secret: WebhookSecret, timestamp: string, token: string): Promise<string> {
  const [prepared] = prepareSecrets(secret);
  return toBase64(await webCryptoHmac(prepared!, utf8(signedMessage(timestamp, token))));
}

/**
 * {@link verifySignature} computed with WebCrypto (`crypto.subtle`). Same results; the digest is
 * compared in constant time here too.
 *
 * @example
 * ```ts
 * import { verifySignatureAsync } from '@commerce-kit/webhooks';
 * const ok = await verifySignatureAsync({ secret: 's', timestamp: '1700000000', token: 't', signature: 'x' });
 * ```
 */
export async function verifySignatureAsync(input: VerifySignatureInput): Promise<boolean> {
  const secrets = prepareSecrets(input.secret);
  if (typeof input.signature !== 'string') return false;
  if (typeof input.timestamp !== 'string' || typeof input.token !== 'string') return false;
  const digest = decodeBase64Digest(input.signature.trim());
  if (digest === undefined) return false;
  const message = utf8(signedMessage(input.timestamp, input.token));
  let matched = false;
  for (const secret of secrets) {
    if (constantTimeEqual(await webCryptoHmac(secret, message), digest)) matched = true;
  }
  return matched;
}
