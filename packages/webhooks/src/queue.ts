/**
 * A queue of work items grouped by key: items with the same key run one at a time in arrival
 * order; different keys run in parallel up to a concurrency limit. A failing item is retried after
 * a back-off delay (its key stays blocked, but the concurrency slot is released while waiting),
 * then reported. Knows nothing about webhooks.
 * @internal
 */

/** Options of {@link KeyedQueue}. @internal */
export interface KeyedQueueOptions<T> {
  readonly concurrency: number;
  readonly retries: number;
  readonly backoff: (retry: number) => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly run: (item: T, attempt: number) => unknown;
  readonly onFailure: (error: unknown, item: T, attempts: number) => void;
  /** Called once per item when it is done: processed, given up, or dropped by `stop()`. */
  readonly onSettled?: ((item: T) => void) | undefined;
}

interface Entry<T> {
  readonly item: T;
  /** Whether to run at all: resolved later when an async idempotency check is still in flight. */
  readonly gate: boolean | Promise<boolean>;
  attempts: number;
  /** Inside `run` right now: the only state `stop()` cannot take back. */
  inRun: boolean;
  /** Finished, given up or abandoned; counted out of `pending` exactly once. */
  done: boolean;
  readonly settle: () => void;
}

interface Lane<T> {
  readonly key: string;
  entries: Entry<T>[];
  /** Running, waiting for a retry, or queued to run. */
  scheduled: boolean;
}

/** @internal */
export class KeyedQueue<T> {
  readonly #options: KeyedQueueOptions<T>;
  readonly #lanes = new Map<string, Lane<T>>();
  readonly #ready: Lane<T>[] = [];
  readonly #retryReady: Lane<T>[] = [];
  #running = 0;
  #pending = 0;
  #stopped = false;
  #idleWaiters: Array<() => void> = [];

  constructor(options: KeyedQueueOptions<T>) {
    this.#options = options;
  }

  /** Items accepted and not yet finished (queued, running or waiting for a retry). */
  get pending(): number {
    return this.#pending;
  }

  /** Accepts an item; the returned promise settles when it has been processed or given up. */
  push(key: string, item: T, gate: boolean | Promise<boolean> = true): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    let lane = this.#lanes.get(key);
    if (lane === undefined) {
      lane = { key, entries: [], scheduled: false };
      this.#lanes.set(key, lane);
    }
    lane.entries.push({ item, gate, attempts: 0, inRun: false, done: false, settle });
    this.#pending++;
    if (!lane.scheduled) {
      lane.scheduled = true;
      this.#ready.push(lane);
    }
    this.#pump();
    return settled;
  }

  /** Resolves once every accepted item has finished (including retries). */
  drain(): Promise<void> {
    if (this.#pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Items accepted and not finished, in arrival order per key. */
  unfinished(): T[] {
    return [...this.#lanes.values()].flatMap((lane) => lane.entries.filter((e) => !e.done).map((e) => e.item));
  }

  /**
   * Starts nothing more: items not inside `run` at this moment (queued, or waiting for a retry) are
   * dropped and settled; items inside `run` finish without retries. Pushing afterwards is a no-op.
   */
  stop(): void {
    this.#stopped = true;
    this.#ready.length = 0;
    this.#retryReady.length = 0;
    for (const lane of this.#lanes.values()) {
      for (const entry of lane.entries) if (!entry.inRun) this.#settle(entry);
      lane.entries = lane.entries.filter((entry) => !entry.done);
      if (lane.entries.length === 0) this.#lanes.delete(lane.key);
    }
    this.#notifyIfIdle();
  }

  #settle(entry: Entry<T>): void {
    if (entry.done) return;
    entry.done = true;
    this.#pending--;
    try {
      this.#options.onSettled?.(entry.item);
    } catch {
      // A throwing hook must not stop the queue.
    }
    entry.settle();
  }

  #notifyIfIdle(): void {
    if (this.#pending !== 0) return;
    const waiters = this.#idleWaiters;
    this.#idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  #pump(): void {
    if (this.#stopped) return;
    while (this.#running < this.#options.concurrency) {
      const lane = this.#retryReady.shift() ?? this.#ready.shift();
      if (lane === undefined) return;
      this.#running++;
      void this.#runHead(lane);
    }
  }

  async #runHead(lane: Lane<T>): Promise<void> {
    const entry = lane.entries[0]!;
    let retry = false;
    try {
      const go = entry.attempts > 0 || (await entry.gate);
      if (go && !entry.done) {
        entry.attempts++;
        entry.inRun = true;
        await this.#options.run(entry.item, entry.attempts);
      }
    } catch (error) {
      if (entry.attempts <= this.#options.retries && !this.#stopped) {
        retry = true;
      } else {
        try {
          this.#options.onFailure(error, entry.item, entry.attempts);
        } catch {
          // A throwing error reporter must not stop the queue.
        }
      }
    }
    entry.inRun = false;
    this.#running--;
    if (retry) {
      void this.#waitAndRetry(lane, entry, this.#options.backoff(entry.attempts));
    } else {
      this.#finishHead(lane, entry);
    }
    this.#pump();
    this.#notifyIfIdle();
  }

  /** Takes the finished head off its lane and schedules the lane's next item, if any. */
  #finishHead(lane: Lane<T>, entry: Entry<T>): void {
    if (lane.entries[0] === entry) lane.entries.shift();
    this.#settle(entry);
    if (lane.entries.length > 0 && !this.#stopped) this.#ready.push(lane);
    else if (lane.entries.length === 0) {
      lane.scheduled = false;
      if (this.#lanes.get(lane.key) === lane) this.#lanes.delete(lane.key);
    }
  }

  async #waitAndRetry(lane: Lane<T>, entry: Entry<T>, delay: number): Promise<void> {
    try {
      await this.#options.sleep(Math.max(0, delay));
    } catch {
      // An injected sleep that fails only shortens the wait.
    }
    // stop() during the wait has already settled the entry.
    if (entry.done) return;
    this.#retryReady.push(lane);
    this.#pump();
  }
}
