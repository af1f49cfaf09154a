/** Random credentials, their digests, and comparisons that take the same time whatever the input. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** `prefix` + 32 random bytes as base64url (256 bits). */
export function randomSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** Hex SHA-256: how codes and tokens are stored and looked up. */
export function digest(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * Constant-time equality of two strings. Both sides are hashed first, so the comparison is over equal
 * lengths and leaks neither the secret's length nor where the first difference is.
 */
export function secretEquals(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}
