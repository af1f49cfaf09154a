import { hmacEngine, type HmacSigner } from './crypto/hmac-engine.js';
import { WebhookConfigurationError } from './errors/configuration-error.js';
import { utf8 } from './encoding.js';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * A webhook verification key that has been checked once, with its HMAC key state derived on first
 * use and kept. Internal: users pass the key as text or bytes and the package prepares (and
 * remembers) it. Its bytes are kept in private fields: `toString()`, `JSON.stringify()` and
 * `util.inspect()` show only `[PreparedSecret]`.
 * @internal
 */
export class PreparedSecret {
  readonly #bytes: Uint8Array;
  #signer: HmacSigner | undefined;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }

  /** HMAC-SHA256 of `message` (as UTF-8) under this key. */
  sign(message: string): Uint8Array {
    this.#signer ??= hmacEngine().keyed(this.#bytes);
    return this.#signer(message);
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
 * UTF-8 bytes, as `openssl dgst -hmac` does), or raw bytes.
 */
export type WebhookSecret = string | Uint8Array;

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
 * Checks a secret once and prepares it for signing (its key state is derived on first use). Throws
 * {@link WebhookConfigurationError} for an empty or missing secret (fail closed: an empty key would
 * let anyone sign). The last text and the last bytes prepared are remembered, so passing the same
 * secret on every call prepares it once.
 * @internal
 */
export function prepareSecret(secret: WebhookSecret | PreparedSecret): PreparedSecret {
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
