/**
 * Sends the outbox's pending events, oldest first, one at a time (so a receiver sees a customer's
 * events in order), off the request path: a write only wakes the dispatcher after its transaction
 * committed, and never waits for it. Each attempt is recorded with its status and response.
 */
import type { Clock } from '@commerce-kit/internal/clock';
import { computeSignature, SIGNATURE_HEADER } from '@commerce-kit/webhooks';
import { validateWebhookPayload } from '@commerce-kit/api-types/validators';
import type { Logger } from '../logger.js';
import type { DeliveryStatus, OutboxRow } from '../store/outbox.js';
import type { Store } from '../store/store.js';

/** The receiver must answer within ten seconds (platform limit). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is kept per attempt. */
export const MAX_RECORDED_RESPONSE = 2048;

export interface DispatcherOptions {
  readonly store: Store;
  readonly clock: Clock;
  readonly url: string | undefined;
  readonly secret: () => string;
  readonly log: Logger;
  readonly fetch?: typeof globalThis.fetch | undefined;
}

class TimeoutSignal extends Error {}

export class Dispatcher {
  readonly #options: DispatcherOptions;
  readonly #fetch: typeof globalThis.fetch;
  #running: Promise<void> | undefined;
  #again = false;
  #stopping = false;
  /** Aborts the attempt in flight when a drain gives up. */
  #inflight: AbortController | undefined;

  constructor(options: DispatcherOptions) {
    this.#options = options;
    this.#fetch = options.fetch ?? globalThis.fetch;
  }

  /** Wakes the dispatcher (after a write committed, at start, after a re-send). Returns at once. */
  wake(): void {
    if (this.#options.url === undefined || this.#stopping) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.#safeLoop()).finally(() => {
      this.#running = undefined;
      if (this.#again && !this.#stopping) {
        this.#again = false;
        this.wake();
      }
    });
  }

  /** A failure of the loop itself (the database gone) is logged, never an unhandled rejection. */
  async #safeLoop(): Promise<void> {
    try {
      await this.#loop();
    } catch (error) {
      this.#options.log.error(`webhook dispatcher stopped: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async #loop(): Promise<void> {
    let after = 0;
    for (;;) {
      const row = this.#options.store.outbox.nextPending(after);
      if (!row) return;
      after = row.seq;
      await this.#deliver(row);
      if (this.#stopping && this.#drainDeadline !== undefined && this.#options.clock.now() >= this.#drainDeadline) return;
    }
  }

  #drainDeadline: number | undefined;

  /**
   * Stops taking new work after the pending events are sent (or `timeoutMs` passed: what is left stays
   * pending in the database, sent at the next start with the same data file).
   */
  async drain(timeoutMs: number): Promise<void> {
    this.#drainDeadline = this.#options.clock.now() + timeoutMs;
    this.#stopping = true;
    if (!this.#running) {
      if (this.#options.url !== undefined && this.#options.store.outbox.pendingCount() > 0) {
        this.#running = this.#safeLoop();
      } else return;
    }
    const stopTimer = new AbortController();
    this.#options.clock.sleep(timeoutMs, stopTimer.signal).then(
      () => this.#inflight?.abort(),
      () => undefined,
    );
    try {
      await this.#running;
    } finally {
      stopTimer.abort();
    }
  }

  async #deliver(row: OutboxRow): Promise<void> {
    const { store, clock, url, log } = this.#options;
    if (url === undefined) return;
    const started = clock.now();
    const timestamp = String(Math.floor(started / 1000));
    const payload = { type: row.event_type, timestamp, token: row.token, data: JSON.parse(row.data) as unknown };
    let status: number | null = null;
    let responseBody: string | null = null;
    let error: string | null = null;
    if (!validateWebhookPayload(payload)) {
      error = `the payload does not match the spec's WebhookPayload: ${JSON.stringify(validateWebhookPayload.errors)}`;
      log.error(`webhook ${row.event_type} #${row.seq}: ${error}`);
    } else {
      const controller = new AbortController();
      this.#inflight = controller;
      const timer = new AbortController();
      try {
        const attempt = this.#fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'commerce-kit-sandbox',
            [SIGNATURE_HEADER]: computeSignature(this.#options.secret(), timestamp, row.token),
          },
          body: JSON.stringify(payload),
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
              ? 'stopped: the sandbox shut down during the attempt'
              : describeFetchError(caught);
      } finally {
        timer.abort();
        this.#inflight = undefined;
      }
    }
    const outcome: DeliveryStatus = status !== null && status >= 200 && status < 300 ? 'delivered' : 'failed';
    if (outcome === 'failed') log.warn(`webhook ${row.event_type} for ${row.object_id} to ${url}: ${error ?? `answered ${status}`}`);
    if (!store.db.open) return;
    const finished = clock.now();
    store.write(() =>
      store.outbox.recordAttempt(
        { outbox_seq: row.seq, started_at: started, duration_ms: Math.max(0, finished - started), url, status, response_body: responseBody, error },
        outcome,
        finished,
      ),
    );
  }
}

function describeFetchError(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = cause && typeof cause === 'object' && 'code' in cause ? String((cause as { code: unknown }).code) : undefined;
  const message = cause instanceof Error ? cause.message : String(cause);
  return code ? `${code}: ${message}` : message;
}
