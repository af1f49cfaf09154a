import type { WebhookEvent } from './events.js';

/**
 * Why a delivery was refused. The first four are the reasons named for this package; the last is
 * added because the size limit is checked before anything else.
 *
 * - `missing_signature`: no `x-service-signature` header (or it is empty).
 * - `invalid_signature`: the header is not base64 of 32 bytes, or matches none of the secrets.
 * - `malformed_body`: not a JSON object with string `timestamp`, string `token` and an object
 *   `data` with a string `id`; or a timestamp that is neither Unix seconds nor ISO 8601.
 * - `stale_timestamp`: the signed timestamp is outside the replay window, in either direction.
 * - `body_too_large`: the body is larger than `maxBodyBytes`.
 */
export type VerificationFailureReason =
  | 'missing_signature'
  | 'invalid_signature'
  | 'malformed_body'
  | 'stale_timestamp'
  | 'body_too_large';

/** All values of {@link VerificationFailureReason}. */
export const VERIFICATION_FAILURE_REASONS = [
  'missing_signature',
  'invalid_signature',
  'malformed_body',
  'stale_timestamp',
  'body_too_large',
] as const satisfies readonly VerificationFailureReason[];

/** Thrown by `parseDelivery` (and `WebhookVerificationError.reason` says why). Never holds secrets. */
export class WebhookVerificationError extends Error {
  /** Machine-readable reason, the same one `verifyDelivery` returns. */
  readonly reason: VerificationFailureReason;

  /**
   * @param reason - why the delivery was refused.
   * @param message - a human-readable explanation (must not contain secrets).
   */
  constructor(reason: VerificationFailureReason, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
  }
}

/**
 * Thrown when the package is misconfigured (empty secret, negative tolerance, ...), at the point
 * of configuration, so a broken setup fails at start-up rather than by accepting deliveries.
 */
export class WebhookConfigurationError extends Error {
  /** @param message - what is wrong with the configuration (never the secret itself). */
  constructor(message: string) {
    super(message);
    this.name = 'WebhookConfigurationError';
  }
}

/**
 * Rejects `drain({ timeoutMs })` and `close({ timeoutMs })` when accepted events are still not
 * processed when the time is up. `unfinished` lists them (in arrival order per user) so they can
 * be saved for a later job; after `close` they will not be started or retried any more, although
 * the ones inside `onEvent` at that moment may still complete.
 */
export class WebhookShutdownTimeoutError extends Error {
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
    this.name = 'WebhookShutdownTimeoutError';
    this.unfinished = unfinished;
    this.timeoutMs = timeoutMs;
  }
}

/** Thrown by the synchronous signature functions' async twins when WebCrypto is unavailable. */
export class WebCryptoUnavailableError extends Error {
  constructor() {
    super('globalThis.crypto.subtle is not available in this runtime; use the synchronous computeSignature/verifySignature instead');
    this.name = 'WebCryptoUnavailableError';
  }
}
