/**
 * Warnings: a delivery was accepted, but something about it deserves a look. They go to the
 * `onWarning` option (default: `console.warn`), and only for deliveries whose signature is valid.
 */

/** The `timestamp` of a correctly signed delivery is in none of the formats this package reads. */
export interface UnknownTimestampFormatWarning {
  readonly code: 'unknown_timestamp_format';
  /** What happened and what it means for replay protection. */
  readonly message: string;
  /** The timestamp as received. */
  readonly timestamp: string;
  /** The delivery's duplicate key (`timestamp + token`). */
  readonly deliveryKey: string;
}

/** A key that could pollute prototypes was removed from the payload; the rest of it was kept. */
export interface DangerousKeyRemovedWarning {
  readonly code: 'dangerous_key_removed';
  /** Which key, and where. */
  readonly message: string;
  /** JSON pointer (RFC 6901) of the removed key, e.g. `/data/__proto__`. */
  readonly pointer: string;
  /** The delivery's duplicate key (`timestamp + token`). */
  readonly deliveryKey: string;
}

/** Everything `onWarning` may receive; switch on `code`. */
export type WebhookWarning = UnknownTimestampFormatWarning | DangerousKeyRemovedWarning;

/** Receives warnings about accepted deliveries. */
export type WebhookWarningHandler = (warning: WebhookWarning) => void;

/** The default `onWarning`. @internal */
export function logWarning(warning: WebhookWarning): void {
  console.warn(`[@commerce-kit/webhooks] ${warning.message}`);
}

/** Calls `onWarning` for each warning; a throwing hook never changes the verdict. @internal */
export function report(onWarning: WebhookWarningHandler, warnings: readonly WebhookWarning[]): void {
  for (const warning of warnings) {
    try {
      onWarning(warning);
    } catch {
      // A logging hook must not turn an accepted delivery into a failure.
    }
  }
}
