import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toBase64 } from '../src/encoding.js';
import { hmacKeyState, hmacSha256, sha256 } from '../src/crypto/sha256.js';
import vectors from './fixtures/vectors.json' with { type: 'json' };

const enc = new TextEncoder();

describe('pure-TS SHA-256 / HMAC-SHA256', () => {
  it('matches the OpenSSL known-answer vectors', () => {
    expect(vectors.vectors.length).toBeGreaterThanOrEqual(16);
    for (const v of vectors.vectors) {
      const mac = hmacSha256(hmacKeyState(enc.encode(v.secret)), enc.encode(v.timestamp + v.token));
      expect(toBase64(mac), v.name).toBe(v.signature);
    }
  });

  it('matches the FIPS 180-4 "abc" and empty-string digests', () => {
    expect(toBase64(sha256(enc.encode('abc')))).toBe(createHash('sha256').update('abc').digest('base64'));
    expect(Buffer.from(sha256(new Uint8Array(0))).toString('hex')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('agrees with node:crypto SHA-256 for any message (lengths across block boundaries)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (message) => {
        expect(Buffer.from(sha256(message)).toString('hex')).toBe(createHash('sha256').update(message).digest('hex'));
      }),
      { numRuns: 400 },
    );
  });

  it('agrees with node:crypto HMAC-SHA256 for any key and message (keys over 64 bytes included)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 150 }),
        fc.uint8Array({ maxLength: 200 }),
        (key, message) => {
          const expected = createHmac('sha256', key).update(message).digest('base64');
          expect(toBase64(hmacSha256(hmacKeyState(key), message))).toBe(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('handles a message of several blocks (1 MiB)', () => {
    const message = new Uint8Array(1024 * 1024).map((_, i) => i & 0xff);
    expect(Buffer.from(sha256(message)).toString('hex')).toBe(createHash('sha256').update(message).digest('hex'));
  });
});
