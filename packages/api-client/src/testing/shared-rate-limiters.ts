/**
 * `resetSharedRateLimiters` of `@commerce-kit/api-client/testing`.
 */
import { sharedMemoryStore } from '../rate-limit/store.js';

/**
 * Forgets every count and pause of the rate-limit store that clients of this process share by default,
 * so one test's requests do not slow the next one down. Stores you passed as `rateLimit.store` are not
 * touched.
 */
export function resetSharedRateLimiters(): void {
  sharedMemoryStore().clear();
}
