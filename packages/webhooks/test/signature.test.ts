import { createHmac } from 'node:crypto';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSignature, verifySignature, WebhookConfigurationError } from '../src/index.js';
import { prepareSecret } from '../src/secret.js';
import vectors from './fixtures/vectors.json' with { type: 'json' };

const SECRET = 'whsec_test_secret';
const TS = '1700000000';
const TOKEN = '8f3c2a1b9d4e5f60718293a4b5c6d7e8';

/** Replaces the character at `index` with a different printable ASCII character. */
function mutate(text: string, index: number, shift: number): string {
  const code = text.charCodeAt(index);
  const next = 32 + ((code - 32 + 1 + (shift % 94)) % 95);
  return text.slice(0, index) + String.fromCharCode(next === code ? next + 1 : next) + text.slice(index + 1);
}

const ascii = (min: number, max: number) =>
  fc.string({
    unit: fc.integer({ min: 32, max: 126 }).map((c) => String.fromCharCode(c)),
    minLength: min,
    maxLength: max,
  });

describe('computeSignature / verifySignature', () => {
  it('reproduces every OpenSSL vector', () => {
    for (const v of vectors.vectors) {
      expect(computeSignature(v.secret, v.timestamp, v.token), v.name).toBe(v.signature);
      expect(
        verifySignature({ secret: v.secret, timestamp: v.timestamp, token: v.token, signature: v.signature }),
      ).toBe(true);
    }
  });

  it('accepts secrets as text and as bytes', () => {
    const expected = computeSignature(SECRET, TS, TOKEN);
    expect(computeSignature(new TextEncoder().encode(SECRET), TS, TOKEN)).toBe(expected);
  });

  it('agrees with node:crypto and with WebCrypto (crypto.subtle) for arbitrary inputs', async () => {
    const encoder = new TextEncoder();
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 80 }),
        ascii(0, 30),
        fc.string({ maxLength: 80 }),
        async (secret, ts, token) => {
          const signature = computeSignature(secret, ts, token);
          expect(signature).toBe(
            createHmac('sha256', secret)
              .update(ts + token, 'utf8')
              .digest('base64'),
          );
          const key = await crypto.subtle.importKey(
            'raw',
            encoder.encode(secret),
            { name: 'HMAC', hash: 'SHA-256' },
            false,
            ['sign'],
          );
          const webCrypto = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(ts + token)));
          expect(signature).toBe(Buffer.from(webCrypto).toString('base64'));
          expect(verifySignature({ secret, timestamp: ts, token, signature })).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('rejects any single-character change of timestamp, token, secret or signature', () => {
    fc.assert(
      fc.property(
        ascii(1, 40),
        ascii(1, 20),
        ascii(1, 40),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('timestamp', 'token', 'secret', 'signature'),
        (secret, timestamp, token, position, shift, field) => {
          const signature = computeSignature(secret, timestamp, token);
          const input = { secret, timestamp, token, signature };
          const value = input[field];
          const changed = { ...input, [field]: mutate(value, position % value.length, shift) };
          expect(verifySignature(input)).toBe(true);
          expect(verifySignature(changed)).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('rejects any single-bit change of a byte secret', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 100 }),
        fc.nat(),
        fc.integer({ min: 0, max: 7 }),
        (secret, index, bit) => {
          const signature = computeSignature(secret, TS, TOKEN);
          const other = secret.slice();
          other[index % other.length] = other[index % other.length]! ^ (1 << bit);
          expect(verifySignature({ secret: other, timestamp: TS, token: TOKEN, signature })).toBe(false);
        },
      ),
    );
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['empty', ''],
    ['not base64', '!!!!'],
    ['base64 of 31 bytes', Buffer.alloc(31).toString('base64')],
    ['base64 of 33 bytes', Buffer.alloc(33).toString('base64')],
    [
      'hex digest',
      createHmac('sha256', SECRET)
        .update(TS + TOKEN)
        .digest('hex'),
    ],
    [
      'base64url',
      createHmac('sha256', SECRET)
        .update(TS + TOKEN)
        .digest('base64url'),
    ],
    ['a 10 kB string', 'A'.repeat(10_000)],
  ])('returns false (never throws) for a signature that is %s', (_name, signature) => {
    const input = { secret: SECRET, timestamp: TS, token: TOKEN, signature };
    expect(verifySignature(input)).toBe(false);
  });

  it('tolerates surrounding whitespace in the header value', () => {
    const signature = ` ${computeSignature(SECRET, TS, TOKEN)}\t`;
    expect(verifySignature({ secret: SECRET, timestamp: TS, token: TOKEN, signature })).toBe(true);
  });

  it('accepts any of several secrets (key rotation) and none that is absent', () => {
    const signature = computeSignature('old-secret', TS, TOKEN);
    expect(verifySignature({ secret: ['new-secret', 'old-secret'], timestamp: TS, token: TOKEN, signature })).toBe(
      true,
    );
    expect(verifySignature({ secret: ['new-secret', 'other'], timestamp: TS, token: TOKEN, signature })).toBe(false);
  });

  it('throws a configuration error for an empty or missing secret', () => {
    for (const secret of ['', new Uint8Array(0), [], undefined, null] as never[]) {
      expect(() => computeSignature(secret, TS, TOKEN)).toThrow(WebhookConfigurationError);
      expect(() => verifySignature({ secret, timestamp: TS, token: TOKEN, signature: 'x' })).toThrow(
        WebhookConfigurationError,
      );
    }
    expect(() => verifySignature({ secret: ['ok', ''], timestamp: TS, token: TOKEN, signature: 'x' })).toThrow(
      /secret #1/,
    );
  });

  it('never shows a prepared secret', () => {
    const prepared = prepareSecret('super-secret-value');
    for (const text of [
      String(prepared),
      JSON.stringify({ prepared }),
      inspect(prepared, { showHidden: true, depth: 5 }),
    ]) {
      expect(text).not.toContain('super-secret-value');
    }
  });

  it('the signature depends only on timestamp + token, not on where they split', () => {
    expect(computeSignature(SECRET, '1700000000', '12345abc')).toBe(computeSignature(SECRET, '17000000001', '2345abc'));
  });
});
