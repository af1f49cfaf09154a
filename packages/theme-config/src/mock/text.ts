/** Dates: the deterministic, locale-independent derivations the mock output needs (slugs: `@commerce-kit/internal/slug`). */

// ISO date-only forms: JavaScript already reads these as UTC.
const ISO_DATE_ONLY = /^\d{4}(?:-\d{2}(?:-\d{2})?)?$/;
// An explicit zone at the end: `Z`, `+02:00`, `+0200`, `GMT`, `UTC`, or one of the US zone names
// JavaScript's parser knows (`EST`, `PDT`, ...), optionally followed by a `(name)`.
const EXPLICIT_ZONE = /(?:\dZ|[+-]\d{2}:?\d{2}|\b(?:GMT|UTC|UT|[ECMP][SD]T)(?:[+-]\d{1,4})?)\s*(?:\([^)]*\))?$/i;

/**
 * Milliseconds since the epoch of a string convertible to a date, or `undefined` when it is not.
 * A date-time without a zone (`2024-03-01T10:00`, `March 10, 2024`) is read as UTC, not in the machine's
 * time zone, so the output is the same on every machine.
 */
export function parseDate(value: string): number | undefined {
  const text = value.trim();
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) return undefined;
  if (ISO_DATE_ONLY.test(text) || EXPLICIT_ZONE.test(text)) return ms;
  // Read in local time: shift by that instant's local offset to get the same wall-clock time in UTC.
  return ms - new Date(ms).getTimezoneOffset() * 60_000;
}

/** A date as ISO 8601 UTC (`2024-05-01T10:00:00.000Z`). */
export function toIso(ms: number): string {
  return new Date(ms).toISOString();
}

const DAY_MS = 86_400_000;

/** Start (00:00:00.000 UTC) of the day containing `ms`. */
export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}
