/**
 * Reading the inputs of the control operations. One reader serves the JavaScript API (camelCase keys)
 * and the HTTP control API (the same keys in snake_case); a bad value is a 400 refusal naming
 * the field (`invalidInput`), answered by the HTTP app or turned into a `SandboxControlError`.
 */
import { isRecord } from '@commerce-kit/internal/is-record';
import { invalidInput } from '../refusal.js';

/** The fields of an input object, by their camelCase names; unknown fields are refused. */
export class InputReader {
  readonly #values: Record<string, unknown>;
  readonly #snake: boolean;
  readonly #seen = new Set<string>();

  /** @param snakeCase read `retry_after` for `retryAfter` (the HTTP API's naming) */
  constructor(input: unknown, snakeCase: boolean, what: string) {
    if (!isRecord(input)) throw invalidInput(what, 'must be an object');
    this.#values = input;
    this.#snake = snakeCase;
  }

  /** The name the caller used for `key`. */
  name(key: string): string {
    return this.#snake ? key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : key;
  }

  #get(key: string): unknown {
    const name = this.name(key);
    this.#seen.add(name);
    return Object.hasOwn(this.#values, name) ? this.#values[name] : undefined;
  }

  integer(key: string, min: number, max: number): number | undefined {
    const value = this.#get(key);
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
      throw invalidInput(this.name(key), `must be an integer from ${min} to ${max}`);
    }
    return value;
  }

  boolean(key: string): boolean | undefined {
    const value = this.#get(key);
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') throw invalidInput(this.name(key), 'must be true or false');
    return value;
  }

  string(key: string, maxLength = 2048): string | undefined {
    const value = this.#get(key);
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value === '' || value.length > maxLength) {
      throw invalidInput(this.name(key), `must be a non-empty string of at most ${maxLength} characters`);
    }
    return value;
  }

  oneOf<T extends string | number>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.#get(key);
    if (value === undefined) return undefined;
    if (!allowed.includes(value as T))
      throw invalidInput(this.name(key), `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`);
    return value as T;
  }

  raw(key: string): unknown {
    return this.#get(key);
  }

  /** Refuses any field not read so far. */
  done(): void {
    for (const name of Object.keys(this.#values)) {
      if (!this.#seen.has(name)) throw invalidInput(name, 'is not a known field');
    }
  }
}
