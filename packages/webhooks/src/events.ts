import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@commerce-kit/api-types';

/** One of the 19 documented event types (generated into `@commerce-kit/api-types`, which also holds the runtime list). */
export type { WebhookEventType };

const KNOWN: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);

/**
 * True when `value` is one of the 19 documented event types.
 *
 * @example
 * ```ts
 * import { isWebhookEventType } from '@commerce-kit/webhooks';
 * isWebhookEventType('customer_created'); // true
 * isWebhookEventType('customer.created'); // false
 * ```
 */
export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && KNOWN.has(value);
}

/**
 * Payload fields that may carry the event type. The platform's API documentation does not show
 * which one it uses (see https://github.com/commerce-kit/commerce-kit/blob/main/docs/spec-gaps.md),
 * so these common names are looked at, and a type is reported only when exactly one recognised
 * value is found.
 */
export const DEFAULT_EVENT_TYPE_FIELDS = ['type', 'event_type', 'event', 'topic'] as const;

/**
 * `data` of a delivery: the platform's API documentation promises only `id`, the id of the affected
 * object (a string); every other field is passed through untyped. `data` is NOT covered by the
 * signature: re-fetch the object by `id` before trusting anything else in it.
 */
export type WebhookEventData = {
  /** Id of the affected object. Treat it as a hint and fetch the object with the API client. */
  readonly id: string;
  readonly [field: string]: unknown;
};

/** Fields every event has, whatever its type. */
export interface WebhookEventBase {
  /** The payload's `timestamp`, exactly as signed. */
  readonly timestamp: string;
  /**
   * The timestamp in milliseconds since the epoch, or `undefined` when it is in a format this
   * package does not read (such a delivery is accepted and reported through `onWarning`).
   */
  readonly timestampMs: number | undefined;
  /** The payload's `token`, exactly as signed. */
  readonly token: string;
  /**
   * The signed message `timestamp + token`: the idempotency key. The token alone is not used,
   * since the same signed message can be split into timestamp and token in several ways.
   */
  readonly deliveryKey: string;
  /** The payload's `data` (unsigned: see the README's "What the signature covers"). */
  readonly data: WebhookEventData;
  /** The whole parsed JSON body, for fields the platform's API documentation does not show. */
  readonly payload: Readonly<Record<string, unknown>>;
}

/** An event whose type was found in the payload and is one of the 19. */
export interface TypedWebhookEvent<T extends WebhookEventType = WebhookEventType> extends WebhookEventBase {
  /** The event type. */
  readonly type: T;
}

/**
 * An event whose type could not be determined: the payload has no recognised type field, or
 * several fields disagree. The type is left unknown rather than guessed.
 */
export interface UntypedWebhookEvent extends WebhookEventBase {
  /** Unknown: see `payload` for the raw fields. */
  readonly type: undefined;
}

/** A verified delivery. Narrow it with `event.type === 'customer_created'` and similar checks. */
export type WebhookEvent = { [T in WebhookEventType]: TypedWebhookEvent<T> }[WebhookEventType] | UntypedWebhookEvent;

/**
 * Finds the event type in a payload: a value is taken only if it is a recognised type, and if
 * several listed fields hold different recognised types the result is `undefined`.
 * @internal
 */
export function detectEventType(
  payload: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): WebhookEventType | undefined {
  let found: WebhookEventType | undefined;
  for (const field of fields) {
    const value = payload[field];
    // Own fields only: a name such as `constructor` must not read the prototype.
    if (!isWebhookEventType(value) || !Object.hasOwn(payload, field)) continue;
    if (found !== undefined && found !== value) return undefined;
    found = value;
  }
  return found;
}
