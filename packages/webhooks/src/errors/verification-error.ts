import { WebhookError } from './webhook-error.js';

/**
 * Why a delivery was refused.
 *
 * - `missing_signature`: no `x-service-signature` header (or it is empty).
 * - `invalid_signature`: the header is not base64 of 32 bytes, or matches none of the secrets.
 * - `malformed_body`: not a JSON object with a non-empty string `timestamp`, a non-empty string
 *   `token` and an object `data` with a non-empty string `id`.
 * - `stale_timestamp`: the signed timestamp is older than `maxAgeSeconds` or further ahead of the
 *   receiver's clock than `maxFutureSeconds`.
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

/** Thrown by `parseDelivery` (`reason` says why, as `verifyDelivery` would return it). Never holds secrets. */
export class WebhookVerificationError extends WebhookError {
  static override readonly brand: string = '@commerce-kit/webhooks:WebhookVerificationError';

  /** Machine-readable reason, the same one `verifyDelivery` returns. */
  readonly reason: VerificationFailureReason;

  /**
   * @param reason - why the delivery was refused.
   * @param message - a human-readable explanation (must not contain secrets).
   */
  constructor(reason: VerificationFailureReason, message: string) {
    super(message);
    this.reason = reason;
  }
}
