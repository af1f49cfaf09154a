import type { WebhookEvent } from '../events.js';
import { WebhookError } from './webhook-error.js';

/**
 * Rejects `drain({ timeoutMs })` and `close({ timeoutMs })` when accepted events are still not
 * processed when the time is up. `unfinished` lists them (in arrival order per user) so they can
 * be saved for a later job; after `close` they will not be started or retried any more, although
 * the ones inside `onEvent` at that moment may still complete.
 */
export class WebhookShutdownTimeoutError extends WebhookError {
  static override readonly brand: string = '@commerce-kit/webhooks:WebhookShutdownTimeoutError';

  /** Accepted events whose processing had not finished when the time was up. */
  readonly unfinished: readonly WebhookEvent[];
  /** The `timeoutMs` that ran out. */
  readonly timeoutMs: number;

  /**
   * @param unfinished - the events not processed yet.
   * @param timeoutMs - how long was waited.
   */
  constructor(unfinished: readonly WebhookEvent[], timeoutMs: number) {
    super(`${unfinished.length} accepted webhook event(s) not processed after ${timeoutMs} ms`);
    this.unfinished = unfinished;
    this.timeoutMs = timeoutMs;
  }
}
