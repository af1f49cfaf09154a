import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageInstants, parseTimestamp } from '../src/timestamp.js';

const T = 1_700_000_000_000; // 2023-11-14T22:13:20Z

describe('parseTimestamp', () => {
  it.each([
    ['1700000000', T],
    ['0', 0],
    ['0001700000000', T],
    ['1700000000.5', T + 500],
    ['1700000000.123456', T + 123],
    ['1700000000000', T],
    ['1700000000123', T + 123],
    ['1700000000123.9', T + 123],
    ['1700000000123456', T + 123],
    ['1700000000123456789', T + 123],
    ['99999999999', 99_999_999_999_000],
    ['2023-11-14T22:13:20Z', T],
    ['2023-11-14T22:13:20.5Z', T + 500],
    ['2023-11-14T22:13:20.123456789Z', T + 123],
    ['2023-11-14T22:13:20,25Z', T + 250],
    ['2023-11-15T00:13:20+02:00', T],
    ['2023-11-15T00:13:20+0200', T],
    ['2023-11-15T00:13:20+02', T],
    ['2023-11-14T17:13:20-05:00', T],
    ['2023-11-14t22:13:20z', T],
    ['2023-11-14 22:13:20Z', T],
    ['2023-11-14T22:13:20', T],
    ['2023-11-14T22:13Z', T - 20_000],
    ['2016-12-31T23:59:60Z', Date.UTC(2017, 0, 1)],
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
    '1700000000.',
    '.5',
    '1.7e9',
    '0x6553f100',
    '123456789012345678901',
    '１７００００００００',
    '2023-11-14',
    '2023-11-14T22',
    '20231114T221320Z',
    'Tue, 14 Nov 2023 22:13:20 GMT',
    '2023-02-29T00:00:00Z',
    '2023-13-01T00:00:00Z',
    '2023-11-31T00:00:00Z',
    '2023-11-14T24:00:00Z',
    '2023-11-14T22:60:00Z',
    '2023-11-14T22:13:61Z',
    '2023-11-14T22:13:20+24:00',
    '2023-11-14T22:13:20.Z',
    '2023-11-14T22:13:20Zjunk',
    '0099-01-01T00:00:00Z',
  ])('refuses %j', (text) => {
    expect(parseTimestamp(text)).toBeUndefined();
  });

  it('round-trips any ISO string produced by Date#toISOString', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
        (date) => {
          expect(parseTimestamp(date.toISOString())).toBe(date.getTime());
        },
      ),
    );
  });

  it('reads the unit of Unix time from its size: seconds, milliseconds, microseconds, nanoseconds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000_000_000, max: 99_999_999_999 }),
        fc.integer({ min: 0, max: 999 }),
        (seconds, ms) => {
          const exact = seconds * 1000 + ms;
          expect(parseTimestamp(String(seconds))).toBe(seconds * 1000);
          expect(parseTimestamp(String(exact))).toBe(exact);
          expect(parseTimestamp(`${exact}456`)).toBe(exact);
          expect(parseTimestamp(`${exact}456789`)).toBe(exact);
        },
      ),
    );
  });
});

describe('messageInstants (the readings of a signed message)', () => {
  it('reads the longest ISO date-time at the start, or every leading digit run of 10 or more significant digits', () => {
    expect(messageInstants('2023-11-14T22:13:20Ztok')).toEqual([T]);
    expect(messageInstants('2023-11-14T22:13:20+01:00abc')).toEqual([T - 3_600_000]);
    expect(messageInstants('1700000000abc')).toEqual([T]);
    expect(messageInstants('1700000000123abc')).toEqual([T, 17_000_000_001_000, 170_000_000_012, T + 123]);
    expect(messageInstants('00001700000000x')).toEqual([T]);
    expect(messageInstants('170000000abc')).toEqual([]);
    expect(messageInstants('Tue, 14 Nov 2023')).toEqual([]);
    expect(messageInstants('14 Nov 2023 22:13:20 GMT')).toEqual([]);
  });

  it('every reading that differs from the genuine one by a unit shift lands decades away', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }),
        fc.stringMatching(/^[0-9]{1,12}$/),
        (seconds, digits) => {
          const genuine = seconds * 1000;
          for (const reading of messageInstants(`${seconds}${digits}tok`)) {
            const distance = Math.abs(reading - genuine);
            expect(distance < 1000 || distance > 10 * 365 * 86_400_000).toBe(true);
          }
        },
      ),
    );
  });
});
