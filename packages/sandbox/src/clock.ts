/** The house clock: tests pass a `ManualClock` as `clock` and move time instead of sleeping. */
export { systemClock } from '@commerce-kit/internal/clock';
export type { Clock } from '@commerce-kit/internal/clock';
