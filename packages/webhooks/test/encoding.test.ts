import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { constantTimeEqual, decodeBase64Digest, toBase64 } from '../src/encoding.js';

describe('base64 and comparison helpers', () => {
  it('encodes like Buffer for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      }),
    );
  });

  it('decodes exactly the base64 of 32 bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        expect(decodeBase64Digest(Buffer.from(bytes).toString('base64'))).toEqual(bytes);
      }),
    );
  });

  it.each([
    ['empty', ''],
    ['31 bytes', Buffer.alloc(31, 1).toString('base64')],
    ['33 bytes', Buffer.alloc(33, 1).toString('base64')],
    ['no padding', Buffer.alloc(32, 1).toString('base64').slice(0, 43)],
    ['base64url alphabet', `${'-'.repeat(43)}=`],
    ['non-ASCII', `${'é'.repeat(43)}=`],
    ['space inside', `${'A'.repeat(20)} ${'A'.repeat(22)}=`],
    ['hex digest', 'ab'.repeat(32)],
  ])('rejects %s', (_name, text) => {
    expect(decodeBase64Digest(text)).toBeUndefined();
  });

  it('compares in constant time and only equal-length arrays', () => {
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1]), new Uint8Array([1, 2]))).toBe(false);
  });
});

describe('canonical base64', () => {
  it('rejects a signature whose unused trailing bits are set', () => {
    const canonical = Buffer.alloc(32, 7).toString('base64');
    const last = canonical[42]!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const sibling = alphabet[alphabet.indexOf(last) + 1]!;
    const nonCanonical = `${canonical.slice(0, 42)}${sibling}=`;
    expect(Buffer.from(nonCanonical, 'base64')).toEqual(Buffer.alloc(32, 7));
    expect(decodeBase64Digest(nonCanonical)).toBeUndefined();
  });
});
