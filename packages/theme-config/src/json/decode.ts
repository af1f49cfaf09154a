/** Bytes -> text: strict UTF-8, so a Latin-1 or UTF-16 file gets a clear diagnostic instead of mojibake. */

/** Either the decoded text or the byte offset of the first invalid sequence. */
export type DecodeResult = { ok: true; text: string } | { ok: false; byteOffset: number };

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Decodes UTF-8 (a leading BOM is dropped). */
export function decodeUtf8(bytes: Uint8Array): DecodeResult {
  try {
    return { ok: true, text: decoder.decode(bytes) };
  } catch {
    return { ok: false, byteOffset: firstInvalidUtf8Byte(bytes) };
  }
}

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    const need =
      b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0) return i;
    for (let k = 1; k <= need; k += 1) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
    }
    i += need + 1;
  }
  return Math.max(0, bytes.length - 1);
}

/** 1-based line and column of a byte offset, counting lines in the valid prefix. */
export function bytePosition(bytes: Uint8Array, byteOffset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < byteOffset; i += 1) {
    if (bytes[i] === 0x0a) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: byteOffset - lineStart + 1 };
}

/**
 * Whether the bytes look like UTF-16 (a UTF-16 byte order mark, or NUL bytes, which JSON text never
 * holds but UTF-16 gives for every ASCII character). Windows tools such as PowerShell's `Out-File`
 * write UTF-16 by default, so this gets its own message.
 */
export function looksLikeUtf16(bytes: Uint8Array): boolean {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)))
    return true;
  return bytes.subarray(0, 64).includes(0);
}
