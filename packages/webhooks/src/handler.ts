import { createFetchHandler, type FetchWebhookHandler, type WaitUntilContext } from './adapters/fetch.js';
import { createNodeListener, type NodeRequestLike, type NodeResponseLike, type NodeWebhookListener } from './adapters/node.js';
import type { DeliveryProcessor, WebhookResponse } from './adapters/types.js';
import type { WebhookClock } from './clock.js';
import { afterAcknowledgement } from './defer.js';
import { WebhookConfigurationError, WebhookShutdownTimeoutError } from './errors.js';
import type { WebhookEvent } from './events.js';
import type { HeadersInput } from './headers.js';
import { MemoryIdempotencyStore, type IdempotencyStore } from './idempotency.js';
import { KeyedQueue } from './queue.js';
import type { WebhookSecret } from './secret.js';
import { resolveVerifierConfig, verifyWithConfig, type DeliveryBody, type VerifyDeliveryFailure } from './verify.js';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** Context passed to `onEvent` next to the event. */
export interface WebhookEventContext {
  /** 1 for the first try, 2 for the first retry, and so on. */
  readonly attempt: number;
  /** The queue key (`userKey(event)`): events with the same key never run concurrently. */
  readonly userKey: string;
}

/** Reported through `onError` when `onEvent` still fails after all retries. */
export class WebhookProcessingError extends Error {
  /** The event that could not be processed. */
  readonly event: WebhookEvent;
  /** How many times `onEvent` was called for it. */
  readonly attempts: number;

  /**
   * @param event - the event whose processing failed.
   * @param attempts - number of calls made.
   * @param cause - the last error thrown by `onEvent`.
   */
  constructor(event: WebhookEvent, attempts: number, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`onEvent failed ${attempts} time(s) for ${event.type ?? 'an event of unknown type'} (data.id ${event.data.id}): ${reason}`, {
      cause,
    });
    this.name = 'WebhookProcessingError';
    this.event = event;
    this.attempts = attempts;
  }
}

/** Retry policy for a failing `onEvent`. */
export interface WebhookRetryOptions {
  /** Retries after the first failure (default 3, so up to 4 calls). 0 disables retrying. */
  readonly retries?: number;
  /** Delay before retry number `retry` (1-based), in ms. Default: 500 ms doubling, capped at 30 s. */
  readonly delayMs?: (retry: number) => number;
}

/** Duplicate detection settings. */
export interface WebhookIdempotencyOptions {
  /** Where accepted delivery keys are remembered (default: a {@link MemoryIdempotencyStore}). */
  readonly store?: IdempotencyStore;
  /**
   * How long a key is remembered, in seconds. Default: twice the replay window plus a minute
   * (a delivery stays acceptable for at most twice the window), or one day if the window is off.
   */
  readonly ttlSeconds?: number;
}

/** Options of {@link createWebhookHandler}. */
export interface WebhookHandlerOptions {
  /** Verification key, or several during key rotation. Empty or missing throws at creation. */
  readonly secret: WebhookSecret | readonly WebhookSecret[];
  /** Called from the queue for every accepted, non-duplicate event. Throw (or reject) to retry. */
  readonly onEvent: (event: WebhookEvent, context: WebhookEventContext) => unknown;
  /** Called when `onEvent` failed for good (`error.cause` is what it threw). Default: `console.error`. */
  readonly onError?: (error: WebhookProcessingError, event: WebhookEvent) => void;
  /** Called for every refused delivery, for logging (never receives the secret). */
  readonly onRejected?: (failure: VerifyDeliveryFailure) => void;
  /** Which queue an event goes to; events with the same key run one at a time. Default: `data.id`. */
  readonly userKey?: (event: WebhookEvent) => string;
  /** Events of different keys processed at the same time (default 8). */
  readonly concurrency?: number;
  /** Most accepted events waiting or running before new deliveries get 503 (default 10 000). */
  readonly maxPending?: number;
  /** Retry policy for `onEvent`. */
  readonly retry?: WebhookRetryOptions;
  /** Duplicate detection; `false` turns it off (not recommended). */
  readonly idempotency?: WebhookIdempotencyOptions | false;
  /** Replay window in seconds on both sides of now (default 300); `false` or `Infinity` switch it off. */
  readonly toleranceSeconds?: number | false;
  /** Largest accepted body in bytes (default 1 MiB). */
  readonly maxBodyBytes?: number;
  /** Payload fields that may hold the event type. */
  readonly eventTypeFields?: readonly string[];
  /**
   * The clock for the replay window and the in-memory store: `() => number` (ms since the epoch),
   * `() => Date`, or a fixed instant. Default: the real clock, read at every delivery.
   */
  readonly now?: WebhookClock;
  /** Another name for {@link WebhookHandlerOptions.now}; give one or the other. */
  readonly clock?: WebhookClock;
  /** How to wait between retries (default `setTimeout`); inject one in tests. */
  readonly sleep?: (ms: number) => Promise<void>;
}

/** Options of {@link WebhookHandler.drain} and {@link WebhookHandler.close}. */
export interface WebhookShutdownOptions {
  /** Longest wait in milliseconds (a number >= 0); default: no limit. */
  readonly timeoutMs?: number;
}

/** A webhook receiver: verifies, acknowledges, de-duplicates and queues deliveries. */
export interface WebhookHandler {
  /**
   * The handler is itself a listener for Node `http` and Express, the same as `handler.node`:
   * `http.createServer(handler)`, `app.post('/webhooks', handler)`.
   */
  (req: NodeRequestLike, res: NodeResponseLike): Promise<void>;
  /**
   * Called with a Fetch `Request` (and no Node response), it is the same as `handler.fetch`:
   * `const response = await handler(request)`.
   */
  (request: Request, env?: unknown, ctx?: WaitUntilContext): Promise<Response>;
  /** Framework-independent entry: verify and enqueue one delivery, return what to answer. */
  handle(body: DeliveryBody, headers: HeadersInput): Promise<WebhookResponse>;
  /** Node `http` / Express listener: `http.createServer(handler.node)`, `app.post('/hooks', handler.node)`. */
  readonly node: NodeWebhookListener;
  /** Fetch API handler: `(request) => Promise<Response>` (Hono, Next.js, Cloudflare Workers). */
  readonly fetch: FetchWebhookHandler;
  /**
   * Resolves when every accepted event has been processed (retries included). With `timeoutMs`,
   * rejects with `WebhookShutdownTimeoutError` (listing the unfinished events) if that takes
   * longer; processing goes on regardless.
   */
  drain(options?: WebhookShutdownOptions): Promise<void>;
  /**
   * Stops accepting (new deliveries get 503 so the platform can send them again) and drains.
   * Without `timeoutMs` it waits as long as `onEvent` takes. With `timeoutMs`, when the time is
   * up it rejects with `WebhookShutdownTimeoutError` listing the unfinished events, and starts
   * nothing more (no queued event, no retry), so a hung `onEvent` cannot block shutdown forever.
   */
  close(options?: WebhookShutdownOptions): Promise<void>;
  /** Accepted events not yet finished. */
  readonly pending: number;
  /** Whether `close()` was called. */
  readonly closed: boolean;
}

function isNodeResponse(value: unknown): value is NodeResponseLike {
  return typeof value === 'object' && value !== null && typeof (value as NodeResponseLike).setHeader === 'function';
}

function defaultBackoff(retry: number): number {
  return Math.min(30_000, 500 * 2 ** (retry - 1));
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function defaultOnError(error: WebhookProcessingError): void {
  console.error(`[@commerce-kit/webhooks] ${error.message}`, error.cause);
}

function positiveInteger(value: number | undefined, fallback: number, name: string, min = 1): number {
  const result = value ?? fallback;
  if (!Number.isSafeInteger(result) || result < min) {
    throw new WebhookConfigurationError(`${name} must be an integer >= ${min}`);
  }
  return result;
}

function respond(status: WebhookResponse['status'], body: WebhookResponse['body'], processed = Promise.resolve()): WebhookResponse {
  return { status, body, processed };
}

/**
 * Creates a webhook receiver. Each delivery is verified (signature, replay window, size), then
 * acknowledged at once with 200 while `onEvent` runs later from a queue, so the platform's
 * ten-second limit is always met. Invalid deliveries get 400 (413 when too large).
 *
 * Throws `WebhookConfigurationError` at creation for an empty or missing secret or bad options.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createWebhookHandler } from '@commerce-kit/webhooks';
 *
 * const webhooks = createWebhookHandler({
 *   secret: process.env.WEBHOOK_SECRET ?? '',
 *   onEvent: async (event) => {
 *     if (event.type === 'customer_created') console.log('new customer', event.data.id);
 *   },
 * });
 * const server = createServer(webhooks.node).listen(3000);
 * process.on('SIGTERM', async () => {
 *   server.close();
 *   await webhooks.close();
 * });
 * ```
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  if (options === null || typeof options !== 'object') {
    throw new WebhookConfigurationError('createWebhookHandler needs options with `secret` and `onEvent`');
  }
  const config = resolveVerifierConfig(options);
  if (typeof options.onEvent !== 'function') throw new WebhookConfigurationError('onEvent must be a function');
  const onEvent = options.onEvent;
  const onError = options.onError ?? defaultOnError;
  const onRejected = options.onRejected;
  const userKey = options.userKey ?? ((event: WebhookEvent) => event.data.id);
  const concurrency = positiveInteger(options.concurrency, 8, 'concurrency');
  const maxPending = positiveInteger(options.maxPending, 10_000, 'maxPending');
  const retries = positiveInteger(options.retry?.retries, 3, 'retry.retries', 0);
  const backoff = options.retry?.delayMs ?? defaultBackoff;
  const sleep = options.sleep ?? defaultSleep;

  let store: IdempotencyStore | undefined;
  let ttlSeconds = 0;
  if (options.idempotency !== false) {
    store = options.idempotency?.store ?? new MemoryIdempotencyStore({ now: config.now });
    ttlSeconds = options.idempotency?.ttlSeconds ?? (config.tolerance === false ? 86_400 : config.tolerance * 2 + 60);
    if (!(ttlSeconds > 0) || !Number.isFinite(ttlSeconds)) {
      throw new WebhookConfigurationError('idempotency.ttlSeconds must be a positive number');
    }
  }

  interface Job {
    readonly event: WebhookEvent;
    readonly userKey: string;
  }
  const queue = new KeyedQueue<Job>({
    concurrency,
    retries,
    backoff,
    sleep,
    run: (job, attempt) => onEvent(job.event, { attempt, userKey: job.userKey }),
    onFailure: (error, job, attempts) => onError(new WebhookProcessingError(job.event, attempts, error), job.event),
  });
  let closed = false;

  async function handle(body: DeliveryBody, headers: HeadersInput, sent?: Promise<void>): Promise<WebhookResponse> {
    if (closed) return respond(503, { received: false, reason: 'shutting_down' });
    const result = verifyWithConfig(body, headers, config);
    if (!result.ok) {
      try {
        onRejected?.(result);
      } catch {
        // Logging must not change the answer.
      }
      return respond(result.reason === 'body_too_large' ? 413 : 400, { received: false, reason: result.reason });
    }
    const { event } = result;
    if (queue.pending >= maxPending) return respond(503, { received: false, reason: 'queue_full' });
    let key: string;
    try {
      key = String(userKey(event));
    } catch (error) {
      onError(new WebhookProcessingError(event, 0, error), event);
      return respond(500, { received: false, reason: 'internal_error' });
    }
    // onEvent starts only once the response is on its way (told by the Node adapter, else a later
    // macrotask: see defer.ts), even if it does synchronous work before its first await.
    const acknowledged = (sent ?? afterAcknowledgement()).then(() => true);
    if (store === undefined) return respond(200, { received: true }, queue.push(key, { event, userKey: key }, acknowledged));
    let claim: boolean | Promise<boolean>;
    try {
      claim = store.claim(event.deliveryKey, ttlSeconds);
    } catch {
      return respond(500, { received: false, reason: 'internal_error' });
    }
    if (typeof claim === 'boolean') {
      if (!claim) return respond(200, { received: true, duplicate: true });
      return respond(200, { received: true }, queue.push(key, { event, userKey: key }, acknowledged));
    }
    // Enqueue before the store answers, so arrival order per user is kept; the queue skips the
    // entry if the claim turns out to be a duplicate or fails.
    const gate = Promise.all([claim, acknowledged]).then(
      ([claimed]) => claimed === true,
      () => false,
    );
    const processed = queue.push(key, { event, userKey: key }, gate);
    try {
      if (!(await claim)) return respond(200, { received: true, duplicate: true });
    } catch {
      return respond(500, { received: false, reason: 'internal_error' });
    }
    return respond(200, { received: true }, processed);
  }

  async function waitForQueue(shutdown: WebhookShutdownOptions | undefined, stopOnTimeout: boolean): Promise<void> {
    const timeoutMs = shutdown?.timeoutMs;
    if (timeoutMs === undefined) return queue.drain();
    if (typeof timeoutMs !== 'number' || !(timeoutMs >= 0) || !Number.isFinite(timeoutMs)) {
      throw new WebhookConfigurationError('timeoutMs must be a finite number of milliseconds >= 0');
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const drained = await Promise.race([queue.drain().then(() => true), timedOut]);
    clearTimeout(timer);
    if (drained) return;
    const unfinished = queue.unfinished().map((job) => job.event);
    if (stopOnTimeout) queue.stop();
    throw new WebhookShutdownTimeoutError(unfinished, timeoutMs);
  }

  const processor: DeliveryProcessor = { handle, maxBodyBytes: config.maxBodyBytes };
  const handlePublic = (body: DeliveryBody, headers: HeadersInput): Promise<WebhookResponse> => handle(body, headers);
  const node = createNodeListener(processor);
  const fetch = createFetchHandler(processor);
  // One function for both call styles: a Node response object has `setHeader`; the second
  // argument of a Fetch-style call is absent or a runtime's `env`.
  function call(req: NodeRequestLike, res: NodeResponseLike): Promise<void>;
  function call(request: Request, env?: unknown, ctx?: WaitUntilContext): Promise<Response>;
  function call(first: NodeRequestLike | Request, second?: unknown, ctx?: WaitUntilContext): Promise<void | Response> {
    if (isNodeResponse(second)) return node(first as NodeRequestLike, second);
    return fetch(first as Request, second, ctx);
  }
  const members: Omit<WebhookHandler, 'pending' | 'closed'> = {
    handle: handlePublic,
    node,
    fetch,
    drain: (shutdown) => waitForQueue(shutdown, false),
    close: (shutdown) => {
      closed = true;
      return waitForQueue(shutdown, true);
    },
  };
  const handler = Object.defineProperties(Object.assign(call, members), {
    pending: { get: () => queue.pending, enumerable: true },
    closed: { get: () => closed, enumerable: true },
    [INSPECT]: { value: () => `WebhookHandler { pending: ${queue.pending}, closed: ${closed} }` },
  }) as unknown as WebhookHandler;
  return handler;
}
