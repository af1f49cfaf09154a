import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWithinTolerance, parseTimestamp } from '../src/index.js';

describe('parseTimestamp', () => {
  it.each([
    ['1700000000', 1_700_000_000_000],
    ['0', 0],
    ['0001700000000', 1_700_000_000_000],
    ['2023-11-14T22:13:20Z', 1_700_000_000_000],
    ['2023-11-14T22:13:20.5Z', 1_700_000_000_500],
    ['2023-11-14T22:13:20.123456789Z', 1_700_000_000_123],
    ['2023-11-15T00:13:20+02:00', 1_700_000_000_000],
    ['2023-11-14T17:13:20-05:00', 1_700_000_000_000],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
  ])('parses %s', (text, expected) => {
    expect(parseTimestamp(text)).toBe(expected);
  });

  it.each([
    '',
    ' 1700000000',
    '1700000000 ',
    '+1700000000',
    '-1700000000',
    '1700000000.0',
    '1.7e9',
    '0x6553f100',
    '1234567890123456',
    '１７００００００００',
    '2023-11-14T22:13:20',
    '2023-11-14 22:13:20Z',
    '2023-11-14',
    '2023-11-14t22:13:20z',
    '2023-02-29T00:00:00Z',
    '2023-13-01T00:00:00Z',
    '2023-11-31T00:00:00Z',
    '2023-11-14T24:00:00Z',
    '2023-11-14T22:60:00Z',
    '2023-11-14T22:13:60Z',
    '2023-11-14T22:13:20+24:00',
    '2023-11-14T22:13:20+0200',
    '2023-11-14T22:13:20.Z',
    '2023-11-14T22:13:20Zjunk',
  ])('refuses %j', (text) => {
    expect(parseTimestamp(text)).toBeUndefined();
  });

  it('round-trips any ISO string produced by Date#toISOString', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), (date) => {
        expect(parseTimestamp(date.toISOString())).toBe(date.getTime());
      }),
    );
  });

  it('parses any digit string of up to 15 digits as seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (seconds) => {
        expect(parseTimestamp(String(seconds))).toBe(seconds * 1000);
      }),
    );
  });
});

describe('isWithinTolerance', () => {
  const now = 1_700_000_000_000;
  it('is two-sided and inclusive', () => {
    expect(isWithinTolerance(now - 300_000, now, 300)).toBe(true);
    expect(isWithinTolerance(now + 300_000, now, 300)).toBe(true);
    expect(isWithinTolerance(now - 300_001, now, 300)).toBe(false);
    expect(isWithinTolerance(now + 300_001, now, 300)).toBe(false);
  });
});
