import { describe, expect, it } from 'vitest';
import { computeSignature, verifyDelivery } from '../src/index.js';
import { ManualClock, signTestDelivery } from '../src/testing/index.js';
import * as testing from '../src/testing/index.js';
import * as main from '../src/index.js';

describe('signTestDelivery', () => {
  it('produces a body and headers that verify', () => {
    const { body, headers, payload } = signTestDelivery('s3cret', { id: 'cus_1', email: 'a@example.com' });
    expect(headers['content-type']).toBe('application/json');
    expect(JSON.parse(body)).toEqual(payload);
    expect(payload['timestamp']).toMatch(/^[0-9]+$/);
    expect(payload['token']).toMatch(/^[0-9a-f]{32}$/);
    const result = verifyDelivery(body, headers, { secret: 's3cret' });
    expect(result).toMatchObject({
      ok: true,
      event: { type: undefined, data: { id: 'cus_1', email: 'a@example.com' } },
    });
  });

  it('applies overrides', () => {
    const { body, headers } = signTestDelivery(
      's3cret',
      { id: 'p_1' },
      { timestamp: '2024-01-01T00:00:00Z', token: 'fixed', type: 'product_soldout', fields: { extra: 1 } },
    );
    expect(JSON.parse(body)).toEqual({
      type: 'product_soldout',
      extra: 1,
      timestamp: '2024-01-01T00:00:00Z',
      token: 'fixed',
      data: { id: 'p_1' },
    });
    expect(headers['x-service-signature']).toBe(computeSignature('s3cret', '2024-01-01T00:00:00Z', 'fixed'));
    const clock = new ManualClock('2024-01-01T00:01:00Z');
    expect(verifyDelivery(body, headers, { secret: 's3cret', clock })).toMatchObject({
      ok: true,
      event: { type: 'product_soldout' },
    });
  });

  it('takes the same secret option as the handler: one secret or a rotation list (signs with the first)', () => {
    const { body, headers } = signTestDelivery(['new-key', 'old-key'], { id: 'x' });
    expect(verifyDelivery(body, headers, { secret: 'new-key' }).ok).toBe(true);
    expect(verifyDelivery(body, headers, { secret: 'old-key' })).toMatchObject({
      ok: false,
      reason: 'invalid_signature',
    });
    expect(verifyDelivery(body, headers, { secret: ['old-key', 'new-key'] }).ok).toBe(true);
    expect(() => signTestDelivery([], { id: 'x' })).toThrow(/empty/);
  });

  it('can send a wrong signature on purpose and uses fresh tokens', () => {
    const bad = signTestDelivery('s3cret', { id: 'x' }, { signature: 'AAAA' });
    expect(verifyDelivery(bad.body, bad.headers, { secret: 's3cret' })).toMatchObject({
      ok: false,
      reason: 'invalid_signature',
    });
    const a = signTestDelivery('s3cret', { id: 'x' });
    const b = signTestDelivery('s3cret', { id: 'x' });
    expect(a.payload['token']).not.toBe(b.payload['token']);
  });

  it('takes its default timestamp from a clock, and lives only in the /testing entry (with ManualClock)', () => {
    const clock = new ManualClock('2030-05-01T00:00:00.900Z');
    const { payload } = signTestDelivery('s', { id: 'x' }, { clock });
    expect(payload['timestamp']).toBe(String(Date.parse('2030-05-01T00:00:00Z') / 1000));
    expect(Object.keys(testing).sort()).toEqual(['ManualClock', 'signTestDelivery']);
    expect('signTestDelivery' in main).toBe(false);
    expect('ManualClock' in main).toBe(false);
  });
});
