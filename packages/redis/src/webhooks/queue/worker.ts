/**
 * The processing side of the durable delivery queue: workers (in any number of processes) read the
 * stored deliveries through a Redis consumer group, run `onEvent` for each user's deliveries one at a
 * time in the order they were stored, and acknowledge each one only after `onEvent` succeeded.
 */
import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { hostname } from 'node:os';
import type { Clock } from '@commerce-kit/internal/clock';
import type { WebhookEvent } from '@commerce-kit/webhooks';
import type { Redis } from 'ioredis';
import { CONNECTION_DEFAULTS, Connection, type RedisConnectionOptions } from '../../connection.js';
import { DeliveryFailedError } from '../../errors/delivery-failed-error.js';
import { RedisAdapterConfigurationError, type RedisAdapterError } from '../../errors/redis-adapter-error.js';
import { functionOption, keyPrefix, numberOption, requireObject, resolveClock } from '../../options.js';
import { QueueKeys, WORKER_GROUP, queueName } from '../keys.js';
import { decodeEvent } from './event-codec.js';
import { FINISH, FORGET_IDLE_WORKERS, RELEASE, TOUCH, TURN } from './scripts.js';
import { Slots } from './slots.js';
import { compareStreamIds, readAutoClaimReply, readGroupReply, type StreamEntry } from './stream-replies.js';

const OWNER = 'createRedisWebhookWorker';
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** Default `claimIdleMs`: a delivery held by a silent worker for 30 s is taken over. */
export const DEFAULT_CLAIM_IDLE_MS = 30_000;
/** Longest wait of one blocking read: bounds how long `close()` waits for the reader. */
const BLOCK_MS = 2_000;
/** Abandoned deliveries taken over per round even when the worker holds all it should. */
const MIN_CLAIM = 8;
/** Cap of the dead-letter stream (approximate, `MAXLEN ~`). */
const DEAD_LETTER_CAP = 10_000;
/** Workers that hold nothing and were silent this long are removed from the group. */
const FORGET_WORKERS_AFTER_MS = 24 * 3_600_000;

/** Context passed to `onEvent` next to the event. */
export interface RedisWebhookEventContext {
  /** 1 for this worker's first call with this delivery, 2 for its first retry, and so on. */
  readonly attempt: number;
  /** The user key the delivery was stored under: a user's deliveries never run concurrently. */
  readonly userKey: string;
  /** The delivery's id in the queue (a Redis stream id, in the order deliveries were stored). */
  readonly deliveryId: string;
  /**
   * How many times the queue handed this delivery to a worker: more than 1 when a worker stopped
   * (crashed, was killed, was closed) while holding it, so `onEvent` may already have run for it.
   * Make `onEvent` idempotent (e.g. keyed by `event.deliveryKey`) for exactly-once effects.
   */
  readonly deliveries: number;
}

/** Retry policy for a failing `onEvent` (the same defaults as `createWebhookHandler`). */
export interface RedisWebhookRetryOptions {
  /** Retries after the first failure (default 3, so up to 4 calls). 0 disables retrying. */
  readonly retries?: number | undefined;
  /** Delay before retry number `retry` (1-based), in ms. Default: 500 ms doubling, capped at 30 s. */
  readonly delayMs?: ((retry: number) => number) | undefined;
}

/** Options of {@link createRedisWebhookWorker}. */
export interface RedisWebhookWorkerOptions extends RedisConnectionOptions {
  /** First part of every key (default `commerce-kit`). Receivers and workers of one queue must agree. */
  readonly keyPrefix?: string | undefined;
  /** Name of the queue (default `deliveries`). Receivers and workers of one queue must agree. */
  readonly queue?: string | undefined;
  /** Processes one event. Throw (or reject) to have it retried; the delivery stays stored until it succeeds. */
  readonly onEvent: (event: WebhookEvent, context: RedisWebhookEventContext) => unknown;
  /**
   * Reports what goes wrong in the background: a `DeliveryFailedError` when a delivery is given up
   * on (moved to the dead-letter stream), a `RedisUnavailableError` when Redis cannot be reached (the
   * worker keeps trying; reported once per outage). Default: `console.error` of the message.
   */
  readonly onError?: ((error: RedisAdapterError) => void) | undefined;
  /** Deliveries of different users processed at the same time by this worker (default 8). */
  readonly concurrency?: number | undefined;
  /** Retry policy for `onEvent`; waits use the `clock`. */
  readonly retry?: RedisWebhookRetryOptions | undefined;
  /**
   * How long a delivery held by a worker that stopped answering stays with it before another
   * worker takes it over, in ms (default 30 000). Live workers renew their hold every third of it.
   * Shorter: faster recovery after a crash; too short for your event loop's pauses: a slow but
   * living worker may lose a delivery it is still processing, which then runs twice.
   */
  readonly claimIdleMs?: number | undefined;
  /**
   * Most times one delivery may be handed to workers (default 5). A delivery that keeps taking its
   * worker down (out of memory, a crash in native code) is moved to the dead-letter stream instead
   * of taking every worker down in turn.
   */
  readonly maxDeliveries?: number | undefined;
  /** Clock for retry back-off, polling and heartbeats (default: the system clock). */
  readonly clock?: Clock | undefined;
}

/** Options of {@link RedisWebhookWorker.close}. */
export interface RedisWebhookWorkerCloseOptions {
  /**
   * Longest wait in ms for running `onEvent` calls. Default: no limit. When the time is up, the
   * worker stops waiting: the unfinished deliveries stay stored and another worker runs them again.
   */
  readonly timeoutMs?: number | undefined;
}

/** A running worker. */
export interface RedisWebhookWorker {
  /** This worker's name in the consumer group (host, process id and a random part). */
  readonly name: string;
  /** Deliveries this worker holds: running, waiting for their turn, or waiting for a retry. */
  readonly active: number;
  /** Whether `close()` was called. */
  readonly closed: boolean;
  /**
   * Stops taking deliveries, waits for running `onEvent` calls (see `timeoutMs`), hands the
   * deliveries it still holds back to the other workers at once, and closes its connections.
   */
  close(options?: RedisWebhookWorkerCloseOptions): Promise<void>;
}

interface Held {
  readonly id: string;
  readonly userKey: string;
  readonly eventText: string | undefined;
  running: boolean;
}

interface Lane {
  readonly userKey: string;
  /** Sorted by stream id: the oldest first. */
  readonly entries: Held[];
  running: boolean;
  waits: number;
}

type Turn =
  | { readonly kind: 'go'; readonly deliveries: number }
  | { readonly kind: 'wait' | 'gone' | 'other' | 'again' };

function defaultBackoff(retry: number): number {
  return Math.min(30_000, 500 * 2 ** (retry - 1));
}

function defaultOnError(error: RedisAdapterError): void {
  console.error(`[@commerce-kit/redis] ${error.message}`);
}

function isError(error: unknown, prefix: string): boolean {
  return error instanceof Error && error.message.startsWith(prefix);
}

function readTurn(reply: unknown): Turn {
  const [kind, deliveries] = Array.isArray(reply) ? (reply as unknown[]) : [];
  if (kind === 'go') return { kind, deliveries: Number(deliveries) };
  if (kind === 'wait' || kind === 'gone' || kind === 'other' || kind === 'again') return { kind };
  throw new Error(`unexpected answer of the turn script: ${JSON.stringify(reply)}`);
}

class QueueWorker implements RedisWebhookWorker {
  readonly name: string;
  readonly #connection: Connection;
  readonly #reader: Redis;
  readonly #keys: QueueKeys;
  readonly #onEvent: RedisWebhookWorkerOptions['onEvent'];
  readonly #onError: (error: RedisAdapterError) => void;
  readonly #retries: number;
  readonly #backoff: (retry: number) => number;
  readonly #claimIdleMs: number;
  readonly #maxDeliveries: number;
  readonly #maxHeld: number;
  readonly #clock: Clock;
  readonly #slots: Slots;
  readonly #held = new Map<string, Held>();
  readonly #lanes = new Map<string, Lane>();
  /** Aborts every wait when the worker closes. */
  readonly #stop = new AbortController();
  /** Settles every time a held delivery is let go (the reader waits on it when full). */
  #capacity: { promise: Promise<void>; resolve: () => void } = QueueWorker.#signal();
  /** Deliveries inside `#process`: what `close()` waits for. */
  #processing = 0;
  #idle: { promise: Promise<void>; resolve: () => void } | undefined;
  #healthy = true;
  #closing: Promise<void> | undefined;
  readonly #loops: Promise<void>[] = [];

  constructor(options: RedisWebhookWorkerOptions) {
    requireObject(options, OWNER, '{ url, onEvent, ... }');
    if (typeof options.onEvent !== 'function')
      throw new RedisAdapterConfigurationError(`${OWNER}: onEvent must be a function`);
    if (options.retry !== undefined && (typeof options.retry !== 'object' || options.retry === null)) {
      throw new RedisAdapterConfigurationError(`${OWNER}: retry must be an object ({ retries?, delayMs? })`);
    }
    this.#keys = new QueueKeys(keyPrefix(options.keyPrefix, OWNER), queueName(options.queue, OWNER));
    this.#onEvent = options.onEvent;
    this.#onError = functionOption(options.onError, 'onError', OWNER) ?? defaultOnError;
    const concurrency = numberOption(options.concurrency, 8, 'concurrency', OWNER, 1);
    this.#retries = numberOption(options.retry?.retries, 3, 'retry.retries', OWNER, 0);
    this.#backoff = functionOption(options.retry?.delayMs, 'retry.delayMs', OWNER) ?? defaultBackoff;
    this.#claimIdleMs = numberOption(options.claimIdleMs, DEFAULT_CLAIM_IDLE_MS, 'claimIdleMs', OWNER, 100);
    this.#maxDeliveries = numberOption(options.maxDeliveries, 5, 'maxDeliveries', OWNER, 1);
    this.#clock = resolveClock(options.clock, OWNER);
    this.#slots = new Slots(concurrency);
    // Every waiting lane and back-off listens to it: one listener per held delivery is expected.
    setMaxListeners(0, this.#stop.signal);
    // Enough to keep every slot busy while some deliveries wait for their turn behind other workers.
    this.#maxHeld = Math.max(16, concurrency * 4);
    this.name = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.#connection = new Connection(options, OWNER);
    const commandTimeout = options.redisOptions?.commandTimeout ?? CONNECTION_DEFAULTS.commandTimeout;
    // Blocking reads get a connection of their own, with room for the block in its timeout.
    this.#reader = this.#connection.duplicate({ commandTimeout: commandTimeout + BLOCK_MS });
    this.#loops.push(this.#readLoop(), this.#maintenanceLoop());
  }

  static #signal(): { promise: Promise<void>; resolve: () => void } {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    return { promise, resolve };
  }

  get active(): number {
    return this.#held.size;
  }

  get closed(): boolean {
    return this.#closing !== undefined;
  }

  get #stopping(): boolean {
    return this.#stop.signal.aborted;
  }

  /** Sleeps on the clock; resolves early (never rejects) when the worker closes. */
  async #sleep(ms: number): Promise<void> {
    try {
      await this.#clock.sleep(ms, this.#stop.signal);
    } catch {
      // Closing: the caller checks #stopping.
    }
  }

  #report(error: RedisAdapterError): void {
    try {
      this.#onError(error);
    } catch {
      // A throwing reporter must not stop the worker.
    }
  }

  /** Redis trouble in a background loop: reported once per outage. */
  #trouble(error: unknown): void {
    if (this.#stopping || !this.#healthy) return;
    this.#healthy = false;
    this.#report(this.#connection.translate(error));
  }

  #fine(): void {
    this.#healthy = true;
  }

  /**
   * Creates the stream and the consumer group unless they exist. From id 0: deliveries stored before
   * the first worker ever ran are processed too.
   */
  async #ensureGroup(): Promise<void> {
    await this.#connection.run(async (client) => {
      try {
        await client.xgroup('CREATE', this.#keys.stream, WORKER_GROUP, '0', 'MKSTREAM');
      } catch (error) {
        if (!isError(error, 'BUSYGROUP')) throw error;
      }
    });
  }

  // ---- taking deliveries ---------------------------------------------------------------------

  async #readLoop(): Promise<void> {
    let failures = 0;
    let groupReady = false;
    while (!this.#stopping) {
      if (this.#held.size >= this.#maxHeld) {
        await Promise.race([this.#capacity.promise, this.#sleep(BLOCK_MS)]);
        continue;
      }
      try {
        if (!groupReady) {
          await this.#ensureGroup();
          groupReady = true;
        }
        const reply = await this.#reader.xreadgroup(
          'GROUP',
          WORKER_GROUP,
          this.name,
          'COUNT',
          this.#maxHeld - this.#held.size,
          'BLOCK',
          BLOCK_MS,
          'STREAMS',
          this.#keys.stream,
          '>',
        );
        failures = 0;
        this.#fine();
        for (const entry of readGroupReply(reply)) this.#accept(entry);
      } catch (error) {
        if (this.#stopping) break;
        if (error instanceof Error && /NOGROUP/.test(error.message)) {
          // The stream was deleted (FLUSHDB, by hand): start over with a new group.
          groupReady = false;
          continue;
        }
        this.#trouble(error);
        await this.#sleep(Math.min(2_000, 50 * 2 ** failures++));
      }
    }
  }

  async #maintenanceLoop(): Promise<void> {
    const interval = Math.max(50, Math.floor(this.#claimIdleMs / 3));
    let rounds = 0;
    let groupReady = false;
    let lastTouch = Number.NEGATIVE_INFINITY;
    while (!this.#stopping) {
      let more = false;
      try {
        if (!groupReady) {
          await this.#ensureGroup();
          groupReady = true;
        }
        if (this.#clock.now() - lastTouch >= interval / 2) {
          await this.#touch();
          lastTouch = this.#clock.now();
        }
        more = await this.#claimAbandoned();
        if (rounds++ % 100 === 0) {
          await this.#connection.run((client) =>
            FORGET_IDLE_WORKERS.run(client, [this.#keys.stream], [WORKER_GROUP, FORGET_WORKERS_AFTER_MS]),
          );
        }
        this.#fine();
      } catch (error) {
        // The stream was deleted (FLUSHDB, by hand): create it again next round.
        if (error instanceof Error && /NOGROUP|no such key/i.test(error.message)) groupReady = false;
        else this.#trouble(error);
      }
      // A backlog left by a dead worker: take more as soon as there is room, not a round later.
      if (more) await Promise.race([this.#capacity.promise, this.#sleep(interval)]);
      else await this.#sleep(interval);
    }
  }

  /** Renews the hold on every delivery this worker has; lets go of those another worker took. */
  async #touch(): Promise<void> {
    if (this.#held.size === 0) return;
    const ids = [...this.#held.keys()];
    const lost = await this.#connection.run((client) =>
      TOUCH.run(client, [this.#keys.stream], [WORKER_GROUP, this.name, ...ids]),
    );
    for (const id of Array.isArray(lost) ? (lost as unknown[]) : []) {
      const held = typeof id === 'string' ? this.#held.get(id) : undefined;
      if (held !== undefined && !held.running) this.#letGo(held);
    }
  }

  /**
   * Takes over deliveries that other workers have held silently for `claimIdleMs`, oldest first, as
   * many as there is room for — and a few even when this worker is full, since what it holds may be
   * waiting for exactly these (the oldest of their users). True when more may be left.
   */
  async #claimAbandoned(): Promise<boolean> {
    let cursor = '0-0';
    let claimed = 0;
    do {
      const count = Math.max(this.#maxHeld - this.#held.size, claimed === 0 ? MIN_CLAIM : 0);
      if (this.#stopping) return false;
      if (count <= 0) return true;
      const reply = await this.#connection.run((client) =>
        client.xautoclaim(this.#keys.stream, WORKER_GROUP, this.name, this.#claimIdleMs, cursor, 'COUNT', count),
      );
      const { next, entries } = readAutoClaimReply(reply);
      for (const entry of entries) this.#accept(entry);
      claimed += entries.length;
      cursor = next;
    } while (cursor !== '0-0');
    return false;
  }

  #accept(entry: StreamEntry): void {
    if (this.#held.has(entry.id) || this.#stopping) return;
    const held: Held = {
      id: entry.id,
      userKey: entry.fields['user'] ?? '',
      eventText: entry.fields['event'],
      running: false,
    };
    this.#held.set(held.id, held);
    let lane = this.#lanes.get(held.userKey);
    if (lane === undefined) {
      lane = { userKey: held.userKey, entries: [], running: false, waits: 0 };
      this.#lanes.set(held.userKey, lane);
    }
    const at = lane.entries.findIndex((other) => compareStreamIds(other.id, held.id) > 0);
    if (at === -1) lane.entries.push(held);
    else lane.entries.splice(at, 0, held);
    if (!lane.running) {
      lane.running = true;
      void this.#runLane(lane);
    }
  }

  #letGo(held: Held): void {
    if (!this.#held.delete(held.id)) return;
    const lane = this.#lanes.get(held.userKey);
    if (lane !== undefined) {
      const index = lane.entries.indexOf(held);
      if (index !== -1) lane.entries.splice(index, 1);
      if (lane.entries.length === 0 && !lane.running) this.#lanes.delete(lane.userKey);
    }
    const capacity = this.#capacity;
    this.#capacity = QueueWorker.#signal();
    capacity.resolve();
  }

  // ---- processing, one user at a time -----------------------------------------------------------

  async #runLane(lane: Lane): Promise<void> {
    let failures = 0;
    while (lane.entries.length > 0 && !this.#stopping) {
      const held = lane.entries[0] as Held;
      let turn: Turn;
      try {
        turn = readTurn(
          await this.#connection.run((client) =>
            TURN.run(client, [this.#keys.stream, this.#keys.user(held.userKey)], [WORKER_GROUP, held.id, this.name]),
          ),
        );
        failures = 0;
      } catch (error) {
        this.#trouble(error);
        await this.#sleep(Math.min(2_000, 50 * 2 ** failures++));
        continue;
      }
      if (turn.kind === 'gone' || turn.kind === 'other') {
        this.#letGo(held);
      } else if (turn.kind === 'wait') {
        // An older delivery of this user is with another worker: look again shortly.
        await this.#sleep(Math.min(20, 2 * 2 ** lane.waits++));
      } else if (turn.kind === 'go') {
        lane.waits = 0;
        await this.#process(held, turn.deliveries);
      }
    }
    lane.running = false;
    if (lane.entries.length === 0) this.#lanes.delete(lane.userKey);
  }

  async #process(held: Held, deliveries: number): Promise<void> {
    held.running = true;
    this.#processing++;
    try {
      const event = held.eventText === undefined ? undefined : decodeEvent(held.eventText);
      if (event === undefined) {
        await this.#giveUp(held, undefined, 0, 'the stored entry is not a delivery stored by @commerce-kit/redis');
        return;
      }
      if (deliveries > this.#maxDeliveries) {
        await this.#giveUp(
          held,
          event,
          0,
          `it was handed to workers ${deliveries} times without finishing (maxDeliveries ${this.#maxDeliveries}): a worker stopped while holding it each time`,
        );
        return;
      }
      let attempt = 0;
      for (;;) {
        attempt++;
        let failure: { error: unknown } | undefined;
        await this.#slots.acquire();
        if (this.#stopping) {
          // Closing before it started: the delivery stays stored, and another worker runs it.
          this.#slots.release();
          return;
        }
        try {
          await this.#onEvent(event, { attempt, userKey: held.userKey, deliveryId: held.id, deliveries });
        } catch (error) {
          failure = { error };
        } finally {
          this.#slots.release();
        }
        if (failure === undefined) {
          await this.#finish(held, 'done', '', attempt);
          return;
        }
        // Closing: the delivery stays stored, and another worker runs it.
        if (this.#stopping) return;
        if (attempt > this.#retries) {
          const reason = failure.error instanceof Error ? failure.error.message : String(failure.error);
          await this.#giveUp(held, event, attempt, `onEvent failed ${attempt} time(s): ${reason}`, failure.error);
          return;
        }
        await this.#sleep(Math.max(0, this.#backoff(attempt)));
        if (this.#stopping) return;
      }
    } finally {
      held.running = false;
      this.#letGo(held);
      this.#processing--;
      if (this.#processing === 0) this.#idle?.resolve();
    }
  }

  async #giveUp(
    held: Held,
    event: WebhookEvent | undefined,
    attempts: number,
    reason: string,
    cause?: unknown,
  ): Promise<void> {
    if (await this.#finish(held, 'failed', reason, attempts)) {
      this.#report(
        new DeliveryFailedError({ event, deliveryId: held.id, userKey: held.userKey, attempts, reason, cause }),
      );
    }
  }

  /**
   * Acknowledges the delivery (and for a failure copies it to the dead letters), retrying while
   * Redis is unavailable. Gives up only when the worker closes: the delivery then stays stored and
   * runs again elsewhere (at least once, never lost). True when this call acknowledged it.
   */
  async #finish(held: Held, outcome: 'done' | 'failed', reason: string, attempts: number): Promise<boolean> {
    for (let failures = 0; ; failures++) {
      try {
        const acked = await this.#connection.run((client) =>
          FINISH.run(
            client,
            [this.#keys.stream, this.#keys.user(held.userKey), this.#keys.failed],
            [WORKER_GROUP, held.id, outcome, reason.slice(0, 2_000), attempts, DEAD_LETTER_CAP],
          ),
        );
        return Number(acked) === 1;
      } catch (error) {
        this.#trouble(error);
        if (this.#stopping && failures >= 3) return false;
        await this.#sleep(Math.min(2_000, 50 * 2 ** failures));
      }
    }
  }

  // ---- shutdown -----------------------------------------------------------------------------------

  close(options: RedisWebhookWorkerCloseOptions = {}): Promise<void> {
    const timeoutMs = options.timeoutMs;
    if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs >= 0)) {
      return Promise.reject(new RedisAdapterConfigurationError(`${OWNER}: close({ timeoutMs }) must be a number >= 0`));
    }
    this.#closing ??= this.#shutDown(timeoutMs);
    return this.#closing;
  }

  async #shutDown(timeoutMs: number | undefined): Promise<void> {
    // Stops the reader at once; waiting lanes and back-offs wake up and stop.
    this.#stop.abort();
    this.#reader.disconnect();
    if (this.#processing > 0) {
      this.#idle = QueueWorker.#signal();
      const running = this.#idle.promise;
      if (timeoutMs === undefined) await running;
      else await Promise.race([running, this.#clock.sleep(timeoutMs).catch(() => undefined)]);
    }
    await Promise.allSettled(this.#loops);
    try {
      await this.#connection.run((client) =>
        RELEASE.run(client, [this.#keys.stream], [WORKER_GROUP, this.name, this.#claimIdleMs]),
      );
    } catch {
      // Redis is down: the deliveries are taken over after claimIdleMs anyway.
    }
    await this.#connection.close();
  }

  toJSON(): { name: string; server: string; active: number; closed: boolean } {
    return { name: this.name, server: this.#connection.server, active: this.active, closed: this.closed };
  }

  [INSPECT](): string {
    return `RedisWebhookWorker { name: '${this.name}', server: '${this.#connection.server}', active: ${this.active}, closed: ${this.closed} }`;
  }
}

/**
 * Starts a worker of the durable delivery queue filled by `createRedisWebhookReceiver`. Run one or
 * more per process, in as many processes as you like: together they process every stored delivery
 *
 * - at least once: a delivery is acknowledged (and deleted) only after `onEvent` returned; if a
 *   worker dies while holding it, another takes it over after `claimIdleMs`;
 * - one at a time per user, in the order the receivers stored them: a delivery runs only when every
 *   older delivery of its user has finished;
 * - with retries (`retry`); one that still fails is moved to the dead-letter stream
 *   (`<prefix>:webhooks:{<queue>}:failed`), reported to `onError`, and its user's next deliveries go on.
 *
 * Duplicates were dropped when they were received, so `onEvent` runs more than once for a delivery
 * only after a worker stopped mid-way (`context.deliveries > 1`): make it idempotent, keyed by
 * `event.deliveryKey`, and the effects are exactly once.
 *
 * @throws {RedisAdapterConfigurationError} for a missing or malformed URL or option.
 *
 * @example
 * ```ts
 * import { createRedisWebhookWorker } from '@commerce-kit/redis/webhooks';
 *
 * const worker = createRedisWebhookWorker({
 *   url: process.env.REDIS_URL ?? 'redis://localhost:6379',
 *   onEvent: async (event, { deliveries }) => {
 *     console.log(event.type, event.data.id, deliveries > 1 ? '(again)' : '');
 *   },
 * });
 * process.on('SIGTERM', () => void worker.close({ timeoutMs: 10_000 }));
 * ```
 */
export function createRedisWebhookWorker(options: RedisWebhookWorkerOptions): RedisWebhookWorker {
  return new QueueWorker(options);
}
