/**
 * Checks of options shared by the adapters, each failing with `RedisAdapterConfigurationError`.
 * @internal
 */
import { resolveClock as resolveAnyClock, type Clock } from '@commerce-kit/internal/clock';
import { RedisAdapterConfigurationError } from './errors/redis-adapter-error.js';

/** The default first part of every key the adapters write. */
export const DEFAULT_KEY_PREFIX = 'commerce-kit';

export function requireObject(options: unknown, owner: string, shape: string): void {
  if (typeof options !== 'object' || options === null)
    throw new RedisAdapterConfigurationError(`${owner} needs options (${shape})`);
}

export function resolveClock(value: unknown, owner: string): Clock {
  return resolveAnyClock(value, (message) => new RedisAdapterConfigurationError(`${owner}: ${message}`));
}

export function keyPrefix(value: unknown, owner: string): string {
  if (value === undefined) return DEFAULT_KEY_PREFIX;
  if (typeof value !== 'string' || value === '' || /[{}\s]/.test(value)) {
    throw new RedisAdapterConfigurationError(`${owner}: keyPrefix must be a non-empty string without spaces or braces`);
  }
  return value;
}

/** A number option: `min <= value` (an integer when `integer`), or the fallback when absent. */
export function numberOption(
  value: unknown,
  fallback: number,
  name: string,
  owner: string,
  min: number,
  integer = true,
): number {
  const n = value ?? fallback;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < min || (integer && !Number.isSafeInteger(n))) {
    throw new RedisAdapterConfigurationError(
      `${owner}: ${name} must be ${integer ? 'an integer' : 'a number'} >= ${min} (got ${String(value)})`,
    );
  }
  return n;
}

export function functionOption<F>(value: F | undefined, name: string, owner: string): F | undefined {
  if (value !== undefined && typeof value !== 'function')
    throw new RedisAdapterConfigurationError(`${owner}: ${name} must be a function`);
  return value;
}
