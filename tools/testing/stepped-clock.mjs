// One stepped test clock for every package: a package's ManualClock that records each wait and knows the
// deadline of the next sleeper, and two ways to drive code that does real I/O on it deterministically. Time
// moves only once everything started is settled or asleep on the clock (polled with waitFor, never a fixed
// sleep), and then only to the next instant something is due; so the I/O takes real time and the waits none.
import { waitFor } from './wait-for.mjs';

/**
 * A subclass of a package's `ManualClock` (each package has its own, branded for its errors) that records every
 * `sleep(ms)` in `waits` and answers `nextDue()`, the earliest deadline of a sleeper still waiting.
 * @param {new (start?: Date | number | string) => { now(): number; sleep(ms: number, signal?: AbortSignal): Promise<void> }} ManualClock
 */
export function stepped(ManualClock) {
  return class SteppedClock extends ManualClock {
    /** @type {number[]} */
    waits = [];
    /** @type {Set<{ readonly due: number }>} */
    #dues = new Set();

    /** @param {number} ms @param {AbortSignal} [signal] */
    sleep(ms, signal) {
      const entry = { due: this.now() + Math.max(0, ms) };
      this.#dues.add(entry);
      this.waits.push(ms);
      const slept = super.sleep(ms, signal);
      const forget = () => void this.#dues.delete(entry);
      slept.then(forget, forget);
      return slept;
    }

    /** The earliest deadline of a sleeper still waiting, if any. */
    nextDue() {
      let next;
      for (const { due } of this.#dues) if (next === undefined || due < next) next = due;
      return next;
    }
  };
}

/**
 * Starts each call when the clock reaches its `at` and moves the clock until all have settled. Each unsettled
 * call must be waiting on at most one clock sleeper at a time (a limiter wait, a retry wait, a server's hold).
 */
export async function runOnClock(clock, calls) {
  const results = new Array(calls.length);
  const order = calls.map((call, index) => ({ ...call, index })).sort((a, b) => a.at - b.at || a.index - b.index);
  let next = 0;
  let settled = 0;
  for (;;) {
    while (next < order.length && (order[next]?.at ?? Number.POSITIVE_INFINITY) <= clock.now()) {
      const { run, index } = order[next++];
      run().then(
        (value) => {
          results[index] = { status: 'fulfilled', value };
          settled++;
        },
        (reason) => {
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
    const target = Math.min(clock.nextDue() ?? Number.POSITIVE_INFINITY, order[next]?.at ?? Number.POSITIVE_INFINITY);
    if (target === Number.POSITIVE_INFINITY) throw new Error('calls are neither settled nor waiting on the clock');
    await clock.set(Math.max(target, clock.now()));
  }
}

/**
 * Awaits `work` while moving each clock to its next deadline whenever something sleeps on it (a client's
 * back-off, a server's latency): real time passes only for the I/O.
 */
export async function drive(work, ...clocks) {
  let done = false;
  const finish = () => {
    done = true;
  };
  work.then(finish, finish);
  for (;;) {
    await waitFor(() => done || clocks.some((clock) => clock.pending > 0), {
      intervalMs: 1,
      message: 'the work to settle or something to sleep on a clock',
    });
    if (done) return work;
    for (const clock of clocks) {
      const due = clock.nextDue();
      if (due !== undefined) await clock.set(Math.max(due, clock.now()));
    }
  }
}
