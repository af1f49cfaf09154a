/** Gives a {@link UserLock} back; the handler calls it exactly once per successful `acquire`. */
export type UserLockRelease = () => void | Promise<void>;

/**
 * Mutual exclusion per user key, for serialising each user's events across processes.
 *
 * Inside one process the handler already runs a user's events one at a time, in arrival order. When
 * several processes receive webhooks for the same application, give them a lock they share (e.g.
 * over Redis: `SET lock:<key> <id> NX PX <ms>`, renewed while held, deleted on release) and each
 * user's events also run one at a time across the processes.
 *
 * The handler acquires the lock before the first attempt of an event and releases it after the
 * last one (retries and their back-off included), so a user's next event, in any process, starts
 * only when this one is done. A rejected `acquire` counts as a failed attempt and is retried.
 */
export interface UserLock {
  /** Resolves once the caller holds `userKey`, with the function that releases it. */
  acquire(userKey: string): Promise<UserLockRelease> | UserLockRelease;
}

/**
 * A {@link UserLock} inside one process: waiters get the key in the order they asked. Share one
 * between several handlers of a process (two endpoints of one application) to serialise a user's
 * events across them; for several processes use a shared implementation.
 *
 * @example
 * ```ts
 * import { MemoryUserLock } from '@commerce-kit/webhooks';
 * const lock = new MemoryUserLock();
 * const release = await lock.acquire('user_1');
 * await release();
 * ```
 */
export class MemoryUserLock implements UserLock {
  /** Per key: settles when the last holder or waiter so far has released. */
  readonly #tails = new Map<string, Promise<void>>();

  /** Number of keys held or waited for. */
  get size(): number {
    return this.#tails.size;
  }

  /** {@inheritDoc UserLock.acquire} */
  async acquire(userKey: string): Promise<UserLockRelease> {
    const previous = this.#tails.get(userKey);
    let free!: () => void;
    const released = new Promise<void>((resolve) => {
      free = resolve;
    });
    const tail = previous === undefined ? released : previous.then(() => released);
    this.#tails.set(userKey, tail);
    if (previous !== undefined) await previous;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (this.#tails.get(userKey) === tail) this.#tails.delete(userKey);
      free();
    };
  }
}
