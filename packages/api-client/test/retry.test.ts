import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BASE_BACKOFF_MS,
  MAX_BACKOFF_MS,
  DEFAULT_MAX_RETRY_AFTER_SECONDS,
  backoffDelay,
  decideRetry,
  parseRetryAfter,
  type AttemptOutcome,
} from '../src/retry.js';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'get', 'post'] as const;
const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

const outcomeArb: fc.Arbitrary<AttemptOutcome> = fc.oneof(
  fc.record({
    kind: fc.constant('response' as const),
    status: fc.integer({ min: 100, max: 599 }),
    retryAfterMs: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: undefined }),
  }),
  fc.constant({ kind: 'network_error' as const }),
);

describe('decideRetry: exhaustive table', () => {
  const statuses = [200, 201, 204, 301, 400, 401, 403, 404, 409, 422, 429, 500, 502, 503, 504, 599];
  for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
    for (const status of statuses) {
      it(`${method} ${status}`, () => {
        const d = decideRetry({
          method,
          retriesSoFar: 0,
          maxRetries: 2,
          outcome: { kind: 'response', status },
          random: 0.5,
        });
        if (status < 400) expect(d).toEqual({ retry: false, reason: 'success' });
        else if (status === 429) expect(d).toMatchObject({ retry: true, reason: 'rate_limited' });
        else if (status >= 500) {
          if (IDEMPOTENT.has(method)) expect(d).toMatchObject({ retry: true, reason: 'server_error' });
          else expect(d).toEqual({ retry: false, reason: 'not_idempotent' });
        } else expect(d).toEqual({ retry: false, reason: 'not_retryable_status' });
      });
    }
    it(`${method} network error`, () => {
      const d = decideRetry({ method, retriesSoFar: 1, maxRetries: 2, outcome: { kind: 'network_error' }, random: 0 });
      if (IDEMPOTENT.has(method)) expect(d).toEqual({ retry: true, reason: 'network_error', delayMs: BASE_BACKOFF_MS });
      else expect(d).toEqual({ retry: false, reason: 'not_idempotent' });
    });
  }

  it('429 waits exactly Retry-After, for POST too', () => {
    expect(
      decideRetry({
        method: 'POST',
        retriesSoFar: 0,
        maxRetries: 1,
        outcome: { kind: 'response', status: 429, retryAfterMs: 3000 },
        random: 0.9,
      }),
    ).toEqual({
      retry: true,
      reason: 'rate_limited',
      delayMs: 3000,
    });
  });

  it('429 with a Retry-After beyond the cap (default 60 s, or maxRetryAfterMs) is not waited for', () => {
    const cap = DEFAULT_MAX_RETRY_AFTER_SECONDS * 1000;
    const at = (retryAfterMs: number, maxRetryAfterMs?: number) =>
      decideRetry({
        method: 'GET',
        retriesSoFar: 0,
        maxRetries: 5,
        outcome: { kind: 'response', status: 429, retryAfterMs },
        random: 0,
        maxRetryAfterMs,
      });
    expect(at(cap + 1)).toEqual({ retry: false, reason: 'retry_after_too_long' });
    expect(at(cap)).toEqual({ retry: true, reason: 'rate_limited', delayMs: cap });
    expect(at(cap + 1, 300_000)).toEqual({ retry: true, reason: 'rate_limited', delayMs: cap + 1 });
    expect(at(1, 0)).toEqual({ retry: false, reason: 'retry_after_too_long' });
  });

  it('429 without Retry-After falls back to the backoff', () => {
    expect(
      decideRetry({
        method: 'GET',
        retriesSoFar: 2,
        maxRetries: 5,
        outcome: { kind: 'response', status: 429 },
        random: 1,
      }),
    ).toEqual({
      retry: true,
      reason: 'rate_limited',
      delayMs: BASE_BACKOFF_MS * 4,
    });
  });

  it('maxRetries 0 never retries', () => {
    expect(
      decideRetry({
        method: 'GET',
        retriesSoFar: 0,
        maxRetries: 0,
        outcome: { kind: 'response', status: 503 },
        random: 0,
      }),
    ).toEqual({
      retry: false,
      reason: 'retries_exhausted',
    });
  });
});

describe('decideRetry: properties', () => {
  it('never retries POST after a 5xx or a network error', () => {
    fc.assert(
      fc.property(
        outcomeArb,
        fc.nat(10),
        fc.nat(10),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (outcome, retries, max, random) => {
          const d = decideRetry({ method: 'POST', retriesSoFar: retries, maxRetries: max, outcome, random });
          if (d.retry) expect(d.reason).toBe('rate_limited');
        },
      ),
    );
  });

  it('never retries more than maxRetries times, and delays are bounded and non-negative', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...METHODS),
        outcomeArb,
        fc.nat(10),
        fc.nat(10),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (method, outcome, retries, max, random) => {
          const d = decideRetry({ method, retriesSoFar: retries, maxRetries: max, outcome, random });
          if (retries >= max) expect(d.retry).toBe(false);
          if (d.retry) {
            expect(d.delayMs).toBeGreaterThanOrEqual(0);
            expect(d.delayMs).toBeLessThanOrEqual(Math.max(MAX_BACKOFF_MS, DEFAULT_MAX_RETRY_AFTER_SECONDS * 1000));
            expect(Number.isInteger(d.delayMs)).toBe(true);
          }
        },
      ),
    );
  });

  it('is a pure function of its input', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...METHODS),
        outcomeArb,
        fc.nat(5),
        fc.nat(5),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (method, outcome, retries, max, random) => {
          const input = { method, retriesSoFar: retries, maxRetries: max, outcome, random };
          expect(decideRetry(input)).toEqual(decideRetry(input));
        },
      ),
    );
  });

  it('backoff grows exponentially with jitter inside [step/2, step], capped', () => {
    fc.assert(
      fc.property(fc.nat(30), fc.double({ min: 0, max: 1, noNaN: true }), (n, random) => {
        const step = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** n);
        const d = backoffDelay(n, random);
        expect(d).toBeGreaterThanOrEqual(Math.floor(step / 2));
        expect(d).toBeLessThanOrEqual(step);
      }),
    );
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), (s) => {
        expect(parseRetryAfter(String(s), NOW)).toBe(s * 1000);
        expect(parseRetryAfter(` ${s} `, NOW)).toBe(s * 1000);
      }),
    );
    expect(parseRetryAfter('1.5', NOW)).toBe(1500);
  });

  it('reads HTTP dates relative to now, never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (deltaS) => {
        const date = new Date(NOW + deltaS * 1000).toUTCString();
        expect(parseRetryAfter(date, NOW)).toBe(Math.max(0, deltaS * 1000));
      }),
    );
  });

  it('gives undefined for absent or garbage values, and never throws', () => {
    for (const v of [null, undefined, '', '   ', '-1', '1e3', 'soon', '0x10', 'NaN', 'Infinity']) {
      expect(parseRetryAfter(v, NOW)).toBeUndefined();
    }
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = parseRetryAfter(s, NOW);
        expect(r === undefined || (Number.isFinite(r) && r >= 0)).toBe(true);
      }),
    );
  });
});
