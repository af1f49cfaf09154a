/**
 * `@commerce-kit/api-client/testing`: helpers for your tests.
 *
 * @packageDocumentation
 */
import { sharedMemoryStore } from './rate-limit/store.js';

export { ManualClock } from '@commerce-kit/internal/manual-clock';

/**
 * Forgets every count and pause of the rate-limit store that clients of this process share by default,
 * so one test's requests do not slow the next one down. Stores you passed as `rateLimit.store` are not
 * touched.
 */
export function resetSharedRateLimiters(): void {
  sharedMemoryStore().clear();
}
