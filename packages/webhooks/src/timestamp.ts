/**
 * Reading delivery timestamps. The platform's API documentation types `timestamp` as a string and
 * shows no format, so three are understood: ISO 8601 date-times, and Unix time as digits, whose unit
 * (seconds, milliseconds, micro- or nanoseconds) follows from its size.
 */

// Unix time written with digits: the number of significant digits picks the unit. Seconds have 10
// digits from 2001 to 2286, milliseconds 13, and so on; every unit boundary is a factor of 1000,
// so appending 1 or 2 digits moves an instant by a factor of 10 or 100 (decades away), while 3
// digits keep it within one unit.
const NUMERIC = /^([0-9]+)(?:\.([0-9]+))?$/;
/** Fewest significant digits of a plausible platform timestamp: Unix seconds since 2001-09-09. */
export const MIN_TIMESTAMP_DIGITS = 10;
const MAX_TIMESTAMP_DIGITS = 20;

// ISO 8601 extended date-time (RFC 3339 and the common variants): `T`, `t` or a space between date
// and time, seconds and fraction optional, offset `Z`, `±hh`, `±hhmm` or `±hh:mm` optional (without
// one the time is UTC, as the platform's API documentation states for its timestamps).
const ISO_BODY = String.raw`(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?`;
const ISO_8601 = new RegExp(`^${ISO_BODY}$`);
const ISO_8601_PREFIX = new RegExp(`^${ISO_BODY}`);

/** Milliseconds of Unix time given as significant digits (no leading zeros) and a fraction. */
function unixDigitsToMs(digits: string, fraction: string | undefined): number | undefined {
  const length = digits.length;
  if (length > MAX_TIMESTAMP_DIGITS) return undefined;
  if (length <= 11) {
    const ms = Number(digits) * 1000;
    return fraction === undefined ? ms : ms + Math.floor(Number(`0.${fraction.slice(0, 3)}`) * 1000);
  }
  // Milliseconds, microseconds or nanoseconds: drop the sub-millisecond digits as text, so values
  // beyond 2^53 stay exact.
  const dropped = length <= 14 ? 0 : length <= 17 ? 3 : 6;
  return Number(digits.slice(0, length - dropped));
}

/**
 * Milliseconds of a timestamp written with digits only (the usual case, read in one pass), or
 * `undefined` for anything else, or for fewer than `minDigits` significant digits.
 * @internal
 */
export function unixTimeOfDigits(text: string, minDigits = 0): number | undefined {
  const length = text.length;
  if (length === 0 || length > MAX_TIMESTAMP_DIGITS + 10) return undefined;
  let value = 0;
  let digits = 0;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return undefined;
    if (digits > 0 || code !== 48) digits++;
    value = value * 10 + (code - 48);
  }
  if (digits < minDigits) return undefined;
  // Up to 14 significant digits the value is exact; longer ones are read as text.
  if (digits <= 11) return value * 1000;
  if (digits <= 14) return value;
  return unixDigitsToMs(significant(text), undefined);
}

function significant(digits: string): string {
  let start = 0;
  while (start < digits.length - 1 && digits.charCodeAt(start) === 48 /* 0 */) start++;
  return digits.slice(start);
}

function isoToMs(m: RegExpExecArray): number | undefined {
  const year = Number(m[1]);
  // Date.UTC maps years 0-99 to 19xx.
  if (year < 100) return undefined;
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  // 60 is a leap second (RFC 3339); Date.UTC rolls it into the next minute.
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 60) return undefined;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 31 February over into March; a round trip exposes that.
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return undefined;
  const fraction = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7].slice(0, 3)}`) * 1000);
  let offsetMinutes = 0;
  if (m[9] !== undefined) {
    const offsetHours = Number(m[10]);
    const offsetMins = m[11] === undefined ? 0 : Number(m[11]);
    if (offsetHours > 23 || offsetMins > 59) return undefined;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  return utc + fraction - offsetMinutes * 60_000;
}

/**
 * Parses a delivery timestamp, returning milliseconds since the epoch, or `undefined` for a format
 * it does not know.
 *
 * - Unix time as digits, with an optional decimal fraction; the unit follows from the number of
 *   significant digits: up to 11 seconds (`1700000000`), 12 to 14 milliseconds (`1700000000000`),
 *   15 to 17 microseconds, 18 to 20 nanoseconds.
 * - ISO 8601 date-times: `2023-11-14T22:13:20Z`, `2023-11-14T22:13:20.5+02:00`,
 *   `2023-11-14 22:13:20`, `2023-11-14T22:13`; without an offset the time is UTC.
 *
 * Anything else (signs, exponents, spaces around the value, impossible dates, other date
 * formats) is `undefined`.
 *
 * @example
 * ```ts
 * import { parseTimestamp } from '@commerce-kit/webhooks';
 * parseTimestamp('1700000000'); // 1700000000000
 * parseTimestamp('1700000000000'); // 1700000000000 (milliseconds)
 * parseTimestamp('2023-11-14T22:13:20Z'); // 1700000000000
 * parseTimestamp('Tue, 14 Nov 2023 22:13:20 GMT'); // undefined
 * ```
 */
export function parseTimestamp(value: string): number | undefined {
  if (typeof value !== 'string') return undefined;
  const digitsOnly = unixTimeOfDigits(value);
  if (digitsOnly !== undefined) return digitsOnly;
  const numeric = NUMERIC.exec(value);
  if (numeric !== null) return unixDigitsToMs(significant(numeric[1]!), numeric[2]);
  const iso = ISO_8601.exec(value);
  return iso === null ? undefined : isoToMs(iso);
}

/**
 * Every instant the beginning of the signed message `timestamp + token` can be read as: the
 * longest ISO 8601 date-time it starts with, and each run of at least
 * {@link MIN_TIMESTAMP_DIGITS} significant leading digits as Unix time. The list depends on the
 * message alone, not on where the payload splits it into timestamp and token, so moving characters
 * between the two can never change it.
 * @internal
 */
export function messageInstants(message: string): number[] {
  const instants: number[] = [];
  const iso = ISO_8601_PREFIX.exec(message);
  if (iso !== null) {
    const ms = isoToMs(iso);
    if (ms !== undefined) instants.push(ms);
    return instants;
  }
  let start = 0;
  while (message.charCodeAt(start) === 48 /* 0 */) start++;
  let end = start;
  while (end < message.length && end - start < MAX_TIMESTAMP_DIGITS) {
    const code = message.charCodeAt(end);
    if (code < 48 || code > 57) break;
    end++;
  }
  for (let stop = start + MIN_TIMESTAMP_DIGITS; stop <= end; stop++) {
    instants.push(unixDigitsToMs(message.slice(start, stop), undefined)!);
  }
  return instants;
}
