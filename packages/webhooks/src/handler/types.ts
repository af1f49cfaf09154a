import type { FetchWebhookHandler } from '../adapters/fetch.js';
import type { NodeWebhookListener } from '../adapters/node.js';
import type { WebhookResponse } from '../adapters/types.js';
import type { DeliveryBody } from '../body.js';
import type { WebhookProcessingError } from '../errors/processing-error.js';
import type { WebhookEvent } from '../events.js';
import type { HeadersInput } from '../headers.js';
import type { IdempotencyStore } from '../idempotency.js';
import type { UserLock } from '../user-lock.js';
import type { VerifyDeliveryFailure, VerifyDeliveryOptions } from '../verify.js';

/** Context passed to `onEvent` next to the event. */
export interface WebhookEventContext {
  /** 1 for the first try, 2 for the first retry, and so on. */
  readonly attempt: number;
  /** The event's user key (`userKey(event)`): events with the same key never run concurrently. */
  readonly userKey: string;
}

/** Retry policy for a failing `onEvent`. */
export interface WebhookRetryOptions {
  /** Retries after the first failure (default 3, so up to 4 calls). 0 disables retrying. */
  readonly retries?: number | undefined;
  /** Delay before retry number `retry` (1-based), in ms. Default: 500 ms doubling, capped at 30 s. */
  readonly delayMs?: ((retry: number) => number) | undefined;
}

/** Duplicate detection settings. */
export interface WebhookIdempotencyOptions {
  /** Where accepted delivery keys are remembered (default: a `MemoryIdempotencyStore` on the handler's clock). */
  readonly store?: IdempotencyStore | undefined;
  /**
   * How long a key is remembered, in seconds. Default: `maxAgeSeconds + maxFutureSeconds + 61`
   * (86 761 with the default window), the time a delivery can pass the replay window plus a
   * minute; at least `maxAgeSeconds + maxFutureSeconds + 1` (shorter would let a copy through).
   * Seven days when `maxAgeSeconds` is `false`.
   */
  readonly ttlSeconds?: number | undefined;
}

/** Options of `createWebhookHandler`: the verification options plus how events are processed. */
export interface WebhookHandlerOptions extends VerifyDeliveryOptions {
  /**
   * Called from the queue for every accepted, non-duplicate event, after the 200 has been handed to
   * the server. Throw (or reject) to have it retried.
   */
  readonly onEvent: (event: WebhookEvent, context: WebhookEventContext) => unknown;
  /** Called when `onEvent` failed for good (`error.cause` is what it threw). Default: `console.error`. */
  readonly onError?: ((error: WebhookProcessingError, event: WebhookEvent) => void) | undefined;
  /** Called for every refused delivery, for logging (never receives the secret). */
  readonly onRejected?: ((failure: VerifyDeliveryFailure) => void) | undefined;
  /**
   * The user an event belongs to: events with the same key run one at a time, in arrival order;
   * other keys run in parallel (up to `concurrency`). The platform's API documentation shows no
   * payload field naming the user, so by default every event has the key `'*'`: one queue, which
   * serialises each user's events whatever the payload holds. Return the user's id when your
   * payloads carry it (e.g. `(event) => String(event.payload['user_id'])`).
   */
  readonly userKey?: ((event: WebhookEvent) => string) | undefined;
  /**
   * Serialises each user's events across processes too (see `UserLock`). Default: none, events
   * are serialised per user within this process only.
   */
  readonly userLock?: UserLock | undefined;
  /** Events of different user keys processed at the same time (default 8). */
  readonly concurrency?: number | undefined;
  /** Most accepted events waiting or running before new deliveries get 503 (default 10 000). */
  readonly maxPending?: number | undefined;
  /** Retry policy for `onEvent`; back-off waits use the `clock`. */
  readonly retry?: WebhookRetryOptions | undefined;
  /** Duplicate detection; `false` turns it off (not recommended). */
  readonly idempotency?: WebhookIdempotencyOptions | false | undefined;
}

/** Options of {@link WebhookHandler.drain} and {@link WebhookHandler.close}. */
export type WebhookShutdownOptions = {
  /** Longest wait in milliseconds (a number >= 0), measured on the handler's clock; default: no limit. */
  readonly timeoutMs?: number | undefined;
};

/** A webhook receiver: verifies, acknowledges, de-duplicates and queues deliveries. */
export interface WebhookHandler {
  /** Node `http` / Express listener: `http.createServer(webhooks.node)`, `app.post('/webhooks', webhooks.node)`. */
  readonly node: NodeWebhookListener;
  /** Fetch API handler, `(request, env?, ctx?) => Promise<Response>`: Hono, Next.js, Cloudflare Workers. */
  readonly fetch: FetchWebhookHandler;
  /** Framework-independent entry: verify and enqueue one delivery, return what to answer. */
  handle(body: DeliveryBody, headers: HeadersInput): Promise<WebhookResponse>;
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
