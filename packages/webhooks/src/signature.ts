import { constantTimeEqual, decodeBase64Digest, toBase64, utf8 } from './encoding.js';
import { WebCryptoUnavailableError } from './errors/web-crypto-unavailable-error.js';
import { PreparedSecret, prepareSecret, prepareSecrets, signWith, webCryptoKey, type WebhookSecret } from './secret.js';

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
 * which is why the replay window reads the whole message and the duplicate key is this string.
 */
export function signedMessage(timestamp: string, token: string): string {
  return timestamp + token;
}

/**
 * Checks `digest` against every secret without stopping at the first match, so the time taken
 * does not reveal which key of a rotation matched.
 * @internal
 */
export function matchesAny(secrets: readonly PreparedSecret[], message: string, digest: Uint8Array): boolean {
  if (secrets.length === 1) return constantTimeEqual(signWith(secrets[0]!, message), digest);
  let matched = false;
  for (const secret of secrets) {
    if (constantTimeEqual(signWith(secret, message), digest)) matched = true;
  }
  return matched;
}

/**
 * The signature the platform sends for a delivery: base64 of HMAC-SHA256 over `timestamp + token`
 * (UTF-8, which is ASCII for ASCII input) keyed with the verification key. Synchronous on every
 * runtime: `node:crypto` computes it where the runtime has it, a built-in implementation elsewhere.
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
  return toBase64(signWith(prepared!, signedMessage(timestamp, token)));
}

// The decoded header of a synchronous check: used and dropped before the call returns, so one buffer
// serves every call instead of an allocation per call.
const scratchDigest = new Uint8Array(32);

/** The decoded signature header, in a buffer only valid until the caller returns. @internal */
export function decodeSignatureForSyncUse(signature: string): Uint8Array | undefined {
  return decodeBase64Digest(signature, scratchDigest);
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
  const { secret, signature, timestamp, token } = input;
  // One secret (the usual case) skips the list.
  const secrets = Array.isArray(secret) ? prepareSecrets(secret) : prepareSecret(secret as WebhookSecret);
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || typeof token !== 'string') return false;
  const digest = decodeSignatureForSyncUse(signature.trim());
  if (digest === undefined) return false;
  const message = signedMessage(timestamp, token);
  return secrets instanceof PreparedSecret
    ? constantTimeEqual(signWith(secrets, message), digest)
    : matchesAny(secrets, message, digest);
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
 * platform's native HMAC on runtimes without `node:crypto`. Same result as the synchronous function.
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
  const { signature, timestamp, token } = input;
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || typeof token !== 'string') return false;
  const digest = decodeBase64Digest(signature.trim());
  if (digest === undefined) return false;
  const message = utf8(signedMessage(timestamp, token));
  let matched = false;
  for (const secret of secrets) {
    if (constantTimeEqual(await webCryptoHmac(secret, message), digest)) matched = true;
  }
  return matched;
}
