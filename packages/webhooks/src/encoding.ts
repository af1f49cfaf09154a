/**
 * Byte helpers that behave the same on Node and edge runtimes (no `Buffer`, no `atob`, whose
 * leniency about whitespace and padding differs between runtimes).
 * @internal
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const ALPHABET_CODES = Uint8Array.from(ALPHABET, (char) => char.charCodeAt(0));
// Indexed by the low byte of a character code; characters above 0xff are refused separately.
const DECODE = new Int32Array(256).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

const encoder = new TextEncoder();

/** UTF-8 bytes of `text` (ASCII text maps one byte per character). @internal */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

// Base64 text is ASCII, which UTF-8 decodes as is (every runtime has a UTF-8 decoder).
const ascii = new TextDecoder();

/**
 * Standard base64 with padding. The text is built from a byte buffer in one go, so it is a flat
 * string (fast to read character by character, unlike one grown by concatenation).
 * @internal
 */
export function toBase64(bytes: Uint8Array): string {
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let o = 0;
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = ALPHABET_CODES[n >>> 18]!;
    out[o++] = ALPHABET_CODES[(n >>> 12) & 63]!;
    out[o++] = ALPHABET_CODES[(n >>> 6) & 63]!;
    out[o++] = ALPHABET_CODES[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = (bytes[i]! << 16) | (rest === 2 ? bytes[i + 1]! << 8 : 0);
    out[o++] = ALPHABET_CODES[n >>> 18]!;
    out[o++] = ALPHABET_CODES[(n >>> 12) & 63]!;
    out[o++] = rest === 2 ? ALPHABET_CODES[(n >>> 6) & 63]! : 61;
    out[o++] = 61; // =
  }
  return ascii.decode(out);
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
  let wide = 0;
  let invalid = 0;
  for (let i = 0; i < 40; i += 4) {
    const ca = text.charCodeAt(i);
    const cb = text.charCodeAt(i + 1);
    const cc = text.charCodeAt(i + 2);
    const cd = text.charCodeAt(i + 3);
    wide |= ca | cb | cc | cd;
    const a = DECODE[ca & 255]!;
    const b = DECODE[cb & 255]!;
    const c = DECODE[cc & 255]!;
    const d = DECODE[cd & 255]!;
    invalid |= a | b | c | d;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = n >>> 16;
    out[o++] = n >>> 8;
    out[o++] = n;
  }
  const ca = text.charCodeAt(40);
  const cb = text.charCodeAt(41);
  const cc = text.charCodeAt(42);
  wide |= ca | cb | cc;
  const a = DECODE[ca & 255]!;
  const b = DECODE[cb & 255]!;
  const c = DECODE[cc & 255]!;
  invalid |= a | b | c | -(c & 3);
  const n = (a << 18) | (b << 12) | (c << 6);
  out[o++] = n >>> 16;
  out[o] = n >>> 8;
  // A character above 0xff would alias a valid one through the low-byte lookup: refuse it.
  return invalid < 0 || wide > 0xff ? undefined : out;
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
