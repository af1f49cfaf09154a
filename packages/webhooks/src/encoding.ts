/**
 * Byte helpers that behave the same on Node and edge runtimes (no `Buffer`, no `atob`, whose
 * leniency about whitespace and padding differs between runtimes).
 * @internal
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

const encoder = new TextEncoder();

/** UTF-8 bytes of `text` (ASCII text maps one byte per character). @internal */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Standard base64 with padding. @internal */
export function toBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >>> 18]! + ALPHABET[(n >>> 12) & 63]! + ALPHABET[(n >>> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[n >>> 18]! + ALPHABET[(n >>> 12) & 63]! + '==';
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[n >>> 18]! + ALPHABET[(n >>> 12) & 63]! + ALPHABET[(n >>> 6) & 63]! + '=';
  }
  return out;
}

/**
 * Decodes the base64 text of exactly 32 bytes (44 characters ending in one `=`), or returns
 * `undefined` for anything else. The text must be canonical (the two unused bits of the last
 * character zero), so exactly one string is accepted for each digest and changing any character
 * of a valid signature makes it invalid. Writes into `out` (32 bytes) when given.
 * @internal
 */
export function decodeBase64Digest(text: string, out: Uint8Array = new Uint8Array(32)): Uint8Array | undefined {
  if (text.length !== 44 || text.charCodeAt(43) !== 61 /* = */) return undefined;
  let o = 0;
  let invalid = 0;
  for (let i = 0; i < 40; i += 4) {
    const a = sextet(text, i);
    const b = sextet(text, i + 1);
    const c = sextet(text, i + 2);
    const d = sextet(text, i + 3);
    invalid |= a | b | c | d;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = n >>> 16;
    out[o++] = n >>> 8;
    out[o++] = n;
  }
  const a = sextet(text, 40);
  const b = sextet(text, 41);
  const c = sextet(text, 42);
  invalid |= a | b | c | -(c & 3);
  const n = (a << 18) | (b << 12) | (c << 6);
  out[o++] = n >>> 16;
  out[o] = n >>> 8;
  return invalid < 0 ? undefined : out;
}

function sextet(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code < 128 ? DECODE[code]! : -1;
}

/**
 * Compares two byte arrays in time that depends only on their lengths, so a forger learns nothing
 * from how long a rejection takes. @internal
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
