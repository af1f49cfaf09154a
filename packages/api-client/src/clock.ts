/**
 * Time, injectable: every wait in the client (backoff, `Retry-After`, the rate limiter, token expiry)
 * goes through a {@link Clock}, so tests can use a fake one.
 */
export { systemClock } from '@commerce-kit/internal/clock';
export type { Clock } from '@commerce-kit/internal/clock';
