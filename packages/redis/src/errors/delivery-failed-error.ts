import type { WebhookEvent } from '@commerce-kit/webhooks';
import { RedisAdapterError } from './redis-adapter-error.js';

/**
 * A stored delivery was given up on: `onEvent` kept failing (all retries used), the delivery was
 * handed to workers more than `maxDeliveries` times without finishing, or the stored entry is not a
 * delivery. It was moved to the queue's dead-letter stream; the user's next deliveries go on.
 * Reported through the worker's `onError`.
 */
export class DeliveryFailedError extends RedisAdapterError {
  static override readonly brand: string = '@commerce-kit/redis:DeliveryFailedError';

  /** The event, or `undefined` when the stored entry could not be read as one. */
  readonly event: WebhookEvent | undefined;
  /** The delivery's id in the queue (a Redis stream id). */
  readonly deliveryId: string;
  /** The user key it was stored under. */
  readonly userKey: string;
  /** How many times `onEvent` was called for it by the worker that gave up (0: never). */
  readonly attempts: number;

  /**
   * @param init - what failed; `cause` is the last error `onEvent` threw, if any.
   */
  constructor(init: {
    readonly event: WebhookEvent | undefined;
    readonly deliveryId: string;
    readonly userKey: string;
    readonly attempts: number;
    readonly reason: string;
    readonly cause?: unknown;
  }) {
    const what =
      init.event === undefined
        ? 'a stored entry'
        : `${init.event.type ?? 'an event of unknown type'} (data.id ${init.event.data.id})`;
    super(`Gave up on ${what}, delivery ${init.deliveryId} of user ${JSON.stringify(init.userKey)}: ${init.reason}`, {
      cause: init.cause,
    });
    this.event = init.event;
    this.deliveryId = init.deliveryId;
    this.userKey = init.userKey;
    this.attempts = init.attempts;
  }
}
