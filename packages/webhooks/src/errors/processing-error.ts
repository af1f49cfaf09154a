import type { WebhookEvent } from '../events.js';
import { WebhookError } from './webhook-error.js';

/** Reported through `onError` when `onEvent` still fails after all retries. */
export class WebhookProcessingError extends WebhookError {
  static override readonly brand: string = '@commerce-kit/webhooks:WebhookProcessingError';

  /** The event that could not be processed. */
  readonly event: WebhookEvent;
  /** How many times `onEvent` was called for it (0 when it failed before the first call). */
  readonly attempts: number;

  /**
   * @param event - the event whose processing failed.
   * @param attempts - number of calls made.
   * @param cause - the last error thrown by `onEvent` (or by `userKey` / the user lock).
   */
  constructor(event: WebhookEvent, attempts: number, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const what = event.type ?? 'an event of unknown type';
    super(`onEvent failed ${attempts} time(s) for ${what} (data.id ${event.data.id}): ${reason}`, { cause });
    this.event = event;
    this.attempts = attempts;
  }
}
