/**
 * The house policy for dangerous JSON keys, with secure-json-parse's semantics: a `__proto__` key,
 * and a `constructor` key whose value is an object with a `prototype` key, are the only keys treated
 * as dangerous (they poison a prototype when the value is later merged or copied). Every other key,
 * `constructor` or `prototype` with ordinary values included, is data and is kept.
 *
 * Each package picks one action per input: `'error'` for input a user hands us (request bodies,
 * config files), `'remove'` for data received from the platform (a response or delivery must not be
 * lost for one hostile key).
 */
import { isRecord } from './is-record.js';

/** What to do when a dangerous key is found. */
export type DangerousKeyAction = 'error' | 'remove';

/** A dangerous key: where it is (JSON pointer of the key itself) and which one. */
export interface DangerousKey {
  /** JSON pointer (RFC 6901) of the dangerous property, e.g. `/data/__proto__`. */
  readonly pointer: string;
  /** `__proto__`, or `constructor` (whose value holds a `prototype` key). */
  readonly key: '__proto__' | 'constructor';
}

/** Outcome of {@link parseJson}. */
export type ParseJsonResult =
  | { readonly ok: true; readonly value: unknown; readonly removed: readonly DangerousKey[] }
  | { readonly ok: false; readonly reason: 'syntax'; readonly message: string }
  | { readonly ok: false; readonly reason: 'dangerous_key'; readonly message: string; readonly key: DangerousKey };

const hasOwn = (value: object, key: string): boolean => Object.hasOwn(value, key);

/** RFC 6901 escaping of one reference token. */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Whether one property (`key` holding `value`) is dangerous under the policy: `__proto__`, or
 * `constructor` whose value is an object with a `prototype` key. For parsers that build objects key by
 * key and must decide before assigning.
 */
export function isDangerousEntry(key: string, value: unknown): key is '__proto__' | 'constructor' {
  if (key === '__proto__') return true;
  return key === 'constructor' && typeof value === 'object' && value !== null && hasOwn(value, 'prototype');
}

function dangerousKeysOf(node: Record<string, unknown>): Array<'__proto__' | 'constructor'> {
  const keys: Array<'__proto__' | 'constructor'> = [];
  if (hasOwn(node, '__proto__')) keys.push('__proto__');
  if (hasOwn(node, 'constructor') && isDangerousEntry('constructor', node['constructor'])) keys.push('constructor');
  return keys;
}

/**
 * Walks `value` (iteratively: any depth) and reports every dangerous key; with `remove`, deletes
 * each one found (and does not look inside what it deletes).
 */
export function scanDangerousKeys(
  value: unknown,
  options: { readonly remove?: boolean | undefined; readonly first?: boolean | undefined } = {},
): DangerousKey[] {
  const found: DangerousKey[] = [];
  const stack: Array<{ node: unknown; pointer: string }> = [{ node: value, pointer: '' }];
  while (stack.length > 0) {
    const { node, pointer } = stack.pop()!;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        const item: unknown = node[i];
        if (typeof item === 'object' && item !== null) stack.push({ node: item, pointer: `${pointer}/${i}` });
      }
      continue;
    }
    if (!isRecord(node)) continue;
    for (const key of dangerousKeysOf(node)) {
      found.push({ pointer: `${pointer}/${escapePointerToken(key)}`, key });
      if (options.first) return found;
      if (options.remove) delete node[key];
    }
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const child = node[key];
      if (typeof child === 'object' && child !== null)
        stack.push({ node: child, pointer: `${pointer}/${escapePointerToken(key)}` });
    }
  }
  return found;
}

// No `__proto__`/`constructor` and no \u escape that could spell one: nothing to scan.
const MAY_HOLD_DANGEROUS_KEY = /__proto__|constructor|\\u/;

/**
 * `JSON.parse` under the house policy; never throws. A syntax error or (with `'error'`) a dangerous
 * key is a failed result saying which; with `'remove'` the keys are deleted and listed in `removed`.
 */
export function parseJson(text: string, action: DangerousKeyAction): ParseJsonResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: 'syntax', message: error instanceof Error ? error.message : String(error) };
  }
  if (typeof value !== 'object' || value === null || !MAY_HOLD_DANGEROUS_KEY.test(text))
    return { ok: true, value, removed: [] };
  if (action === 'error') {
    const [key] = scanDangerousKeys(value, { first: true });
    if (key !== undefined) {
      return { ok: false, reason: 'dangerous_key', key, message: dangerousKeyMessage(key) };
    }
    return { ok: true, value, removed: [] };
  }
  return { ok: true, value, removed: scanDangerousKeys(value, { remove: true }) };
}

/** The message for a refused dangerous key (the same words in every package). */
export function dangerousKeyMessage(key: DangerousKey): string {
  const what = key.key === '__proto__' ? 'a "__proto__" key' : 'a "constructor" object with a "prototype" key';
  return `${what} at ${key.pointer === '' ? 'the top level' : key.pointer} is not allowed (it could pollute object prototypes)`;
}
