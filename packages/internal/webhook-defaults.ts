/**
 * What `@commerce-kit/webhooks` assumes when an option is left out, and the acknowledgement body it
 * sends: one definition for the webhooks package and the receivers built on it (`@commerce-kit/redis`),
 * which must verify with the same window and answer the platform in the same shape.
 */

/** Default `maxAgeSeconds`: one day, long enough for the platform's retries of a delivery. */
export const DEFAULT_MAX_AGE_SECONDS = 86_400;

/** Default `maxFutureSeconds`: five minutes of clock difference between the platform and the receiver. */
export const DEFAULT_MAX_FUTURE_SECONDS = 300;

/** Default `maxBodyBytes`: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * JSON body of every answer to a delivery: the spec's `WebhookAck` (`received`, `reason`) plus
 * `duplicate`. The platform reads only the status code. A type alias, not an interface: neither package
 * exports it, and a user's declarations (`declaration: true`) can then write out its shape where they
 * would otherwise fail to name it (TS4023).
 */
export type WebhookResponseBody = {
  /** `true` when the delivery was accepted (including duplicates, which are acknowledged). */
  readonly received: boolean;
  /** Why it was refused: a verification reason, or `shutting_down`, `queue_full`, `internal_error`. */
  readonly reason?: string;
  /** `true` when the delivery had already been accepted before and was skipped. */
  readonly duplicate?: boolean;
};
