/**
 * `@commerce-kit/theme-config/testing`: helpers for your own tests. `ManualClock` is a `Clock` that
 * moves only when told, for mock data whose "current date" your test controls.
 *
 * @packageDocumentation
 */
export { ManualClock } from './manual-clock.js';
