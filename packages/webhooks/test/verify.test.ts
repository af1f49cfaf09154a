import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeSignature,
  parseDelivery,
  verifyDelivery,
  WebhookConfigurationError,
  WebhookVerificationError,
  type VerifyDeliveryOptions,
} from '../src/index.js';
import { signTestDelivery } from '../src/testing.js';

const SECRET = 'whsec_test_secret';
const NOW = 1_700_000_000_000;
const options: VerifyDeliveryOptions = { secret: SECRET, now: () => NOW };

function delivery(payload: Record<string, unknown>, secret = SECRET) {
  const signature = computeSignature(secret, String(payload['timestamp']), String(payload['token']));
  return { body: JSON.stringify(payload), headers: { 'x-service-signature': signature } };
}

const valid = { timestamp: '1700000000', token: 'tok_1', data: { id: 'cus_1' } };

describe('verifyDelivery', () => {
  it('takes the signature header as a one-element array, and refuses several values (never picks one)', () => {
    const { body, headers } = delivery(valid);
    const signature = headers['x-service-signature'];
    expect(verifyDelivery(body, { 'x-service-signature': [signature] }, options).ok).toBe(true);
    for (const values of [[signature, signature], [signature, 'AAAA'], ['AAAA', signature]]) {
      expect(verifyDelivery(body, { 'x-service-signature': values }, options)).toMatchObject({ ok: false, reason: 'invalid_signature' });
    }
    // What Node makes of two header lines, and what Fetch Headers make of two appended values.
    expect(verifyDelivery(body, { 'x-service-signature': `${signature}, ${signature}` }, options).ok).toBe(false);
    const fetchHeaders = new Headers();
    fetchHeaders.append('x-service-signature', signature);
    fetchHeaders.append('x-service-signature', signature);
    expect(verifyDelivery(body, fetchHeaders, options)).toMatchObject({ ok: false, reason: 'invalid_signature' });
  });

  it('accepts a signed delivery and returns the event', () => {
    const { body, headers } = delivery(valid);
    const result = verifyDelivery(body, headers, options);
    expect(result).toMatchObject({
      ok: true,
      event: { timestamp: '1700000000', token: 'tok_1', deliveryKey: '1700000000tok_1', data: { id: 'cus_1' }, timestampMs: NOW },
    });
  });

  it('accepts the same delivery as string, Buffer, Uint8Array, ArrayBuffer or pre-parsed object', () => {
    const { body, headers } = delivery(valid);
    const bytes = new TextEncoder().encode(body);
    for (const input of [body, Buffer.from(body), bytes, bytes.buffer, JSON.parse(body) as Record<string, unknown>]) {
      expect(verifyDelivery(input, headers, options).ok).toBe(true);
    }
  });

  it('the signature does not cover data: a re-serialised or re-ordered body still verifies', () => {
    const { headers } = delivery(valid);
    const reordered = `{ "data": {"id":"cus_1"},\n "token": "tok_1", "timestamp": "1700000000" }`;
    expect(verifyDelivery(reordered, headers, options).ok).toBe(true);
  });

  it.each<[string, unknown, Record<string, string>]>([
    ['missing_signature', valid, {}],
    ['missing_signature', valid, { 'x-service-signature': '' }],
    ['invalid_signature', valid, { 'x-service-signature': 'not base64!' }],
    ['invalid_signature', valid, { 'x-service-signature': Buffer.alloc(16).toString('base64') }],
    ['invalid_signature', valid, { 'x-service-signature': computeSignature('wrong', '1700000000', 'tok_1') }],
    ['invalid_signature', { ...valid, token: 'tok_2' }, { 'x-service-signature': computeSignature(SECRET, '1700000000', 'tok_1') }],
  ])('reports %s', (reason, payload, headers) => {
    expect(verifyDelivery(JSON.stringify(payload), headers, options)).toMatchObject({ ok: false, reason });
  });

  it.each<[string, string | Uint8Array]>([
    ['empty body', ''],
    ['not JSON', 'timestamp=1&token=2'],
    ['a JSON array', '[]'],
    ['JSON null', 'null'],
    ['a number timestamp', JSON.stringify({ ...valid, timestamp: 1700000000 })],
    ['no token', JSON.stringify({ timestamp: '1700000000', data: { id: 'x' } })],
    ['an empty token', JSON.stringify({ ...valid, token: '' })],
    ['an empty timestamp', JSON.stringify({ ...valid, timestamp: '' })],
    ['no data', JSON.stringify({ timestamp: '1700000000', token: 't' })],
    ['data without id', JSON.stringify({ ...valid, data: {} })],
    ['a numeric data.id', JSON.stringify({ ...valid, data: { id: 5 } })],
    ['data as an array', JSON.stringify({ ...valid, data: ['id'] })],
    ['invalid UTF-8', new Uint8Array([0x7b, 0xff, 0x7d])],
  ])('reports malformed_body for %s', (_name, body) => {
    const headers = { 'x-service-signature': computeSignature(SECRET, '1700000000', 'tok_1') };
    expect(verifyDelivery(body, headers, options)).toMatchObject({ ok: false, reason: 'malformed_body' });
  });

  it('reports malformed_body for a signed timestamp in neither accepted format', () => {
    for (const timestamp of ['1700000000.5', 'Tue, 14 Nov 2023 22:13:20 GMT', '2023-11-14T22:13:20']) {
      const { body, headers } = delivery({ ...valid, timestamp });
      expect(verifyDelivery(body, headers, options)).toMatchObject({ ok: false, reason: 'malformed_body' });
    }
  });

  it('applies the window on both sides (default ±300 s), inclusive', () => {
    for (const [offset, ok] of [
      [-300, true],
      [300, true],
      [-301, false],
      [301, false],
      [-86_400, false],
      [86_400 * 365, false],
    ] as const) {
      const { body, headers } = delivery({ ...valid, timestamp: String(NOW / 1000 + offset) });
      const result = verifyDelivery(body, headers, options);
      expect(result.ok, `offset ${offset}`).toBe(ok);
      if (!ok) expect(result).toMatchObject({ reason: 'stale_timestamp' });
    }
  });

  it('accepts ISO 8601 timestamps inside the window', () => {
    const { body, headers } = delivery({ ...valid, timestamp: '2023-11-14T22:14:20.000+00:00' });
    expect(verifyDelivery(body, headers, options).ok).toBe(true);
  });

  it('honours a custom window and switches it off only when asked', () => {
    const { body, headers } = delivery({ ...valid, timestamp: String(NOW / 1000 - 3600) });
    expect(verifyDelivery(body, headers, options).ok).toBe(false);
    expect(verifyDelivery(body, headers, { ...options, toleranceSeconds: 7200 }).ok).toBe(true);
    expect(verifyDelivery(body, headers, { ...options, toleranceSeconds: false }).ok).toBe(true);
    expect(verifyDelivery(body, headers, { ...options, toleranceSeconds: Number.POSITIVE_INFINITY }).ok).toBe(true);
    expect(verifyDelivery(body, headers, { ...options, toleranceSeconds: 0 }).ok).toBe(false);
    const odd = delivery({ ...valid, timestamp: 'yesterday' });
    expect(verifyDelivery(odd.body, odd.headers, { ...options, toleranceSeconds: false })).toMatchObject({
      ok: true,
      event: { timestampMs: undefined },
    });
  });

  it('rejects the missing-separator forgery: token digits moved onto the timestamp', () => {
    // A captured, genuine delivery whose token happens to start with digits.
    const captured = delivery({ timestamp: '1700000000', token: '12345abcdef', data: { id: 'cus_1' } });
    expect(verifyDelivery(captured.body, captured.headers, options).ok).toBe(true);
    // Same signature, same signed message "170000000012345abcdef", split one character later.
    const forged = JSON.stringify({ timestamp: '17000000001', token: '2345abcdef', data: { id: 'cus_attacker' } });
    const later = { ...options, now: () => NOW + 3 * 3_600_000 }; // hours later: the original is stale
    expect(verifyDelivery(captured.body, captured.headers, later)).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    expect(verifyDelivery(forged, captured.headers, later)).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    // Even with generous windows, a shift of one digit lands centuries away.
    expect(verifyDelivery(forged, captured.headers, { ...options, toleranceSeconds: 86_400 * 365 * 100 })).toMatchObject({
      ok: false,
      reason: 'stale_timestamp',
    });
  });

  it('any re-split of a signed message yields the same deliveryKey', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,6}[a-f]{0,10}$/), fc.nat(), (token, cut) => {
        const message = '1700000000' + token;
        const at = 1 + (cut % (message.length - 1));
        const payload = { timestamp: message.slice(0, at), token: message.slice(at), data: { id: 'x' } };
        const { body, headers } = delivery(payload);
        const result = verifyDelivery(body, headers, { ...options, toleranceSeconds: false });
        expect(result.ok && result.event.deliveryKey).toBe(message);
      }),
    );
  });

  it('accepts any of several secrets during key rotation', () => {
    const { body, headers } = delivery(valid, 'old-secret');
    expect(verifyDelivery(body, headers, { ...options, secret: ['new-secret', 'old-secret'] }).ok).toBe(true);
    expect(verifyDelivery(body, headers, { ...options, secret: ['new-secret'] }).ok).toBe(false);
  });

  it('refuses bodies over the size limit (default 1 MiB) before anything else', () => {
    const big = JSON.stringify({ ...valid, data: { id: 'x', blob: 'a'.repeat(1024 * 1024) } });
    expect(verifyDelivery(big, {}, options)).toMatchObject({ ok: false, reason: 'body_too_large' });
    expect(verifyDelivery(Buffer.from(big), {}, options)).toMatchObject({ ok: false, reason: 'body_too_large' });
    const { body, headers } = delivery(valid);
    expect(verifyDelivery(body, headers, { ...options, maxBodyBytes: 10 })).toMatchObject({ reason: 'body_too_large' });
    // Multi-byte characters count as bytes, not as string length.
    const wide = JSON.stringify({ ...valid, data: { id: 'x', blob: 'é'.repeat(600_000) } });
    expect(wide.length).toBeLessThan(1024 * 1024);
    expect(verifyDelivery(wide, headers, options)).toMatchObject({ reason: 'body_too_large' });
  });

  it('detects the event type only from a recognised value, never guessing', () => {
    const cases: Array<[Record<string, unknown>, string | undefined]> = [
      [{ type: 'customer_created' }, 'customer_created'],
      [{ event_type: 'order_completed' }, 'order_completed'],
      [{ event: 'product_soldout' }, 'product_soldout'],
      [{ topic: 'discount_deleted' }, 'discount_deleted'],
      [{ type: 'customer.created' }, undefined],
      [{ type: 'CUSTOMER_CREATED' }, undefined],
      [{ type: 42 }, undefined],
      [{}, undefined],
      [{ type: 'customer_created', event: 'customer_deleted' }, undefined],
      [{ type: 'customer_created', event: 'customer_created' }, 'customer_created'],
      [{ type: 'nonsense', event: 'blog_post_updated' }, 'blog_post_updated'],
    ];
    for (const [extra, expected] of cases) {
      const { body, headers } = delivery({ ...extra, ...valid });
      const result = verifyDelivery(body, headers, options);
      expect(result.ok && result.event.type, JSON.stringify(extra)).toBe(expected);
    }
    const custom = delivery({ ...valid, kind: 'category_updated' });
    const result = verifyDelivery(custom.body, custom.headers, { ...options, eventTypeFields: ['kind'] });
    expect(result.ok && result.event.type).toBe('category_updated');
  });

  it('does not let __proto__ in the body reach prototypes', () => {
    const body = `{"timestamp":"1700000000","token":"tok_1","__proto__":{"polluted":1},"data":{"id":"cus_1","__proto__":{"isAdmin":true}}}`;
    const result = verifyDelivery(body, delivery(valid).headers, options);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.hasOwn(result.event.data, '__proto__')).toBe(false);
    expect(Object.assign({}, result.event.data)).not.toHaveProperty('isAdmin');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(result.event.payload)).toBe(Object.prototype);
  });

  it('throws configuration errors for bad options, not for bad deliveries', () => {
    const { body, headers } = delivery(valid);
    expect(() => verifyDelivery(body, headers, { secret: '' })).toThrow(WebhookConfigurationError);
    expect(() => verifyDelivery(body, headers, { secret: [] })).toThrow(WebhookConfigurationError);
    expect(() => verifyDelivery(body, headers, {} as VerifyDeliveryOptions)).toThrow(WebhookConfigurationError);
    expect(() => verifyDelivery(body, headers, { ...options, toleranceSeconds: -1 })).toThrow(WebhookConfigurationError);
    expect(() => verifyDelivery(body, headers, { ...options, toleranceSeconds: Number.NaN })).toThrow(WebhookConfigurationError);
    expect(() => verifyDelivery(body, headers, { ...options, maxBodyBytes: 0 })).toThrow(WebhookConfigurationError);
  });

  it('never throws for arbitrary bodies and headers', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.uint8Array()), fc.dictionary(fc.string(), fc.string()), (body, headers) => {
        const result = verifyDelivery(body, headers, options);
        expect(result.ok).toBe(false);
      }),
    );
  });

  it('never includes the secret in failure messages', () => {
    const { body } = delivery(valid);
    const result = verifyDelivery(body, { 'x-service-signature': 'AAAA' }, options);
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });
});

describe('parseDelivery', () => {
  it('returns the event or throws WebhookVerificationError with the same reason', () => {
    const good = signTestDelivery(SECRET, { id: 'cus_1' }, { now: () => NOW, type: 'customer_updated' });
    expect(parseDelivery(good.body, good.headers, options)).toMatchObject({ type: 'customer_updated', data: { id: 'cus_1' } });
    for (const [headers, reason] of [
      [{}, 'missing_signature'],
      [{ 'x-service-signature': 'bad' }, 'invalid_signature'],
    ] as const) {
      let caught: unknown;
      try {
        parseDelivery(good.body, headers, options);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(WebhookVerificationError);
      expect((caught as WebhookVerificationError).reason).toBe(reason);
      expect(verifyDelivery(good.body, headers, options)).toMatchObject({ ok: false, reason });
    }
  });
});
