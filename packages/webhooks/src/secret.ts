import { WebhookConfigurationError } from './errors.js';
import { utf8 } from './encoding.js';
import { hmacKeyState, type HmacKeyState } from './sha256.js';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

// WebCrypto types stay out of the public declarations: a Node app compiled without the DOM lib has
// no `SubtleCrypto`/`CryptoKey` globals. The key bytes are reached through a static block, so they
// never become a public member either.
let bytesOf: (secret: PreparedSecret) => Uint8Array;
const webCryptoKeys = new WeakMap<PreparedSecret, Promise<CryptoKey>>();

/**
 * A webhook verification key that has been checked and pre-processed once (see
 * {@link prepareSecret}). Its bytes are kept in private fields: `toString()`, `JSON.stringify()`
 * and `util.inspect()` show only `[PreparedSecret]`.
 */
export class PreparedSecret {
  readonly #bytes: Uint8Array;
  readonly #state: HmacKeyState;

  static {
    bytesOf = (secret) => secret.#bytes;
  }

  /** @internal Use {@link prepareSecret}. */
  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
    this.#state = hmacKeyState(bytes);
  }

  /** @internal HMAC state for the pure-TS signer. */
  hmacState(): HmacKeyState {
    return this.#state;
  }

  /** Never reveals the key. */
  toString(): string {
    return '[PreparedSecret]';
  }

  /** Never reveals the key. */
  toJSON(): string {
    return '[PreparedSecret]';
  }

  /** Never reveals the key (Node's `util.inspect`, `console.log`). */
  [INSPECT](): string {
    return '[PreparedSecret]';
  }
}

/**
 * A webhook verification key: the text shown in the platform's developer settings (used as its
 * UTF-8 bytes, as `openssl dgst -hmac` does), raw bytes, or a {@link PreparedSecret}.
 */
export type WebhookSecret = string | Uint8Array | PreparedSecret;

let lastString: string | undefined;
let lastPrepared: PreparedSecret | undefined;

/**
 * Checks a secret once and pre-computes its HMAC state, so later signatures cost half as much.
 * Throws {@link WebhookConfigurationError} for an empty or missing secret (fail closed: an empty
 * key would let anyone sign).
 *
 * @example
 * ```ts
 * import { prepareSecret, verifySignature } from '@commerce-kit/webhooks';
 * const secret = prepareSecret(process.env.WEBHOOK_SECRET ?? '');
 * verifySignature({ secret, timestamp: '1700000000', token: 'tok', signature: 'c2ln...' });
 * ```
 */
export function prepareSecret(secret: WebhookSecret): PreparedSecret {
  if (secret instanceof PreparedSecret) return secret;
  if (typeof secret === 'string') {
    if (secret.length === 0) throw new WebhookConfigurationError('The webhook secret is empty');
    // Applications call verifySignature with the same secret string every time; remembering the
    // last one halves the cost of those calls without any API change.
    if (secret !== lastString || lastPrepared === undefined) {
      lastPrepared = new PreparedSecret(utf8(secret));
      lastString = secret;
    }
    return lastPrepared;
  }
  if (secret instanceof Uint8Array) {
    if (secret.length === 0) throw new WebhookConfigurationError('The webhook secret is empty');
    return new PreparedSecret(secret.slice());
  }
  throw new WebhookConfigurationError(
    'The webhook secret is missing: pass a non-empty string or Uint8Array',
  );
}

/**
 * Normalises one secret or a list (key rotation) into prepared secrets; throws
 * {@link WebhookConfigurationError} if the list is empty or any entry is empty.
 * @internal
 */
export function prepareSecrets(
  secret: WebhookSecret | readonly WebhookSecret[] | undefined | null,
): readonly PreparedSecret[] {
  if (Array.isArray(secret)) {
    const list = secret as readonly WebhookSecret[];
    if (list.length === 0) throw new WebhookConfigurationError('The list of webhook secrets is empty');
    return list.map((entry, index) => {
      try {
        return prepareSecret(entry);
      } catch (error) {
        throw new WebhookConfigurationError(`Webhook secret #${index}: ${(error as Error).message}`);
      }
    });
  }
  return [prepareSecret(secret as WebhookSecret)];
}

/**
 * The WebCrypto HMAC key of a prepared secret, imported once on first use.
 * @internal
 */
export function webCryptoKey(secret: PreparedSecret, subtle: SubtleCrypto): Promise<CryptoKey> {
  let key = webCryptoKeys.get(secret);
  if (key === undefined) {
    key = subtle.importKey('raw', bytesOf(secret) as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    webCryptoKeys.set(secret, key);
  }
  return key;
}
