import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareStreamIds, readAutoClaimReply, readGroupReply } from '../src/webhooks/queue/stream-replies.js';

describe('stream replies', () => {
  it('orders stream ids as Redis does (milliseconds, then sequence), beyond 2^53', () => {
    const id = fc.tuple(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }));
    fc.assert(
      fc.property(id, id, ([aMs, aSeq], [bMs, bSeq]) => {
        const expected = aMs === bMs ? (aSeq === bSeq ? 0 : aSeq < bSeq ? -1 : 1) : aMs < bMs ? -1 : 1;
        expect(compareStreamIds(`${aMs}-${aSeq}`, `${bMs}-${bSeq}`)).toBe(expected);
      }),
    );
    expect(compareStreamIds('10-0', '9-5')).toBe(1);
  });

  it('reads XREADGROUP and XAUTOCLAIM replies, skipping what is not an entry', () => {
    const entry = ['1-0', ['user', 'u', 'event', '{}', 'odd']];
    expect(readGroupReply([['s', [entry, null, ['2-0', 'not fields']]]])).toEqual([
      { id: '1-0', fields: { user: 'u', event: '{}' } },
    ]);
    expect(readGroupReply(null)).toEqual([]);
    expect(readAutoClaimReply(['3-0', [entry, null], []])).toEqual({
      next: '3-0',
      entries: [{ id: '1-0', fields: { user: 'u', event: '{}' } }],
    });
    expect(readAutoClaimReply('nonsense')).toEqual({ next: '0-0', entries: [] });
  });

  it('field names are data, not prototype keys', () => {
    const [read] = readGroupReply([['s', [['1-0', ['__proto__', 'x', 'constructor', 'y']]]]]);
    expect(Object.getPrototypeOf(read?.fields)).toBeNull();
    // biome-ignore lint/suspicious/noProto: reads the own data key "__proto__" of a null-prototype record, the point of this test.
    expect(read?.fields['__proto__']).toBe('x');
  });
});
