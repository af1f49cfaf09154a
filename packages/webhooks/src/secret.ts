import { hasBrand, stampBrands } from '@commerce-kit/internal/brand';
import { hmacEngine, type HmacSigner } from './crypto/hmac-engine.js';
import { WebhookConfigurationError } from './errors/configuration-error.js';
import { utf8 } from './encoding.js';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');
// Registered symbols, so a secret prepared by one copy of the package (its ESM or CJS build) is
// signed with by another through the copy that holds its bytes. Kept off the class's declared
// members: they are not API.
const SIGN: unique symbol = Symbol.for('@commerce-kit/webhooks:PreparedSecret.sign') as never;
const WEB_CRYPTO_KEY: unique symbol = Symbol.for('@commerce-kit/webhooks:PreparedSecret.webCryptoKey') as never;

interface SecretInternals {
  [SIGN](message: string): Uint8Array;
  [WEB_CRYPTO_KEY](subtle: SubtleCrypto): Promise<CryptoKey>;
}

/**
 * A webhook verification key that has been checked and pre-processed once (see
 * {@link prepareSecret}). Its bytes are kept in private fields: `toString()`, `JSON.stringify()`
 * and `util.inspect()` show only `[PreparedSecret]`. `instanceof` works across copies of the
 * package (ESM and CJS builds loaded side by side).
 */
export class PreparedSecret {
  /** Identifies the class across copies of the package. */
  static readonly brand: string = '@commerce-kit/webhooks:PreparedSecret';

  static [Symbol.hasInstance](value: unknown): boolean {
    // An instance of this very copy is recognised by its private field, cheaply; others by brand.
    if (this === PreparedSecret && typeof value === 'object' && value !== null && #bytes in value) return true;
    return hasBrand(this, value);
  }

  readonly #bytes: Uint8Array;
  #signer: HmacSigner | undefined;
  #webCryptoKey: Promise<CryptoKey> | undefined;

  static {
    // WebCrypto types stay out of the public declarations (a Node app compiled without the DOM
    // lib has no `CryptoKey`), so these two are defined here rather than declared as members.
    Object.defineProperties(PreparedSecret.prototype, {
      [SIGN]: {
        value(this: PreparedSecret, message: string): Uint8Array {
          this.#signer ??= hmacEngine().keyed(this.#bytes);
          return this.#signer(message);
        },
      },
      [WEB_CRYPTO_KEY]: {
        value(this: PreparedSecret, subtle: SubtleCrypto): Promise<CryptoKey> {
          this.#webCryptoKey ??= subtle.importKey(
            'raw',
            this.#bytes as Uint8Array<ArrayBuffer>,
            { name: 'HMAC', hash: 'SHA-256' },
            false,
            ['sign'],
          );
          return this.#webCryptoKey;
        },
      },
    });
  }

  /** @internal Use {@link prepareSecret}. */
  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
    stampBrands(this, new.target);
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

// Applications pass the same secret on every call; remembering the last one of each kind spares
// re-preparing it without any API change. Bytes are compared by content, so a mutated array is
// prepared again.
let lastString: string | undefined;
let lastFromString: PreparedSecret | undefined;
let lastBytes: Uint8Array | undefined;
let lastBytesCopy: Uint8Array | undefined;
let lastFromBytes: PreparedSecret | undefined;

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Checks a secret once and prepares it for signing (its key state is derived on first use), so
 * later signatures cost less. Throws {@link WebhookConfigurationError} for an empty or missing
 * secret (fail closed: an empty key would let anyone sign).
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
    if (secret !== lastString || lastFromString === undefined) {
      lastFromString = new PreparedSecret(utf8(secret));
      lastString = secret;
    }
    return lastFromString;
  }
  if (secret instanceof Uint8Array) {
    if (secret.length === 0) throw new WebhookConfigurationError('The webhook secret is empty');
    if (secret !== lastBytes || lastFromBytes === undefined || !sameBytes(secret, lastBytesCopy!)) {
      lastBytesCopy = secret.slice();
      lastFromBytes = new PreparedSecret(lastBytesCopy);
      lastBytes = secret;
    }
    return lastFromBytes;
  }
  throw new WebhookConfigurationError('The webhook secret is missing: pass a non-empty string or Uint8Array');
}

/**
 * Normalises one secret or a list (key rotation) into prepared secrets; throws
 * {@link WebhookConfigurationError} if the list is empty or any entry is empty.
 * @internal
 */
export function prepareSecrets(
  secret: WebhookSecret | readonly WebhookSecret[] | undefined | null,
): readonly PreparedSecret[] {
  if (!Array.isArray(secret)) return [prepareSecret(secret as WebhookSecret)];
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

/** HMAC-SHA256 of `message` under a prepared secret of any copy of the package. @internal */
export function signWith(secret: PreparedSecret, message: string): Uint8Array {
  return (secret as unknown as SecretInternals)[SIGN](message);
}

/** The WebCrypto HMAC key of a prepared secret, imported once on first use. @internal */
export function webCryptoKey(secret: PreparedSecret, subtle: SubtleCrypto): Promise<CryptoKey> {
  return (secret as unknown as SecretInternals)[WEB_CRYPTO_KEY](subtle);
}
