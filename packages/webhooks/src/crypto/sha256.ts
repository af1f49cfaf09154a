/**
 * SHA-256 and HMAC-SHA256 in plain TypeScript (FIPS 180-4, RFC 2104): the synchronous HMAC of
 * runtimes without `node:crypto` (browsers, Cloudflare Workers without Node compatibility, Vercel
 * Edge), where WebCrypto is async only. Checked against OpenSSL vectors and, property by property,
 * against the `node:crypto` engine (see test/sha256.test.ts and test/hmac-engine.test.ts).
 *
 * The code has no branches or table lookups that depend on key or message bytes, so its running
 * time depends only on the message length.
 * @internal
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const IV = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

const BLOCK_BYTES = 64;

// Scratch buffers reused across calls: every function here is synchronous and never re-entered,
// so sharing them is safe and avoids an allocation per compression.
const W = new Int32Array(64);
const TAIL = new Uint8Array(BLOCK_BYTES * 2);

/** Runs the compression function on the 64-byte block of `bytes` starting at `offset`. */
function compress(state: Int32Array, bytes: Uint8Array, offset: number): void {
  const w = W;
  for (let i = 0; i < 16; i++) {
    const j = offset + (i << 2);
    w[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + s1 + ch + K[i]! + w[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (s0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/**
 * Finishes a hash whose `state` has already absorbed `prefixBytes` bytes (a multiple of 64),
 * absorbing `message` and the padding. Returns the 32-byte digest; `state` is not modified.
 */
function finish(start: Int32Array, prefixBytes: number, message: Uint8Array): Uint8Array {
  const state = start.slice();
  const length = message.length;
  let offset = 0;
  for (; offset + BLOCK_BYTES <= length; offset += BLOCK_BYTES) compress(state, message, offset);
  const rest = length - offset;
  const tailBytes = rest + 9 <= BLOCK_BYTES ? BLOCK_BYTES : BLOCK_BYTES * 2;
  TAIL.fill(0);
  TAIL.set(message.subarray(offset), 0);
  TAIL[rest] = 0x80;
  const totalBytes = prefixBytes + length;
  // Bit length as a 64-bit big-endian integer; bytes beyond 2^53 are not reachable in practice.
  const high = Math.floor(totalBytes / 0x20000000);
  const low = (totalBytes << 3) >>> 0;
  TAIL[tailBytes - 8] = high >>> 24;
  TAIL[tailBytes - 7] = high >>> 16;
  TAIL[tailBytes - 6] = high >>> 8;
  TAIL[tailBytes - 5] = high;
  TAIL[tailBytes - 4] = low >>> 24;
  TAIL[tailBytes - 3] = low >>> 16;
  TAIL[tailBytes - 2] = low >>> 8;
  TAIL[tailBytes - 1] = low;
  compress(state, TAIL, 0);
  if (tailBytes > BLOCK_BYTES) compress(state, TAIL, BLOCK_BYTES);
  const digest = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const word = state[i]!;
    digest[i * 4] = word >>> 24;
    digest[i * 4 + 1] = word >>> 16;
    digest[i * 4 + 2] = word >>> 8;
    digest[i * 4 + 3] = word;
  }
  return digest;
}

/** SHA-256 of `message`. @internal */
export function sha256(message: Uint8Array): Uint8Array {
  return finish(IV, 0, message);
}

/**
 * The two hash states of HMAC after absorbing `key XOR ipad` and `key XOR opad`. Computing them
 * once per secret halves the work of every later signature.
 * @internal
 */
export interface HmacKeyState {
  readonly inner: Int32Array;
  readonly outer: Int32Array;
}

/** Derives the reusable HMAC-SHA256 state for `key` (keys over 64 bytes are hashed first). @internal */
export function hmacKeyState(key: Uint8Array): HmacKeyState {
  const block = new Uint8Array(BLOCK_BYTES);
  block.set(key.length > BLOCK_BYTES ? sha256(key) : key);
  const pad = new Uint8Array(BLOCK_BYTES);
  const inner = IV.slice();
  const outer = IV.slice();
  for (let i = 0; i < BLOCK_BYTES; i++) pad[i] = block[i]! ^ 0x36;
  compress(inner, pad, 0);
  for (let i = 0; i < BLOCK_BYTES; i++) pad[i] = block[i]! ^ 0x5c;
  compress(outer, pad, 0);
  block.fill(0);
  pad.fill(0);
  return { inner, outer };
}

/** HMAC-SHA256 of `message` under a prepared key. @internal */
export function hmacSha256(key: HmacKeyState, message: Uint8Array): Uint8Array {
  return finish(key.outer, BLOCK_BYTES, finish(key.inner, BLOCK_BYTES, message));
}
