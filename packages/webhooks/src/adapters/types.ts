import type { DeliveryBody } from '../body.js';
import type { HeadersInput } from '../headers.js';
import type { WebhookResponseBody } from '@commerce-kit/internal/webhook-defaults';

/** What the handler answers for one delivery, independent of the HTTP framework. */
export interface WebhookResponse {
  /** 200 accepted, 400 invalid delivery, 413 body too large, 500 store failure, 503 shutting down or full. */
  readonly status: 200 | 400 | 413 | 500 | 503;
  /** JSON body to send. */
  readonly body: WebhookResponseBody;
  /**
   * Settles when `onEvent` has finished with this delivery (or immediately if nothing was queued).
   * Pass it to `ctx.waitUntil` on runtimes that stop work after the response is sent.
   */
  readonly processed: Promise<void>;
}

/** The framework-independent core the adapters call. @internal */
export interface DeliveryProcessor {
  /**
   * `acknowledged` settles once the answer has been handed to the server; `onEvent` waits for it.
   * Adapters that cannot tell leave it out, and a 0 ms sleep on the handler's clock is used instead.
   */
  handle(body: DeliveryBody, headers: HeadersInput, acknowledged?: Promise<void>): Promise<WebhookResponse>;
  readonly maxBodyBytes: number;
}

/** Response for a body over the limit, produced by adapters before the handler sees it. @internal */
export function tooLargeResponse(): WebhookResponse {
  return { status: 413, body: { received: false, reason: 'body_too_large' }, processed: Promise.resolve() };
}
