/**
 * Sends the outbox's pending events, oldest first, off the request path: a write only wakes the
 * dispatcher after its transaction committed, and never waits for it. By default one delivery at a
 * time (a receiver sees a customer's events in order); the {@link WebhookMode} switches on the
 * conditions the platform warns about: duplicates, held and reordered deliveries, bursts, late
 * timestamps. A failed delivery is retried on the back-off schedule; every attempt is recorded.
 */
import type { Clock } from '@commerce-kit/internal/clock';
import { computeSignature, SIGNATURE_HEADER } from '@commerce-kit/webhooks';
import { validateWebhookPayload } from '@commerce-kit/api-types/validators';
import { SandboxError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { AttemptOutcome, AttemptRow, OutboxRow } from '../store/outbox.js';
import type { Store } from '../store/store.js';
import { DEFAULT_WEBHOOK_MODE, ordered, type ReleaseOrder, type WebhookMode } from './mode.js';

/** The receiver must answer within ten seconds (platform limit). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is kept per attempt. */
export const MAX_RECORDED_RESPONSE = 2048;
/** Due deliveries read per round (and sent together in concurrent mode). */
const BATCH = 100;

/**
 * Waits before each retry of a failed delivery (ms): 10 s, 1 min, 5 min, 30 min, 2 h. The platform's
 * retry policy is not documented; this is a common shape (Stripe and Shopify retry for hours to days).
 */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [10_000, 60_000, 300_000, 1_800_000, 7_200_000];

export interface DispatcherOptions {
  readonly store: Store;
  readonly clock: Clock;
  readonly url: string | undefined;
  readonly secret: () => string;
  readonly log: Logger;
  readonly retrySchedule: readonly number[];
}

type Attempt = Omit<AttemptRow, 'id'>;

class TimeoutSignal extends Error {}

export class Dispatcher {
  readonly #options: DispatcherOptions;
  #mode: WebhookMode = DEFAULT_WEBHOOK_MODE;
  #running: Promise<void> | undefined;
  #again = false;
  #stopping = false;
  #paused = false;
  #drainDeadline: number | undefined;
  /** Attempts in flight, aborted when a drain gives up or a restore pauses the dispatcher. */
  readonly #inflight = new Set<AbortController>();
  /** Deliveries under way (from the loop or a release), by outbox seq. */
  readonly #sending = new Map<number, Promise<void>>();
  #retryTimer: AbortController | undefined;
  readonly #listeners = new Set<() => void>();

  constructor(options: DispatcherOptions) {
    this.#options = options;
  }

  get mode(): WebhookMode {
    return this.#mode;
  }

  /** Deliveries kept by the `hold` mode, waiting for a release. */
  get held(): number {
    if (!this.#mode.hold || this.#options.url === undefined) return 0;
    return this.#options.store.outbox.pendingCount() - this.#sending.size;
  }

  setMode(change: Partial<WebhookMode>): WebhookMode {
    const wasHolding = this.#mode.hold;
    this.#mode = { ...this.#mode, ...change };
    if (wasHolding && !this.#mode.hold) this.wake();
    this.#notify();
    return this.#mode;
  }

  /** Wakes the dispatcher (after a write committed, at start, after a re-send). Returns at once. */
  wake(): void {
    if (this.#options.url === undefined || this.#stopping || this.#paused) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.#safe(() => this.#loop()))
      .finally(() => {
        this.#running = undefined;
        if (this.#again && !this.#stopping && !this.#paused) {
          this.#again = false;
          this.wake();
        }
        this.#notify();
      });
  }

  /** Sends the held deliveries now, in `order`; resolves with how many were sent once they all were. */
  async release(order: ReleaseOrder, seed: number): Promise<number> {
    if (this.#options.url === undefined || this.#paused) return 0;
    const rows = ordered(
      this.#options.store.outbox.pending().filter((row) => !this.#sending.has(row.seq)),
      order,
      seed,
    );
    await this.#safe(() => this.#sendAll(rows));
    this.wake(); // schedules the retries of what failed (the loop itself sends nothing while holding)
    return rows.length;
  }

  /**
   * Resolves when nothing is being sent and nothing is pending (held deliveries aside), retries
   * included; rejects with the count still pending after `timeoutMs` on the clock.
   */
  settle(timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = new AbortController();
      const check = (): void => {
        if (!this.#settled()) return;
        this.#listeners.delete(check);
        timer.abort();
        resolve();
      };
      this.#listeners.add(check);
      this.#options.clock.sleep(timeoutMs, timer.signal).then(
        () => {
          this.#listeners.delete(check);
          reject(
            new SandboxError(
              `${this.#options.store.outbox.pendingCount()} webhook deliveries still pending after ${timeoutMs} ms`,
            ),
          );
        },
        () => undefined,
      );
      check();
    });
  }

  /** Stops sending (attempts in flight are aborted and recorded) until {@link resume}: for reset and restore. */
  async pause(): Promise<void> {
    this.#paused = true;
    this.#retryTimer?.abort();
    for (const controller of this.#inflight) controller.abort();
    await Promise.allSettled([this.#running, ...this.#sending.values()]);
  }

  resume(): void {
    this.#paused = false;
    this.wake();
    this.#notify();
  }

  /**
   * Stops taking new work after the pending events are sent (or `timeoutMs` passed: what is left stays
   * pending in the database, sent at the next start with the same data file).
   */
  async drain(timeoutMs: number): Promise<void> {
    const { clock, store, url } = this.#options;
    this.#drainDeadline = clock.now() + timeoutMs;
    this.#stopping = true;
    this.#retryTimer?.abort();
    if (
      !this.#running &&
      !this.#paused &&
      !this.#mode.hold &&
      url !== undefined &&
      store.outbox.due(clock.now(), 1).length > 0
    ) {
      this.#running = this.#safe(() => this.#loop());
    }
    const stopTimer = new AbortController();
    clock.sleep(timeoutMs, stopTimer.signal).then(
      () => {
        for (const controller of this.#inflight) controller.abort();
      },
      () => undefined,
    );
    try {
      await Promise.allSettled([this.#running, ...this.#sending.values()]);
    } finally {
      stopTimer.abort();
    }
  }

  #settled(): boolean {
    if (this.#running !== undefined || this.#sending.size > 0) return false;
    if (this.#options.url === undefined || this.#mode.hold || this.#paused || this.#stopping) return true;
    return this.#options.store.outbox.pendingCount() === 0;
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  /** A failure of the dispatcher itself (the database gone) is logged, never an unhandled rejection. */
  async #safe(run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      this.#options.log.error(`webhook dispatcher: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async #loop(): Promise<void> {
    const { store, clock } = this.#options;
    for (;;) {
      if (this.#mode.hold || this.#paused || !store.db.open) return;
      if (this.#stopping && this.#drainDeadline !== undefined && clock.now() >= this.#drainDeadline) return;
      const rows = store.outbox.due(clock.now(), BATCH).filter((row) => !this.#sending.has(row.seq));
      if (rows.length === 0) {
        this.#scheduleRetry();
        return;
      }
      await this.#sendAll(rows);
    }
  }

  /** Wakes the loop when the next retry is due. */
  #scheduleRetry(): void {
    const { store, clock } = this.#options;
    if (this.#stopping || this.#paused) return;
    const at = store.outbox.nextDueAt();
    if (at === undefined) return;
    this.#retryTimer?.abort();
    const timer = new AbortController();
    this.#retryTimer = timer;
    clock.sleep(Math.max(0, at - clock.now()), timer.signal).then(
      () => this.wake(),
      () => undefined,
    );
  }

  async #sendAll(rows: readonly OutboxRow[]): Promise<void> {
    if (this.#mode.concurrent) {
      await Promise.all(rows.map((row) => this.#track(row)));
      return;
    }
    for (const row of rows) {
      if (
        this.#paused ||
        (this.#stopping && this.#drainDeadline !== undefined && this.#options.clock.now() >= this.#drainDeadline)
      )
        return;
      await this.#track(row);
    }
  }

  #track(row: OutboxRow): Promise<void> {
    const delivery = this.#deliver(row).finally(() => {
      this.#sending.delete(row.seq);
      this.#notify();
    });
    this.#sending.set(row.seq, delivery);
    return delivery;
  }

  async #deliver(row: OutboxRow): Promise<void> {
    const { store, clock, url, log, retrySchedule } = this.#options;
    if (url === undefined) return;
    // The first signed timestamp is kept: a retry or a duplicate carries the same signed message.
    let timestamp = row.signed_timestamp;
    if (timestamp === null) {
      const signed = String(Math.floor(clock.now() / 1000) - this.#mode.timestampAgeSeconds);
      timestamp = signed;
      store.write(() => store.outbox.sign(row.seq, signed));
    }
    const payload = { type: row.event_type, timestamp, token: row.token, data: JSON.parse(row.data) as unknown };
    let attempts: Attempt[];
    if (!validateWebhookPayload(payload)) {
      const error = `the payload does not match the spec's WebhookPayload: ${JSON.stringify(validateWebhookPayload.errors)}`;
      log.error(`webhook ${row.event_type} #${row.seq}: ${error}`);
      attempts = [
        { outbox_seq: row.seq, started_at: clock.now(), duration_ms: 0, url, status: null, response_body: null, error },
      ];
    } else {
      const request = {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'commerce-kit-sandbox',
          [SIGNATURE_HEADER]: computeSignature(this.#options.secret(), timestamp, row.token),
        },
        body: JSON.stringify(payload),
      };
      const copies = this.#mode.duplicate ? 2 : 1;
      if (this.#mode.concurrent) {
        attempts = await Promise.all(Array.from({ length: copies }, () => this.#post(row.seq, url, request)));
      } else {
        attempts = [];
        for (let i = 0; i < copies; i++) attempts.push(await this.#post(row.seq, url, request));
      }
    }
    const delivered = attempts.some((a) => a.status !== null && a.status >= 200 && a.status < 300);
    const finished = clock.now();
    const failedRounds = row.attempts + 1;
    const outcome: AttemptOutcome = delivered
      ? { status: 'delivered' }
      : failedRounds <= retrySchedule.length
        ? { status: 'pending', retryAt: finished + retrySchedule[failedRounds - 1]! }
        : { status: 'failed' };
    if (!delivered) {
      const last = attempts.at(-1)!;
      const next =
        outcome.status === 'pending'
          ? `; retry ${failedRounds} in ${retrySchedule[failedRounds - 1]} ms`
          : '; no retries left';
      log.warn(
        `webhook ${row.event_type} for ${row.object_id} to ${url}: ${last.error ?? `answered ${last.status}`}${next}`,
      );
    }
    if (!store.db.open) return;
    store.write(() => store.outbox.recordAttempts(attempts, outcome, finished, row.seq));
  }

  async #post(
    seq: number,
    url: string,
    request: { readonly headers: Record<string, string>; readonly body: string },
  ): Promise<Attempt> {
    const { clock } = this.#options;
    const started = clock.now();
    let status: number | null = null;
    let responseBody: string | null = null;
    let error: string | null = null;
    const controller = new AbortController();
    this.#inflight.add(controller);
    const timer = new AbortController();
    try {
      const attempt = fetch(url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
        redirect: 'manual',
      }).then(async (response) => ({ status: response.status, text: await response.text() }));
      attempt.catch(() => undefined); // a late failure after the timeout won is already accounted for
      const timeout = clock.sleep(DELIVERY_TIMEOUT_MS, timer.signal).then(
        () => {
          controller.abort();
          return 'timeout' as const;
        },
        () => 'cancelled' as const,
      );
      const result = await Promise.race([attempt, timeout]);
      if (typeof result === 'string') throw new TimeoutSignal();
      status = result.status;
      responseBody = result.text.slice(0, MAX_RECORDED_RESPONSE);
    } catch (caught) {
      error =
        caught instanceof TimeoutSignal
          ? `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`
          : controller.signal.aborted
            ? 'stopped: the sandbox shut down or was reset during the attempt'
            : describeFetchError(caught);
    } finally {
      timer.abort();
      this.#inflight.delete(controller);
    }
    return {
      outbox_seq: seq,
      started_at: started,
      duration_ms: Math.max(0, clock.now() - started),
      url,
      status,
      response_body: responseBody,
      error,
    };
  }
}

function describeFetchError(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code =
    cause && typeof cause === 'object' && 'code' in cause ? String((cause as { code: unknown }).code) : undefined;
  const message = cause instanceof Error ? cause.message : String(cause);
  return code ? `${code}: ${message}` : message;
}
