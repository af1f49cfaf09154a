import { WebhookConfigurationError } from './errors.js';

/** Default replay window: a delivery's timestamp may be at most this far in the past or future. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const UNIX_SECONDS = /^[0-9]{1,15}$/;
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * Parses a delivery timestamp strictly, returning milliseconds since the epoch or `undefined`.
 * Accepted: Unix seconds written with digits only (`1700000000`), or ISO 8601 date-time with
 * seconds and an explicit offset (`2024-05-01T12:34:56Z`, `2024-05-01T12:34:56.789+02:00`).
 * Refused: signs, spaces, decimals, exponents, milliseconds-as-digits beyond 15 digits, dates
 * without an offset (their meaning depends on the receiver's time zone), impossible dates.
 *
 * @example
 * ```ts
 * import { parseTimestamp } from '@commerce-kit/webhooks';
 * parseTimestamp('1700000000'); // 1700000000000
 * parseTimestamp('2023-11-14T22:13:20Z'); // 1700000000000
 * parseTimestamp('1700000000.5'); // undefined
 * ```
 */
export function parseTimestamp(value: string): number | undefined {
  if (typeof value !== 'string') return undefined;
  if (UNIX_SECONDS.test(value)) return Number(value) * 1000;
  const m = ISO_8601.exec(value);
  if (m === null) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [
    number, number, number, number, number, number,
  ];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 31 February over into March; a round trip exposes that.
  if (new Date(utc).getUTCDate() !== day) return undefined;
  const fraction = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000);
  let offsetMinutes = 0;
  if (m[8] !== 'Z') {
    const offsetHours = Number(m[10]);
    const offsetMins = Number(m[11]);
    if (offsetHours > 23 || offsetMins > 59) return undefined;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  return utc + fraction - offsetMinutes * 60_000;
}

/**
 * Validates a `toleranceSeconds` option: a finite number >= 0, or `false` (or `Infinity`) to switch
 * the window off (only ever when asked for explicitly; 0 means "this very second", not "off"). `undefined` means the default of 300 seconds.
 * @internal
 */
export function resolveTolerance(tolerance: number | false | undefined): number | false {
  if (tolerance === undefined) return DEFAULT_TOLERANCE_SECONDS;
  if (tolerance === false || tolerance === Number.POSITIVE_INFINITY) return false;
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0) {
    throw new WebhookConfigurationError(
      'toleranceSeconds must be a number of seconds >= 0, or false (or Infinity) to disable the replay window',
    );
  }
  return tolerance;
}

/**
 * True when `timestampMs` lies within `toleranceSeconds` of `nowMs` on either side. Both sides
 * matter: with no separator between timestamp and token, moving digits from the token onto the
 * timestamp keeps the signature valid and produces a far-future timestamp.
 *
 * @example
 * ```ts
 * import { isWithinTolerance } from '@commerce-kit/webhooks';
 * isWithinTolerance(1700000000000, 1700000100000, 300); // true
 * isWithinTolerance(17000000001000, 1700000000000, 300); // false: far future
 * ```
 */
export function isWithinTolerance(timestampMs: number, nowMs: number, toleranceSeconds: number): boolean {
  return Math.abs(nowMs - timestampMs) <= toleranceSeconds * 1000;
}
