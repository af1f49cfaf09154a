// By package name, not './clock.js': the declaration bundler inlines only `@commerce-kit/internal/*`
// specifiers, so a relative import would be left dangling in a package's .d.ts.
import { toEpochMs, type Clock } from '@commerce-kit/internal/clock';

interface Sleeper {
  readonly due: number;
  readonly order: number;
  readonly resolve: () => void;
}

/**
 * A {@link Clock} that moves only when told: `now()` stays where it is and `sleep()` resolves when
 * {@link ManualClock.advance} (or {@link ManualClock.set}) passes its deadline. For tests of code
 * that waits (back-off, `Retry-After`, replay windows, token expiry) without real waiting.
 */
export class ManualClock implements Clock {
  #now: number;
  #order = 0;
  #sleepers: Sleeper[] = [];

  /** @param start - the initial time: a `Date`, milliseconds since the epoch, or a date string. */
  constructor(start: Date | number | string = 0) {
    const ms = toEpochMs(start);
    if (Number.isNaN(ms)) throw this.misuse(`ManualClock: not a valid instant: ${String(start)}`);
    this.#now = ms;
  }

  /**
   * The error for a misuse (an invalid instant, a negative advance). Each package's `/testing` entry
   * overrides it with the package's configuration error, so misuse is reported the house way.
   */
  protected misuse(message: string): Error {
    return new RangeError(message);
  }

  now(): number {
    return this.#now;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const sleeper: Sleeper = {
        due: this.#now + Math.max(0, ms),
        order: this.#order++,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = (): void => {
        this.#sleepers = this.#sleepers.filter((entry) => entry !== sleeper);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#sleepers.push(sleeper);
      if (ms <= 0) queueMicrotask(() => this.#release(this.#now));
    });
  }

  /** How many `sleep()` calls are waiting. */
  get pending(): number {
    return this.#sleepers.length;
  }

  /**
   * Moves time forward by `ms`, waking sleepers in deadline order; between wake-ups it lets pending
   * promise callbacks run, so a sleeper that sleeps again within the interval is woken too.
   */
  async advance(ms: number): Promise<void> {
    if (!(ms >= 0)) throw this.misuse('ManualClock.advance: ms must be a non-negative number');
    await this.#runUntil(this.#now + ms);
  }

  /** Moves time to `instant` (never backwards), waking sleepers as {@link ManualClock.advance} does. */
  async set(instant: Date | number | string): Promise<void> {
    const target = toEpochMs(instant);
    if (Number.isNaN(target)) throw this.misuse(`ManualClock.set: not a valid instant: ${String(instant)}`);
    await this.#runUntil(Math.max(target, this.#now));
  }

  /** Lets queued promise callbacks run (several turns), without moving time. */
  async flush(): Promise<void> {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  }

  async #runUntil(target: number): Promise<void> {
    await this.flush();
    for (;;) {
      const next = this.#nextDue();
      if (next === undefined || next.due > target) break;
      this.#now = Math.max(this.#now, next.due);
      this.#release(this.#now);
      await this.flush();
    }
    this.#now = target;
  }

  #nextDue(): Sleeper | undefined {
    let best: Sleeper | undefined;
    for (const sleeper of this.#sleepers) {
      if (best === undefined || sleeper.due < best.due || (sleeper.due === best.due && sleeper.order < best.order))
        best = sleeper;
    }
    return best;
  }

  #release(upTo: number): void {
    const due = this.#sleepers
      .filter((sleeper) => sleeper.due <= upTo)
      .sort((a, b) => a.due - b.due || a.order - b.order);
    if (due.length === 0) return;
    this.#sleepers = this.#sleepers.filter((sleeper) => sleeper.due > upTo);
    for (const sleeper of due) sleeper.resolve();
  }
}
