/**
 * The receiving side of the handler: verify a delivery, claim its duplicate key, queue it, and say
 * what to answer. `onEvent` is held back until the answer has been handed to the server.
 * @internal
 */
import type { WebhookResponse } from '../adapters/types.js';
import type { DeliveryBody } from '../body.js';
import { WebhookProcessingError } from '../errors/processing-error.js';
import type { WebhookEvent } from '../events.js';
import type { HeadersInput } from '../headers.js';
import type { KeyedQueue } from '../queue.js';
import { verifyWithConfig, type VerifyDeliveryFailure } from '../verify.js';
import type { IdempotencyConfig, HandlerConfig } from './options.js';
import type { Job } from './processing.js';

/** Verifies and enqueues one delivery; `acknowledged` settles once the answer is on its way. @internal */
export type Intake = (
  body: DeliveryBody,
  headers: HeadersInput,
  acknowledged?: Promise<void>,
) => Promise<WebhookResponse>;

function respond(
  status: WebhookResponse['status'],
  body: WebhookResponse['body'],
  processed = Promise.resolve(),
): WebhookResponse {
  return { status, body, processed };
}

const DUPLICATE = { received: true, duplicate: true } as const;
const ACCEPTED = { received: true } as const;
const INTERNAL_ERROR = { received: false, reason: 'internal_error' } as const;

function reject(config: HandlerConfig, failure: VerifyDeliveryFailure): WebhookResponse {
  try {
    config.onRejected?.(failure);
  } catch {
    // Logging must not change the answer.
  }
  return respond(failure.reason === 'body_too_large' ? 413 : 400, { received: false, reason: failure.reason });
}

function userKeyOf(config: HandlerConfig, event: WebhookEvent): string | undefined {
  try {
    return String(config.userKey(event));
  } catch (error) {
    config.onError(new WebhookProcessingError(event, 0, error), event);
    return undefined;
  }
}

/**
 * Claims the delivery's key, then queues it. The job is queued before an asynchronous store answers,
 * so arrival order per user is kept; the queue skips it if the claim turns out to be a duplicate or
 * fails.
 */
async function claimAndQueue(
  idempotency: IdempotencyConfig,
  queue: KeyedQueue<Job>,
  job: Job,
  acknowledged: Promise<boolean>,
): Promise<WebhookResponse> {
  let claim: boolean | Promise<boolean>;
  try {
    claim = idempotency.store.claim(job.event.deliveryKey, idempotency.ttlSeconds);
  } catch {
    return respond(500, INTERNAL_ERROR);
  }
  if (typeof claim === 'boolean') {
    return claim ? respond(200, ACCEPTED, queue.push(job.userKey, job, acknowledged)) : respond(200, DUPLICATE);
  }
  const gate = Promise.all([claim, acknowledged]).then(
    ([claimed]) => claimed === true,
    () => false,
  );
  const processed = queue.push(job.userKey, job, gate);
  try {
    return (await claim) ? respond(200, ACCEPTED, processed) : respond(200, DUPLICATE);
  } catch {
    return respond(500, INTERNAL_ERROR);
  }
}

/** The handler's core, shared by every adapter. @internal */
export function createIntake(config: HandlerConfig, queue: KeyedQueue<Job>, isClosed: () => boolean): Intake {
  const { verifier, idempotency, maxPending } = config;
  return async (body, headers, acknowledged) => {
    if (isClosed()) return respond(503, { received: false, reason: 'shutting_down' });
    const result = verifyWithConfig(body, headers, verifier);
    if (!result.ok) return reject(config, result);
    const { event } = result;
    if (queue.pending >= maxPending) return respond(503, { received: false, reason: 'queue_full' });
    const userKey = userKeyOf(config, event);
    if (userKey === undefined) return respond(500, INTERNAL_ERROR);
    // Adapters that cannot tell when the answer left wait one 0 ms clock sleep: a later macrotask
    // on the system clock, after the response has been handed over in the current one.
    // A wait that fails (an injected clock) only shortens it: the event is never dropped for it.
    const sent = (acknowledged ?? verifier.clock.sleep(0)).then(
      () => true,
      () => true,
    );
    const job: Job = { event, userKey };
    if (idempotency === undefined) return respond(200, ACCEPTED, queue.push(userKey, job, sent));
    return claimAndQueue(idempotency, queue, job, sent);
  };
}
