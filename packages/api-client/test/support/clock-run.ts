/**
 * The repository's stepped clock (tools/testing/stepped-clock.mjs) on this package's `ManualClock`: calls that do
 * real I/O (a loopback server) run deterministically, time moving only when every started call is settled or
 * waiting on the clock, and then only to the next instant something is due.
 */
import { stepped } from '../../../../tools/testing/stepped-clock.mjs';
import { ManualClock } from '../../src/testing/index.js';

export { runOnClock, type ScheduledCall } from '../../../../tools/testing/stepped-clock.mjs';

/** A `ManualClock` that records each wait and knows the deadline of the next sleeper. */
export class SteppedClock extends stepped(ManualClock) {}
