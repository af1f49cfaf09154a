/** Options of the mock generator, and turning them into the values generation uses. */
import { MockConfigError } from './errors.js';
import { parseDate, startOfUtcDay } from './text.js';

/** Options of {@link generateMockData}. */
export interface MockOptions {
  /**
   * Seed of the fake-data generator: an integer (safe integer range). The same config, seed and `now`
   * give byte-identical output; another seed changes every generated part (configured values stay).
   */
  seed: number;
  /**
   * The generation's "current date": the default `publishedTime` of articles, and the reference generated
   * dates are placed before. A `Date`, epoch milliseconds, or a string convertible to a date. Default:
   * the start (00:00 UTC) of the current day, so repeated runs on one day give identical output; pass a
   * fixed value for output that is identical on every day.
   */
  now?: Date | number | string;
}

/** {@link MockOptions} checked and resolved. */
export interface ResolvedMockOptions {
  /** The seed as faker's seed array: low and high 32 bits (faker folds larger numbers to 32 bits). */
  readonly seedWords: readonly [number, number];
  /** `now` in epoch milliseconds. */
  readonly now: number;
}

const TWO_32 = 2 ** 32;

/** Checks and resolves the options; a bad `seed` or `now` is a {@link MockConfigError}. */
export function resolveOptions(options: MockOptions, clock: () => number = Date.now): ResolvedMockOptions {
  const { seed, now } = (options ?? {}) as Partial<MockOptions>; // JS callers may omit the options
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) {
    throw new MockConfigError(`seed must be a safe integer, got ${describe(seed)}`, [
      { severity: 'error', code: 'invalid-value', pointer: '', message: `seed must be a safe integer, got ${describe(seed)}` },
    ]);
  }
  const unsigned = seed < 0 ? -seed * 2 + 1 : seed * 2; // keeps 1 and -1 apart after the split
  const seedWords = [unsigned % TWO_32, Math.floor(unsigned / TWO_32)] as const;
  return { seedWords, now: resolveNow(now, clock) };
}

function resolveNow(now: MockOptions['now'], clock: () => number): number {
  if (now === undefined) return startOfUtcDay(clock());
  const ms = now instanceof Date ? now.getTime() : typeof now === 'number' ? now : parseDate(String(now));
  if (ms === undefined || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) {
    const message = `now must be a date, epoch milliseconds or a string convertible to a date, got ${describe(now)}`;
    throw new MockConfigError(message, [{ severity: 'error', code: 'invalid-value', pointer: '', message }]);
  }
  return ms;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value instanceof Date) return 'an invalid Date';
  return String(value);
}
