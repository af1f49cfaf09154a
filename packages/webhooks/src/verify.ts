import { resolveClock, type WebhookClock } from './clock.js';
import { decodeBase64Digest, utf8 } from './encoding.js';
import {
  WebhookConfigurationError,
  WebhookVerificationError,
  type VerificationFailureReason,
} from './errors.js';
import { DEFAULT_EVENT_TYPE_FIELDS, detectEventType, type WebhookEvent, type WebhookEventData } from './events.js';
import { readSignatureHeader, type HeadersInput } from './headers.js';
import { prepareSecrets, type PreparedSecret, type WebhookSecret } from './secret.js';
import { matchesAny, signedMessage } from './signature.js';
import { isWithinTolerance, parseTimestamp, resolveTolerance } from './timestamp.js';

/** Default body size limit: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * A delivery body: the raw bytes or text as received (preferred), or an object a framework has
 * already parsed from JSON. Both verify the same way, because the signature covers only the
 * payload's `timestamp` and `token`, not the bytes of the body.
 */
export type DeliveryBody = string | Uint8Array | ArrayBuffer | Readonly<Record<string, unknown>>;

/** Options of {@link verifyDelivery} and {@link parseDelivery}. */
export interface VerifyDeliveryOptions {
  /** Verification key, or several during key rotation (a delivery is valid if any matches). */
  readonly secret: WebhookSecret | readonly WebhookSecret[];
  /**
   * Replay window in seconds, applied on both sides of "now" (default 300). `false` switches the
   * timestamp check off (so does `Infinity`; 0 does not); only do that when duplicates are caught
   * some other way.
   */
  readonly toleranceSeconds?: number | false;
  /**
   * The clock for the replay window: `() => number` (milliseconds since the epoch) or
   * `() => Date`, or a fixed instant (number of ms or `Date`). Default: the real clock, read at
   * every call (so fake timers such as `vi.setSystemTime()` apply too). Inject one in tests.
   */
  readonly now?: WebhookClock;
  /** Another name for {@link VerifyDeliveryOptions.now}; give one or the other. */
  readonly clock?: WebhookClock;
  /** Largest accepted body in bytes (default 1 MiB). Not applied to already-parsed objects. */
  readonly maxBodyBytes?: number;
  /** Payload fields to look for the event type in (default {@link DEFAULT_EVENT_TYPE_FIELDS}). */
  readonly eventTypeFields?: readonly string[];
}

/** A failed verification: `reason` is machine-readable, `message` explains it to a human. */
export interface VerifyDeliveryFailure {
  readonly ok: false;
  readonly reason: VerificationFailureReason;
  readonly message: string;
}

/** The result of {@link verifyDelivery}. */
export type VerifyDeliveryResult = { readonly ok: true; readonly event: WebhookEvent } | VerifyDeliveryFailure;

/** Options after validation, with secrets prepared once. @internal */
export interface VerifierConfig {
  readonly secrets: readonly PreparedSecret[];
  readonly tolerance: number | false;
  readonly now: () => number;
  readonly maxBodyBytes: number;
  readonly eventTypeFields: readonly string[];
}

/** Validates options once (throws `WebhookConfigurationError`). @internal */
export function resolveVerifierConfig(options: VerifyDeliveryOptions): VerifierConfig {
  if (options === null || typeof options !== 'object') {
    throw new WebhookConfigurationError('Options with a `secret` are required');
  }
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes <= 0) {
    throw new WebhookConfigurationError('maxBodyBytes must be a positive integer');
  }
  const now = resolveClock(options.now, options.clock);
  return {
    secrets: prepareSecrets(options.secret),
    tolerance: resolveTolerance(options.toleranceSeconds),
    now,
    maxBodyBytes,
    eventTypeFields: options.eventTypeFields ?? DEFAULT_EVENT_TYPE_FIELDS,
  };
}

function fail(reason: VerificationFailureReason, message: string): VerifyDeliveryFailure {
  return { ok: false, reason, message };
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// JSON.parse never pollutes prototypes by itself, but an own `__proto__` key in `data` would turn
// a later `Object.assign(target, event.data)` in user code into a prototype change; drop such keys.
function dropProtoKeys(this: unknown, key: string, value: unknown): unknown {
  return key === '__proto__' ? undefined : value;
}

/** Byte length of `text` in UTF-8, computed only when it might exceed `limit`. */
function exceeds(text: string, limit: number): boolean {
  if (text.length * 3 <= limit) return false;
  if (text.length > limit) return true;
  return utf8(text).length > limit;
}

type Parsed = { ok: true; payload: Record<string, unknown> } | VerifyDeliveryFailure;

function parseBody(body: DeliveryBody, maxBodyBytes: number): Parsed {
  let text: string;
  if (typeof body === 'string') {
    if (exceeds(body, maxBodyBytes)) return fail('body_too_large', `The body is larger than ${maxBodyBytes} bytes`);
    text = body;
  } else if (body instanceof Uint8Array || body instanceof ArrayBuffer) {
    const bytes = body instanceof Uint8Array ? body : new Uint8Array(body);
    if (bytes.length > maxBodyBytes) return fail('body_too_large', `The body is larger than ${maxBodyBytes} bytes`);
    try {
      text = decoder.decode(bytes);
    } catch {
      return fail('malformed_body', 'The body is not valid UTF-8');
    }
  } else if (isRecord(body)) {
    return { ok: true, payload: body };
  } else {
    return fail('malformed_body', 'The body must be a string, bytes or a parsed JSON object');
  }
  let value: unknown;
  try {
    value = text.includes('"__proto__"') ? JSON.parse(text, dropProtoKeys) : JSON.parse(text);
  } catch {
    return fail('malformed_body', 'The body is not valid JSON');
  }
  if (!isRecord(value)) return fail('malformed_body', 'The body is not a JSON object');
  return { ok: true, payload: value };
}

/** The core of {@link verifyDelivery}, with options already resolved. @internal */
export function verifyWithConfig(
  body: DeliveryBody,
  headers: HeadersInput | null | undefined,
  config: VerifierConfig,
): VerifyDeliveryResult {
  const parsed = parseBody(body, config.maxBodyBytes);
  if (!parsed.ok && parsed.reason === 'body_too_large') return parsed;
  const signature = readSignatureHeader(headers);
  if (signature === undefined) return fail('missing_signature', 'The x-service-signature header is missing');
  if (!parsed.ok) return parsed;
  const { payload } = parsed;
  const { timestamp, token, data } = payload;
  if (typeof timestamp !== 'string' || timestamp.length === 0) {
    return fail('malformed_body', 'The body has no non-empty string `timestamp`');
  }
  if (typeof token !== 'string' || token.length === 0) {
    return fail('malformed_body', 'The body has no non-empty string `token`');
  }
  if (!isRecord(data) || typeof data['id'] !== 'string' || data['id'].length === 0) {
    return fail('malformed_body', 'The body has no `data` object with a string `id`');
  }
  const digest = decodeBase64Digest(signature);
  const message = signedMessage(timestamp, token);
  if (digest === undefined || !matchesAny(config.secrets, utf8(message), digest)) {
    return fail('invalid_signature', 'The signature does not match');
  }
  const timestampMs = parseTimestamp(timestamp);
  if (config.tolerance !== false) {
    if (timestampMs === undefined) {
      return fail('malformed_body', 'The timestamp is neither Unix seconds (digits only) nor ISO 8601 with an offset');
    }
    if (!isWithinTolerance(timestampMs, config.now(), config.tolerance)) {
      return fail('stale_timestamp', `The timestamp is more than ${config.tolerance} seconds away from now`);
    }
  }
  const event = {
    type: detectEventType(payload, config.eventTypeFields),
    timestamp,
    timestampMs,
    token,
    deliveryKey: message,
    data: data as WebhookEventData,
    payload,
  } as WebhookEvent;
  return { ok: true, event };
}

/**
 * Verifies a delivery: size limit, signature header, body shape, HMAC signature (constant-time,
 * any of several secrets) and the two-sided replay window. Never throws for a bad delivery;
 * throws `WebhookConfigurationError` for bad options (empty secret, negative tolerance, ...).
 *
 * It does not detect duplicates: a replay inside the window verifies again. The handler from
 * `createWebhookHandler` adds that with an idempotency store.
 *
 * @example
 * ```ts
 * import { verifyDelivery } from '@commerce-kit/webhooks';
 * const result = verifyDelivery(rawBody, request.headers, { secret: process.env.WEBHOOK_SECRET ?? '' });
 * if (!result.ok) console.warn('refused webhook:', result.reason);
 * else console.log(result.event.type, result.event.data.id);
 * ```
 */
export function verifyDelivery(
  body: DeliveryBody,
  headers: HeadersInput | null | undefined,
  options: VerifyDeliveryOptions,
): VerifyDeliveryResult {
  return verifyWithConfig(body, headers, resolveVerifierConfig(options));
}

/**
 * Like {@link verifyDelivery} but returns the event or throws `WebhookVerificationError` whose
 * `reason` is the same as `verifyDelivery` would return.
 *
 * @example
 * ```ts
 * import { parseDelivery, WebhookVerificationError } from '@commerce-kit/webhooks';
 * try {
 *   const event = parseDelivery(rawBody, headers, { secret: 'whsec_test_secret' });
 * } catch (error) {
 *   if (error instanceof WebhookVerificationError) console.warn(error.reason);
 * }
 * ```
 */
export function parseDelivery(
  body: DeliveryBody,
  headers: HeadersInput | null | undefined,
  options: VerifyDeliveryOptions,
): WebhookEvent {
  const result = verifyDelivery(body, headers, options);
  if (!result.ok) throw new WebhookVerificationError(result.reason, result.message);
  return result.event;
}
