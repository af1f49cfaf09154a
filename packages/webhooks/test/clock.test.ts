/**
 * The injectable clock (`now`, alias `clock`) in its accepted shapes, the real clock read lazily
 * (fake timers installed after a handler was created still apply), and the spec's example
 * delivery verified with a clock set to its timestamp.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import {
  createWebhookHandler,
  MemoryIdempotencyStore,
  verifyDelivery,
  WebhookConfigurationError,
  type WebhookClock,
} from '../src/index.js';
import { signTestDelivery } from '../src/testing.js';

const SPEC = join(dirname(fileURLToPath(import.meta.url)), '../../../specs/openapi.yaml');

interface SpecExample {
  readonly summary: string;
  readonly description: string;
  readonly value: { readonly timestamp: string; readonly token: string; readonly data: { readonly id: string } };
}

function specExample() {
  const spec = parse(readFileSync(SPEC, 'utf8')) as { components: { examples: Record<string, SpecExample> } };
  const example = spec.components.examples['WebhookDelivery']!;
  const secret = /`([^`]+)`/.exec(example.summary)![1]!;
  const signature = /x-service-signature: ([A-Za-z0-9+/=]+)/.exec(example.description)![1]!;
  return { secret, signature, payload: example.value };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the example delivery of specs/openapi.yaml', () => {
  const { secret, signature, payload } = specExample();
  const at = Number(payload.timestamp) * 1000;

  it('verifies with a clock at its timestamp, in every clock shape', () => {
    const clocks: WebhookClock[] = [() => at + 1000, () => new Date(at - 1000), at, new Date(at)];
    for (const now of clocks) {
      const result = verifyDelivery(JSON.stringify(payload), { 'x-service-signature': signature }, { secret, now });
      expect(result).toMatchObject({ ok: true, event: { data: { id: payload.data.id }, token: payload.token } });
    }
    expect(verifyDelivery(payload, { HTTP_X_SERVICE_SIGNATURE: signature }, { secret, clock: () => at }).ok).toBe(true);
  });

  it('is stale by default today and a little over the window on either side', () => {
    const headers = { 'x-service-signature': signature };
    expect(verifyDelivery(payload, headers, { secret, now: at + 301_000 })).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    expect(verifyDelivery(payload, headers, { secret, now: at - 301_000 })).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    expect(verifyDelivery(payload, headers, { secret, now: at + 300_000 }).ok).toBe(true);
    expect(verifyDelivery(payload, headers, { secret, now: at - 300_000 }).ok).toBe(true);
  });

  it('follows fake timers (vi.setSystemTime) when no clock is given', () => {
    vi.useFakeTimers();
    vi.setSystemTime(at + 5_000);
    expect(verifyDelivery(payload, { 'x-service-signature': signature }, { secret }).ok).toBe(true);
  });
});

describe('clock options', () => {
  it('refuses a clock that gives no time, and two different clocks', () => {
    const { body, headers } = signTestDelivery('s', { id: 'x' }, { timestamp: '1700000000' });
    const bad = [Number.NaN, new Date('nope'), () => 'soon' as unknown as number];
    for (const now of bad) {
      expect(() => verifyDelivery(body, headers, { secret: 's', now })).toThrow(WebhookConfigurationError);
    }
    expect(() => verifyDelivery(body, headers, { secret: 's', now: 1, clock: 2 })).toThrow(WebhookConfigurationError);
  });

  it('MemoryIdempotencyStore and signTestDelivery take the same clock shapes', () => {
    const store = new MemoryIdempotencyStore({ now: new Date(1_000_000) });
    expect(store.claim('k', 10)).toBe(true);
    expect(store.claim('k', 10)).toBe(false);
    const { payload } = signTestDelivery('s', { id: 'x' }, { now: () => new Date(1_700_000_000_500) });
    expect(payload['timestamp']).toBe('1700000000');
  });

  it('a handler created before fake timers were installed follows them (window and store)', async () => {
    const seen: string[] = [];
    const handler = createWebhookHandler({ secret: 's', onEvent: (event) => void seen.push(event.data.id) });
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const fresh = signTestDelivery('s', { id: 'cus_1' }, { timestamp: '2030-01-01T00:01:00Z' });
    expect((await handler.handle(fresh.body, fresh.headers)).status).toBe(200);
    expect((await handler.handle(fresh.body, fresh.headers)).body).toEqual({ received: true, duplicate: true });
    vi.setSystemTime(new Date('2030-01-01T00:07:00Z'));
    expect((await handler.handle(fresh.body, fresh.headers)).body).toEqual({ received: false, reason: 'stale_timestamp' });
    await handler.close();
    expect(seen).toEqual(['cus_1']);
  });
});
