/**
 * `@commerce-kit/api-client/testing`: helpers for your tests.
 *
 * @packageDocumentation
 */
export { ManualClock } from './manual-clock.js';
export { resetSharedRateLimiters } from './shared-rate-limiters.js';
