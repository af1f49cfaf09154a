import { constantTimeEqual, decodeBase64Digest, toBase64 } from './encoding.js';
import { PreparedSecret, prepareSecret, prepareSecrets, type WebhookSecret } from './secret.js';

/** Input of {@link verifySignature}. */
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
 * @internal
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
  if (secrets.length === 1) return constantTimeEqual(secrets[0]!.sign(message), digest);
  let matched = false;
  for (const secret of secrets) {
    if (constantTimeEqual(secret.sign(message), digest)) matched = true;
  }
  return matched;
}

/**
 * The signature the platform sends for a delivery: base64 of HMAC-SHA256 over `timestamp + token`
 * (UTF-8, which is ASCII for ASCII input) keyed with the verification key. Synchronous on every
 * runtime (Node, Deno, Bun, browsers, edge workers): `node:crypto` computes it where the runtime has
 * it, a built-in implementation elsewhere, with identical results.
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
  return signatureOf(prepareSecret(secret), timestamp, token);
}

/** {@link computeSignature} under a secret already prepared. @internal */
export function signatureOf(secret: PreparedSecret, timestamp: string, token: string): string {
  return toBase64(secret.sign(signedMessage(timestamp, token)));
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
    ? constantTimeEqual(secrets.sign(message), digest)
    : matchesAny(secrets, message, digest);
}
