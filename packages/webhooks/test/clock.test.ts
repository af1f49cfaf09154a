/**
 * The one `clock` option (the house `Clock`): the verifier, the handler (replay window, store,
 * retry back-off, shutdown time limit, the acknowledgement wait) and test deliveries all read it;
 * the system clock follows fake timers; and the spec's example delivery verifies at its timestamp.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import {
  createWebhookHandler,
  MemoryIdempotencyStore,
  systemClock,
  verifyDelivery,
  WebhookConfigurationError,
  WebhookShutdownTimeoutError,
  type Clock,
} from '../src/index.js';
import { ManualClock, signTestDelivery } from '../src/testing/index.js';

const SPEC = join(dirname(fileURLToPath(import.meta.url)), '../../api-types/src/generated/openapi.yaml');

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
  const headers = { 'x-service-signature': signature };

  it('verifies with a clock at its timestamp', () => {
    const result = verifyDelivery(JSON.stringify(payload), headers, { secret, clock: new ManualClock(at + 1000) });
    expect(result).toMatchObject({
      ok: true,
      event: { data: { id: payload.data.id }, token: payload.token, timestampMs: at },
    });
    expect(
      verifyDelivery(payload, { HTTP_X_SERVICE_SIGNATURE: signature }, { secret, clock: new ManualClock(new Date(at)) })
        .ok,
    ).toBe(true);
  });

  it('is accepted for a day after its timestamp and five minutes before it, not beyond', () => {
    const check = (ms: number) => verifyDelivery(payload, headers, { secret, clock: new ManualClock(ms) });
    expect(check(at + 86_400_000).ok).toBe(true);
    expect(check(at - 300_000).ok).toBe(true);
    expect(check(at + 86_401_000)).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    expect(check(at - 301_000)).toMatchObject({ ok: false, reason: 'stale_timestamp' });
  });

  it('follows fake timers (vi.setSystemTime) when no clock is given', () => {
    vi.useFakeTimers();
    vi.setSystemTime(at + 5_000);
    expect(verifyDelivery(payload, headers, { secret }).ok).toBe(true);
  });
});

describe('the clock option', () => {
  it('takes only a Clock: functions, numbers and dates are configuration errors', () => {
    const { body, headers } = signTestDelivery('s', { id: 'x' }, { timestamp: '1700000000' });
    for (const clock of [() => 1_700_000_000_000, 1_700_000_000_000, new Date(), { now: () => 1 }, 'now']) {
      expect(() => verifyDelivery(body, headers, { secret: 's', clock: clock as never })).toThrow(
        WebhookConfigurationError,
      );
      expect(() => createWebhookHandler({ secret: 's', onEvent: () => {}, clock: clock as never })).toThrow(
        WebhookConfigurationError,
      );
      expect(() => new MemoryIdempotencyStore({ clock: clock as never })).toThrow(WebhookConfigurationError);
      expect(() => signTestDelivery('s', { id: 'x' }, { clock: clock as never })).toThrow(WebhookConfigurationError);
    }
    // The aliases of earlier versions are gone from the types.
    // @ts-expect-error: `now` is not an option
    verifyDelivery(body, headers, { secret: 's', now: () => 1 });
  });

  it('is the system clock by default, re-exported with its type', () => {
    const clock: Clock = systemClock;
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(1000);
    expect(new ManualClock(5).now()).toBe(5);
  });

  it('drives the handler: replay window, in-memory store, acknowledgement, retry back-off and shutdown limit', async () => {
    const clock = new ManualClock('2030-01-01T00:00:00Z');
    const attempts: number[] = [];
    const handler = createWebhookHandler({
      secret: 's',
      clock,
      retry: { retries: 2 },
      onError: () => {},
      onEvent: () => {
        attempts.push(clock.now());
        throw new Error('down');
      },
    });
    const fresh = signTestDelivery('s', { id: 'cus_1' }, { clock });
    expect((await handler.handle(fresh.body, fresh.headers)).status).toBe(200);
    expect((await handler.handle(fresh.body, fresh.headers)).body).toEqual({ received: true, duplicate: true });
    await clock.flush();
    expect(attempts).toEqual([clock.now()]); // the 0 ms acknowledgement wait resolved on the manual clock
    await clock.advance(499);
    expect(attempts).toHaveLength(1);
    await clock.advance(1);
    expect(attempts).toHaveLength(2);
    await clock.advance(1000);
    expect(attempts.map((t) => t - attempts[0]!)).toEqual([0, 500, 1500]);
    await handler.drain();

    // A day later the delivery is stale; its key was remembered for longer than that.
    await clock.advance(86_401_000);
    expect((await handler.handle(fresh.body, fresh.headers)).body).toEqual({
      received: false,
      reason: 'stale_timestamp',
    });

    // The shutdown limit is measured on the same clock.
    const hung = createWebhookHandler({ secret: 's', clock, onEvent: () => new Promise(() => {}) });
    const next = signTestDelivery('s', { id: 'cus_2' }, { clock });
    await hung.handle(next.body, next.headers);
    let settled: unknown;
    const closing = hung.close({ timeoutMs: 5_000 }).catch((error: unknown) => (settled = error));
    await clock.advance(4_999);
    expect(settled).toBeUndefined();
    await clock.advance(1);
    await closing;
    expect(settled).toBeInstanceOf(WebhookShutdownTimeoutError);
  });

  it('MemoryIdempotencyStore and signTestDelivery read the same clock', () => {
    const clock = new ManualClock(1_000_000);
    const store = new MemoryIdempotencyStore({ clock });
    expect(store.claim('k', 10)).toBe(true);
    expect(store.claim('k', 10)).toBe(false);
    const { payload } = signTestDelivery('s', { id: 'x' }, { clock: new ManualClock(1_700_000_000_500) });
    expect(payload['timestamp']).toBe('1700000000');
  });

  it('a handler created before fake timers were installed follows them (window, store and acknowledgement)', async () => {
    const seen: string[] = [];
    const handler = createWebhookHandler({ secret: 's', onEvent: (event) => void seen.push(event.data.id) });
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const fresh = signTestDelivery('s', { id: 'cus_1' }, { timestamp: '2030-01-01T00:01:00Z' });
    expect((await handler.handle(fresh.body, fresh.headers)).status).toBe(200);
    expect((await handler.handle(fresh.body, fresh.headers)).body).toEqual({ received: true, duplicate: true });
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(0); // the acknowledgement wait is a 0 ms timer
    expect(seen).toEqual(['cus_1']);
    vi.setSystemTime(new Date('2030-01-02T00:01:01Z'));
    expect((await handler.handle(fresh.body, fresh.headers)).body).toEqual({
      received: false,
      reason: 'stale_timestamp',
    });
    await handler.close();
  });
});
