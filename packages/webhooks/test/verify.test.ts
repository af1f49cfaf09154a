import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeSignature,
  parseDelivery,
  verifyDelivery,
  WebhookConfigurationError,
  WebhookVerificationError,
  type VerifyDeliveryOptions,
  type WebhookWarning,
} from '../src/index.js';
import { ManualClock, signTestDelivery } from '../src/testing/index.js';
import { parseTimestamp } from '../src/timestamp.js';

const SECRET = 'whsec_test_secret';
const NOW = 1_700_000_000_000;
const clock = new ManualClock(NOW);
const options: VerifyDeliveryOptions = { secret: SECRET, clock, onWarning: () => {} };
const at = (ms: number) => new ManualClock(ms);

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
    for (const values of [
      [signature, signature],
      [signature, 'AAAA'],
      ['AAAA', signature],
    ]) {
      expect(verifyDelivery(body, { 'x-service-signature': values }, options)).toMatchObject({
        ok: false,
        reason: 'invalid_signature',
      });
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
      event: {
        timestamp: '1700000000',
        token: 'tok_1',
        deliveryKey: '1700000000tok_1',
        data: { id: 'cus_1' },
        timestampMs: NOW,
      },
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
    [
      'invalid_signature',
      { ...valid, token: 'tok_2' },
      { 'x-service-signature': computeSignature(SECRET, '1700000000', 'tok_1') },
    ],
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

  it('accepts a correctly signed delivery whose timestamp is in an unknown format, and reports it as a warning', () => {
    for (const timestamp of ['Tue, 14 Nov 2023 22:13:20 GMT', 'yesterday', '2023-11-14', '20231114T221320Z']) {
      const warnings: WebhookWarning[] = [];
      const { body, headers } = delivery({ ...valid, timestamp });
      const result = verifyDelivery(body, headers, { ...options, onWarning: (warning) => void warnings.push(warning) });
      expect(result, timestamp).toMatchObject({ ok: true, event: { timestamp, timestampMs: undefined } });
      expect(warnings, timestamp).toEqual([
        {
          code: 'unknown_timestamp_format',
          timestamp,
          deliveryKey: `${timestamp}tok_1`,
          message: expect.stringContaining('unknown format'),
        },
      ]);
    }
  });

  it('accepts Unix seconds, milliseconds and ISO 8601, without warnings', () => {
    for (const timestamp of [
      '1700000000',
      '1700000000123',
      '1700000000.5',
      '2023-11-14T22:13:20Z',
      '2023-11-14T23:13:20.250+01:00',
      '2023-11-14 22:13:20',
    ]) {
      const warnings: WebhookWarning[] = [];
      const { body, headers } = delivery({ ...valid, timestamp });
      const result = verifyDelivery(body, headers, { ...options, onWarning: (warning) => void warnings.push(warning) });
      expect(result.ok, timestamp).toBe(true);
      expect(result.ok && Math.abs(result.event.timestampMs! - NOW), timestamp).toBeLessThan(1000);
      expect(warnings, timestamp).toEqual([]);
    }
  });

  it('accepts a delivery retried hours later (default maximum age: one day), and refuses it after a day', () => {
    const { body, headers } = delivery(valid);
    for (const hours of [0.1, 1, 6, 23.9, 24]) {
      expect(verifyDelivery(body, headers, { ...options, clock: at(NOW + hours * 3_600_000) }).ok, `${hours} h`).toBe(
        true,
      );
    }
    expect(verifyDelivery(body, headers, { ...options, clock: at(NOW + 86_401_000) })).toMatchObject({
      ok: false,
      reason: 'stale_timestamp',
    });
  });

  it('keeps the future side tight: at most maxFutureSeconds (default 300) ahead', () => {
    for (const [offset, ok] of [
      [300, true],
      [301, false],
      [3600, false],
    ] as const) {
      const { body, headers } = delivery({ ...valid, timestamp: String(NOW / 1000 + offset) });
      const result = verifyDelivery(body, headers, options);
      expect(result.ok, `offset ${offset}`).toBe(ok);
      if (!ok) expect(result).toMatchObject({ reason: 'stale_timestamp' });
    }
    const ahead = delivery({ ...valid, timestamp: String(NOW / 1000 + 900) });
    expect(verifyDelivery(ahead.body, ahead.headers, { ...options, maxFutureSeconds: 900 }).ok).toBe(true);
  });

  it('applies maxAgeSeconds and switches the age limit off only when asked', () => {
    const { body, headers } = delivery({ ...valid, timestamp: String(NOW / 1000 - 3600) });
    expect(verifyDelivery(body, headers, options).ok).toBe(true);
    expect(verifyDelivery(body, headers, { ...options, maxAgeSeconds: 600 })).toMatchObject({
      ok: false,
      reason: 'stale_timestamp',
    });
    expect(verifyDelivery(body, headers, { ...options, maxAgeSeconds: 0 }).ok).toBe(false);
    const old = delivery({ ...valid, timestamp: String(NOW / 1000 - 86_400 * 365) });
    expect(verifyDelivery(old.body, old.headers, options).ok).toBe(false);
    expect(verifyDelivery(old.body, old.headers, { ...options, maxAgeSeconds: false }).ok).toBe(true);
  });

  it('rejects the missing-separator forgery: token digits moved onto the timestamp', () => {
    // A captured, genuine delivery whose token happens to start with digits.
    const captured = delivery({ timestamp: '1700000000', token: '12345abcdef', data: { id: 'cus_1' } });
    expect(verifyDelivery(captured.body, captured.headers, options).ok).toBe(true);
    // Same signature, same signed message "170000000012345abcdef", split one character later:
    // a timestamp centuries in the future, refused by the future bound.
    const forged = JSON.stringify({ timestamp: '17000000001', token: '2345abcdef', data: { id: 'cus_attacker' } });
    expect(verifyDelivery(forged, captured.headers, options)).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    // Days later the original is stale, and so is every re-split of it.
    const later = { ...options, clock: at(NOW + 3 * 86_400_000) };
    expect(verifyDelivery(captured.body, captured.headers, later)).toMatchObject({
      ok: false,
      reason: 'stale_timestamp',
    });
    expect(verifyDelivery(forged, captured.headers, later)).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    // Even with a generous age limit, a shift of one digit lands centuries away.
    expect(verifyDelivery(forged, captured.headers, { ...options, maxAgeSeconds: 86_400 * 365 * 100 })).toMatchObject({
      ok: false,
      reason: 'stale_timestamp',
    });
  });

  it('a stale delivery cannot be re-split into a millisecond or an unknown-format timestamp to pass', () => {
    const later = { ...options, clock: at(NOW + 2 * 86_400_000) };
    // Three token digits make a millisecond timestamp: the same instant, just as stale.
    const captured = delivery({ timestamp: '1700000000', token: '123abc', data: { id: 'cus_1' } });
    const asMillis = JSON.stringify({ timestamp: '1700000000123', token: 'abc', data: { id: 'cus_1' } });
    expect(verifyDelivery(asMillis, captured.headers, later)).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    // A letter moved onto the timestamp makes it unreadable; the message still begins with the stale instant.
    const unreadable = JSON.stringify({ timestamp: '1700000000123a', token: 'bc', data: { id: 'cus_1' } });
    expect(verifyDelivery(unreadable, captured.headers, later)).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    // Moving the split left cuts an ISO timestamp into something unreadable: same verdict.
    const iso = delivery({ timestamp: '2023-11-14T22:13:20Z', token: 'tok', data: { id: 'cus_1' } });
    const cut = JSON.stringify({ timestamp: '2023-11-14T2', token: '2:13:20Ztok', data: { id: 'cus_1' } });
    expect(verifyDelivery(cut, iso.headers, options).ok).toBe(true);
    expect(verifyDelivery(cut, iso.headers, later)).toMatchObject({ ok: false, reason: 'stale_timestamp' });
  });

  it('a short digit timestamp is no way around the readings of the message, even with no age limit', () => {
    const headers = { 'x-service-signature': computeSignature(SECRET, '9', '9999999999x') };
    const body = JSON.stringify({ timestamp: '9', token: '9999999999x', data: { id: 'x' } });
    // The message begins with eleven 9s: the year 2286 or 5138 as seconds, both far ahead.
    expect(verifyDelivery(body, headers, { ...options, maxAgeSeconds: false })).toMatchObject({
      ok: false,
      reason: 'stale_timestamp',
    });
  });

  it('no re-split of a stale signed message passes, whatever the formats (property)', () => {
    const genuine = fc.oneof(
      fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }).map(String),
      fc.integer({ min: 1_000_000_000_000, max: 4_000_000_000_000 }).map(String),
      fc
        .date({ min: new Date('2001-09-10T00:00:00Z'), max: new Date('2096-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString()),
    );
    fc.assert(
      fc.property(
        genuine,
        fc.stringMatching(/^[0-9a-zA-Z:.+-]{1,24}$/),
        fc.nat(),
        fc.integer({ min: 1, max: 200 }),
        (timestamp, token, cut, days) => {
          const message = timestamp + token;
          const at1 = 1 + (cut % (message.length - 1));
          const signature = computeSignature(SECRET, timestamp, token);
          const now = new ManualClock(parseTimestamp(timestamp)! + (days + 1) * 86_400_000);
          const body = JSON.stringify({
            timestamp: message.slice(0, at1),
            token: message.slice(at1),
            data: { id: 'x' },
          });
          const result = verifyDelivery(body, { 'x-service-signature': signature }, { ...options, clock: now });
          expect(result).toMatchObject({ ok: false, reason: 'stale_timestamp' });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('any re-split of a signed message yields the same deliveryKey', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,6}[a-f]{0,10}$/), fc.nat(), (token, cut) => {
        const message = `1700000000${token}`;
        const at = 1 + (cut % (message.length - 1));
        const payload = { timestamp: message.slice(0, at), token: message.slice(at), data: { id: 'x' } };
        const { body, headers } = delivery(payload);
        const result = verifyDelivery(body, headers, { ...options, maxAgeSeconds: false });
        if (result.ok) expect(result.event.deliveryKey).toBe(message);
        else expect(result.reason).toBe('stale_timestamp');
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

  it('removes dangerous keys from a delivery (keeping the delivery and the ordinary `constructor`/`prototype` keys), with a warning for each', () => {
    const body = JSON.stringify({
      timestamp: '1700000000',
      token: 'tok_1',
      data: {
        id: 'cus_1',
        constructor: 'Ada',
        prototype: { plan: 'pro' },
        nested: { constructor: { prototype: { isAdmin: true } } },
      },
    }).replace('"data":{', '"__proto__":{"polluted":1},"data":{"__proto__":{"isAdmin":true},');
    const warnings: WebhookWarning[] = [];
    const result = verifyDelivery(body, delivery(valid).headers, {
      ...options,
      onWarning: (warning) => void warnings.push(warning),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.hasOwn(result.event.data, '__proto__')).toBe(false);
    expect(Object.hasOwn(result.event.payload, '__proto__')).toBe(false);
    expect(result.event.data).toEqual({ id: 'cus_1', constructor: 'Ada', prototype: { plan: 'pro' }, nested: {} });
    expect(Object.assign({}, result.event.data)).not.toHaveProperty('isAdmin');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(result.event.payload)).toBe(Object.prototype);
    expect(warnings.map((w) => w.code === 'dangerous_key_removed' && w.pointer).sort()).toEqual([
      '/__proto__',
      '/data/__proto__',
      '/data/nested/constructor',
    ]);
    expect(warnings[0]).toMatchObject({
      deliveryKey: '1700000000tok_1',
      message: expect.stringContaining('could pollute'),
    });
  });

  it('applies the same policy to a body a framework has already parsed, without changing that object', () => {
    const parsed = JSON.parse(
      '{"timestamp":"1700000000","token":"tok_1","data":{"id":"cus_1","__proto__":{"isAdmin":true},"constructor":"kept"}}',
    ) as Record<string, unknown>;
    const warnings: WebhookWarning[] = [];
    const result = verifyDelivery(parsed, delivery(valid).headers, {
      ...options,
      onWarning: (warning) => void warnings.push(warning),
    });
    expect(result).toMatchObject({ ok: true, event: { data: { id: 'cus_1', constructor: 'kept' } } });
    expect(result.ok && Object.hasOwn(result.event.data, '__proto__')).toBe(false);
    expect(Object.hasOwn(parsed['data'] as object, '__proto__')).toBe(true); // the caller's object is untouched
    expect(warnings).toHaveLength(1);
  });

  it('reports warnings only for deliveries that pass, and a throwing onWarning changes nothing', () => {
    const hostile = `{"timestamp":"yesterday","token":"tok_1","data":{"id":"x","__proto__":{}}}`;
    const warnings: WebhookWarning[] = [];
    const onWarning = (warning: WebhookWarning) => void warnings.push(warning);
    expect(verifyDelivery(hostile, { 'x-service-signature': 'AAAA' }, { ...options, onWarning }).ok).toBe(false);
    expect(warnings).toEqual([]);
    const headers = { 'x-service-signature': computeSignature(SECRET, 'yesterday', 'tok_1') };
    expect(verifyDelivery(hostile, headers, { ...options, onWarning }).ok).toBe(true);
    expect(warnings.map((w) => w.code)).toEqual(['unknown_timestamp_format', 'dangerous_key_removed']);
    const throwing = () => {
      throw new Error('logger down');
    };
    expect(verifyDelivery(hostile, headers, { ...options, onWarning: throwing }).ok).toBe(true);
  });

  it('throws configuration errors for bad options, not for bad deliveries', () => {
    const { body, headers } = delivery(valid);
    expect(() => verifyDelivery(body, headers, { secret: '' })).toThrow(WebhookConfigurationError);
    expect(() => verifyDelivery(body, headers, { secret: [] })).toThrow(WebhookConfigurationError);
    expect(() => verifyDelivery(body, headers, {} as VerifyDeliveryOptions)).toThrow(WebhookConfigurationError);
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, '300']) {
      expect(() => verifyDelivery(body, headers, { ...options, maxAgeSeconds: bad as number })).toThrow(
        WebhookConfigurationError,
      );
      expect(() => verifyDelivery(body, headers, { ...options, maxFutureSeconds: bad as number })).toThrow(
        WebhookConfigurationError,
      );
    }
    expect(() => verifyDelivery(body, headers, { ...options, maxFutureSeconds: false as unknown as number })).toThrow(
      /maxFutureSeconds/,
    );
    for (const bad of [() => 1, 1_700_000_000_000, new Date(), { now: () => 1 }]) {
      expect(() => verifyDelivery(body, headers, { ...options, clock: bad as never })).toThrow(
        WebhookConfigurationError,
      );
    }
    expect(() => verifyDelivery(body, headers, { ...options, onWarning: 'log' as never })).toThrow(
      WebhookConfigurationError,
    );
    expect(() => verifyDelivery(body, headers, { ...options, eventTypeFields: 'type' as never })).toThrow(
      WebhookConfigurationError,
    );
    expect(() => verifyDelivery(body, headers, { ...options, maxBodyBytes: 0 })).toThrow(WebhookConfigurationError);
  });

  it('never throws for arbitrary bodies and headers', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.json(), fc.uint8Array()),
        fc.dictionary(fc.string(), fc.string()),
        (body, headers) => {
          const result = verifyDelivery(body, headers, options);
          expect(result.ok).toBe(false);
        },
      ),
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
    const good = signTestDelivery(SECRET, { id: 'cus_1' }, { clock, type: 'customer_updated' });
    expect(parseDelivery(good.body, good.headers, options)).toMatchObject({
      type: 'customer_updated',
      data: { id: 'cus_1' },
    });
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
