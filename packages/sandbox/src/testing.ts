/**
 * `@commerce-kit/sandbox/testing`: helpers for your own tests. `ManualClock` is a `Clock` that moves
 * only when told: pass it as `startSandbox({ clock })` and advance it to expire codes and tokens, refill
 * the rate limit or time out a webhook delivery without waiting.
 *
 * @packageDocumentation
 */
export { ManualClock } from '@commerce-kit/internal/manual-clock';
