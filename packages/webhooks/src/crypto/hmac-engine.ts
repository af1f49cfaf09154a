/**
 * Where HMAC-SHA256 comes from: `node:crypto` where the runtime has it (found at run time, see
 * node-crypto.ts), the pure implementation everywhere else. Both give identical results (a
 * differential property test runs them side by side).
 * @internal
 */
import { utf8 } from '../encoding.js';
import { findNodeCrypto, type NodeCryptoLike } from './node-crypto.js';
import { hmacKeyState, hmacSha256 } from './sha256.js';

/** HMAC-SHA256 of a text message (as UTF-8) under one key. @internal */
export type HmacSigner = (message: string) => Uint8Array;

/** A source of HMAC-SHA256 signers. @internal */
export interface HmacEngine {
  readonly name: 'node:crypto' | 'pure';
  /** Prepares `key` (not empty) once; the signer is then called per message. */
  keyed(key: Uint8Array): HmacSigner;
}

/** The pure implementation: the key's two hash states are computed once per key. @internal */
export const pureEngine: HmacEngine = Object.freeze({
  name: 'pure',
  keyed(key: Uint8Array): HmacSigner {
    const state = hmacKeyState(key);
    return (message) => hmacSha256(state, utf8(message));
  },
});

/** The engine over a `node:crypto` module; the key becomes a `KeyObject` once. @internal */
export function nodeEngine(crypto: NodeCryptoLike): HmacEngine {
  return Object.freeze({
    name: 'node:crypto',
    keyed(key: Uint8Array): HmacSigner {
      const secretKey = crypto.createSecretKey(key);
      const { createHmac } = crypto;
      return (message) => createHmac('sha256', secretKey).update(message).digest();
    },
  });
}

let selected: HmacEngine | undefined;

/** The engine of this runtime, looked up on first use (so loading the package does nothing). @internal */
export function hmacEngine(): HmacEngine {
  if (selected === undefined) {
    const crypto = findNodeCrypto();
    selected = crypto === undefined ? pureEngine : nodeEngine(crypto);
  }
  return selected;
}
