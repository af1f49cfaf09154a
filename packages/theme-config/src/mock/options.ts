/** Options of the mock generator, and turning them into the values generation uses. */
import { isClock, type Clock, systemClock } from '@commerce-kit/internal/clock';
import { ThemeConfigConfigurationError } from '../errors.js';
import { parseDate, startOfUtcDay } from './text.js';

/** Options of `generateMockData` (and of the writers, through `WriteMockOptions`). */
export interface MockOptions {
  /**
   * Seed of the fake-data generator: an integer (safe integer range). The same config, seed and date
   * give byte-identical output; another seed changes every generated part (configured values stay).
   */
  readonly seed: number;
  /**
   * Where the generation's "current date" comes from: the default `publishedTime` of articles, and the
   * date generated articles are placed before.
   *
   * - a `Clock` (default: the system clock): the start (00:00 UTC) of its current day, so repeated runs
   *   on one day give identical output;
   * - a fixed date (a `Date`, epoch milliseconds, or a string convertible to a date; a string without a
   *   zone is read as UTC): used as it is, for output that is identical on every day.
   */
  readonly clock?: Clock | Date | number | string | undefined;
}

/** {@link MockOptions} checked and resolved. */
export interface ResolvedMockOptions {
  /** The seed as faker's seed array: low and high 32 bits (faker folds larger numbers to 32 bits). */
  readonly seedWords: readonly [number, number];
  /** The "current date" in epoch milliseconds. */
  readonly now: number;
}

const TWO_32 = 2 ** 32;
/** The range of a JavaScript `Date`. */
const MAX_DATE_MS = 8.64e15;

/** Checks and resolves the options; a bad `seed` or `clock` is a {@link ThemeConfigConfigurationError}. */
export function resolveOptions(options: MockOptions): ResolvedMockOptions {
  const { seed, clock } = (options ?? {}) as Partial<MockOptions>; // JS callers may omit the options
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) {
    throw new ThemeConfigConfigurationError(`seed must be a safe integer, got ${describe(seed)}`);
  }
  const unsigned = seed < 0 ? -seed * 2 + 1 : seed * 2; // keeps 1 and -1 apart after the split
  const seedWords = [unsigned % TWO_32, Math.floor(unsigned / TWO_32)] as const;
  return { seedWords, now: resolveNow(clock) };
}

function resolveNow(clock: MockOptions['clock']): number {
  if (clock === undefined) return startOfUtcDay(systemClock.now());
  if (isClock(clock)) {
    const now = clock.now();
    if (typeof now === 'number' && Number.isFinite(now) && Math.abs(now) <= MAX_DATE_MS) return startOfUtcDay(now);
    throw new ThemeConfigConfigurationError(
      `clock.now() must return milliseconds since the epoch, got ${describe(now)}`,
    );
  }
  const ms =
    clock instanceof Date
      ? clock.getTime()
      : typeof clock === 'number'
        ? clock
        : typeof clock === 'string'
          ? parseDate(clock)
          : undefined;
  if (ms === undefined || !Number.isFinite(ms) || Math.abs(ms) > MAX_DATE_MS) {
    throw new ThemeConfigConfigurationError(
      `clock must be a Clock (now() and sleep()) or a fixed date (a Date, epoch milliseconds or a string convertible to a date), got ${describe(clock)}`,
    );
  }
  return ms;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value instanceof Date) return 'an invalid Date';
  if (typeof value === 'object' && value !== null) return 'an object';
  return String(value);
}
