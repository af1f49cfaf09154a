/**
 * JSON parsing for bodies that come from the network: never throws, and drops
 * the keys that could poison a prototype if the value were later merged into
 * another object (`__proto__`, `constructor`, `prototype`).
 */

const POISON_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Result of {@link safeJsonParse}. */
export type JsonParseResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

/** Parses `text` as JSON without throwing; poison keys are removed at every depth. */
export function safeJsonParse(text: string): JsonParseResult {
  try {
    return { ok: true, value: JSON.parse(text, (key, value: unknown) => (POISON_KEYS.has(key) ? undefined : value)) };
  } catch {
    return { ok: false };
  }
}

/** True for a non-null, non-array object. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
