/**
 * Runs calls that do real I/O (a loopback server) against a `ManualClock`, deterministically: time
 * moves only when every started call is either settled or waiting on the clock, and then only to the
 * next instant something is due (a sleeper's deadline, or the next scheduled call). So a request the
 * limiter admits at `t` reaches the server at `t` (plus the delay the server applies on the clock),
 * however slow the machine is.
 */
import { waitFor } from '../../../../tools/testing/wait-for.mjs';
import { ManualClock } from '../../src/testing/index.js';

/** A `ManualClock` that knows the deadline of the next sleeper. */
export class SteppedClock extends ManualClock {
  readonly #dues = new Set<{ readonly due: number }>();

  override sleep(ms: number, signal?: AbortSignal): Promise<void> {
    const entry = { due: this.now() + Math.max(0, ms) };
    this.#dues.add(entry);
    const done = super.sleep(ms, signal);
    const forget = (): void => void this.#dues.delete(entry);
    done.then(forget, forget);
    return done;
  }

  /** The earliest deadline of a sleeper still waiting, if any. */
  nextDue(): number | undefined {
    let next: number | undefined;
    for (const { due } of this.#dues) if (next === undefined || due < next) next = due;
    return next;
  }
}

/** A call to start when the clock reads `at`. */
export interface ScheduledCall<T> {
  readonly at: number;
  readonly run: () => Promise<T>;
}

/**
 * Starts each call when the clock reaches its `at` and moves the clock until all have settled.
 * Each unsettled call must be waiting on at most one clock sleeper at a time (true of a client call
 * without `timeoutMs`: a limiter wait, a retry wait, or the server's hold of its request).
 */
export async function runOnClock<T>(
  clock: SteppedClock,
  calls: readonly ScheduledCall<T>[],
): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(calls.length);
  const order = calls.map((call, index) => ({ ...call, index })).sort((a, b) => a.at - b.at || a.index - b.index);
  let next = 0;
  let settled = 0;
  for (;;) {
    while (next < order.length && (order[next]?.at ?? Infinity) <= clock.now()) {
      const { run, index } = order[next++] as (typeof order)[number];
      run().then(
        (value) => {
          results[index] = { status: 'fulfilled', value };
          settled++;
        },
        (reason: unknown) => {
          results[index] = { status: 'rejected', reason };
          settled++;
        },
      );
    }
    // Every started call settled or asleep on the clock: nothing else can happen before time moves.
    await waitFor(() => settled + clock.pending === next, {
      intervalMs: 1,
      message: () =>
        `${next} calls started, ${settled} settled, ${clock.pending} waiting on the clock at ${clock.now()}`,
    });
    if (settled === order.length) return results;
    const target = Math.min(clock.nextDue() ?? Infinity, order[next]?.at ?? Infinity);
    if (target === Infinity) throw new Error('calls are neither settled nor waiting on the clock');
    await clock.set(Math.max(target, clock.now()));
  }
}
