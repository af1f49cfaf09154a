import { isRecord } from '@commerce-kit/internal/is-record';
import { DEFAULT_MAX_BODY_BYTES } from '@commerce-kit/internal/webhook-defaults';
import { parseBody, type DeliveryBody } from './body.js';
import { resolveClock, type Clock } from './clock.js';
import { WebhookConfigurationError } from './errors/configuration-error.js';
import { WebhookVerificationError, type VerificationFailureReason } from './errors/verification-error.js';
import { DEFAULT_EVENT_TYPE_FIELDS, detectEventType, type WebhookEvent, type WebhookEventData } from './events.js';
import { readSignatureHeader, type HeadersInput } from './headers.js';
import { judgeTimestamp, resolveReplayWindow, type ReplayWindow } from './replay-window.js';
import { prepareSecrets, type PreparedSecret, type WebhookSecret } from './secret.js';
import { decodeSignatureForSyncUse, matchesAny, signedMessage } from './signature.js';
import { logWarning, report, type WebhookWarning, type WebhookWarningHandler } from './warnings.js';

/** Options of {@link verifyDelivery} and {@link parseDelivery} (and of `createWebhookHandler`). */
export interface VerifyDeliveryOptions {
  /** Verification key, or several during key rotation (a delivery is valid if any matches). */
  readonly secret: WebhookSecret | readonly WebhookSecret[];
  /**
   * Oldest accepted timestamp, in seconds before now (default 86 400: one day, so the platform's
   * retries of a delivery are not refused). `false` removes the limit; duplicates are then caught
   * only while the idempotency store remembers them.
   */
  readonly maxAgeSeconds?: number | false | undefined;
  /**
   * How far ahead of this receiver's clock a timestamp may be, in seconds (default 300). Keep it
   * small: it is what refuses a delivery whose token digits were moved onto its timestamp.
   */
  readonly maxFutureSeconds?: number | undefined;
  /** Where "now" comes from (default: the system clock). Inject a `ManualClock` in tests. */
  readonly clock?: Clock | undefined;
  /** Largest accepted body in bytes (default 1 MiB). Not applied to already-parsed objects. */
  readonly maxBodyBytes?: number | undefined;
  /** Payload fields to look for the event type in (default `['type', 'event_type', 'event', 'topic']`). */
  readonly eventTypeFields?: readonly string[] | undefined;
  /**
   * Receives warnings about accepted deliveries: a timestamp in an unknown format, a dangerous key
   * removed from the payload. Default: `console.warn`.
   */
  readonly onWarning?: WebhookWarningHandler | undefined;
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
  readonly window: ReplayWindow;
  readonly clock: Clock;
  readonly maxBodyBytes: number;
  readonly eventTypeFields: readonly string[];
  readonly onWarning: WebhookWarningHandler;
}

function optionalFunction<T>(value: T | undefined, name: string): T | undefined {
  if (value !== undefined && typeof value !== 'function')
    throw new WebhookConfigurationError(`${name} must be a function`);
  return value;
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
  const eventTypeFields = options.eventTypeFields ?? DEFAULT_EVENT_TYPE_FIELDS;
  if (!Array.isArray(eventTypeFields) || !eventTypeFields.every((field) => typeof field === 'string')) {
    throw new WebhookConfigurationError('eventTypeFields must be an array of field names');
  }
  return {
    secrets: prepareSecrets(options.secret),
    window: resolveReplayWindow(options.maxAgeSeconds, options.maxFutureSeconds),
    clock: resolveClock(options.clock),
    maxBodyBytes,
    eventTypeFields,
    onWarning: optionalFunction(options.onWarning, 'onWarning') ?? logWarning,
  };
}

/**
 * Options objects already resolved, with the values they were resolved from. A caller passing the
 * same options object on every call (the usual way) pays for the checks once; a changed field is
 * noticed and resolved again. Secrets given as bytes can change in place, so options holding them
 * are resolved on every call.
 */
interface ResolvedOptions {
  readonly secret: unknown;
  readonly secretList: readonly unknown[] | undefined;
  readonly maxAgeSeconds: unknown;
  readonly maxFutureSeconds: unknown;
  readonly clock: unknown;
  readonly maxBodyBytes: unknown;
  readonly eventTypeFields: unknown;
  readonly eventTypeFieldList: readonly unknown[] | undefined;
  readonly onWarning: unknown;
  readonly config: VerifierConfig;
}

const resolvedOptions = new WeakMap<object, ResolvedOptions>();

function sameItems(saved: readonly unknown[] | undefined, current: unknown): boolean {
  if (saved === undefined) return true;
  const list = current as readonly unknown[];
  if (list.length !== saved.length) return false;
  for (let i = 0; i < saved.length; i++) if (list[i] !== saved[i]) return false;
  return true;
}

function stillValid(saved: ResolvedOptions, options: VerifyDeliveryOptions): boolean {
  return (
    saved.secret === options.secret &&
    sameItems(saved.secretList, options.secret) &&
    saved.maxAgeSeconds === options.maxAgeSeconds &&
    saved.maxFutureSeconds === options.maxFutureSeconds &&
    saved.clock === options.clock &&
    saved.maxBodyBytes === options.maxBodyBytes &&
    saved.eventTypeFields === options.eventTypeFields &&
    sameItems(saved.eventTypeFieldList, options.eventTypeFields) &&
    saved.onWarning === options.onWarning
  );
}

function holdsBytes(secret: unknown): boolean {
  return secret instanceof Uint8Array || (Array.isArray(secret) && secret.some((entry) => entry instanceof Uint8Array));
}

/** {@link resolveVerifierConfig}, remembered per options object. @internal */
export function verifierConfigFor(options: VerifyDeliveryOptions): VerifierConfig {
  if (options === null || typeof options !== 'object') return resolveVerifierConfig(options);
  const saved = resolvedOptions.get(options);
  if (saved !== undefined && stillValid(saved, options)) return saved.config;
  const config = resolveVerifierConfig(options);
  if (!holdsBytes(options.secret)) {
    resolvedOptions.set(options, {
      secret: options.secret,
      secretList: Array.isArray(options.secret) ? [...(options.secret as readonly unknown[])] : undefined,
      maxAgeSeconds: options.maxAgeSeconds,
      maxFutureSeconds: options.maxFutureSeconds,
      clock: options.clock,
      maxBodyBytes: options.maxBodyBytes,
      eventTypeFields: options.eventTypeFields,
      eventTypeFieldList: Array.isArray(options.eventTypeFields) ? [...options.eventTypeFields] : undefined,
      onWarning: options.onWarning,
      config,
    });
  }
  return config;
}

function fail(reason: VerificationFailureReason, message: string): VerifyDeliveryFailure {
  return { ok: false, reason, message };
}

function unknownFormatWarning(timestamp: string, deliveryKey: string, checked: boolean): WebhookWarning {
  const shown = JSON.stringify(timestamp.length > 64 ? `${timestamp.slice(0, 64)}…` : timestamp);
  const consequence = checked
    ? 'its leading date was checked against the replay window instead'
    : 'it was accepted without a replay-window check (the duplicate check still applies)';
  return {
    code: 'unknown_timestamp_format',
    timestamp,
    deliveryKey,
    message: `Signed timestamp ${shown} is in an unknown format; ${consequence}`,
  };
}

/** The core of {@link verifyDelivery}, with options already resolved. @internal */
export function verifyWithConfig(
  body: DeliveryBody,
  headers: HeadersInput | null | undefined,
  config: VerifierConfig,
): VerifyDeliveryResult {
  const parsed = parseBody(body, config.maxBodyBytes);
  if (!parsed.ok && parsed.reason === 'body_too_large') return fail(parsed.reason, parsed.message);
  const signature = readSignatureHeader(headers);
  if (signature === undefined) return fail('missing_signature', 'The x-service-signature header is missing');
  if (!parsed.ok) return fail(parsed.reason, parsed.message);
  const { payload } = parsed;
  const { timestamp, token, data } = payload;
  if (typeof timestamp !== 'string' || timestamp.length === 0)
    return fail('malformed_body', 'The body has no non-empty string `timestamp`');
  if (typeof token !== 'string' || token.length === 0)
    return fail('malformed_body', 'The body has no non-empty string `token`');
  if (!isRecord(data) || typeof data['id'] !== 'string' || data['id'].length === 0) {
    return fail('malformed_body', 'The body has no `data` object with a string `id`');
  }
  const digest = decodeSignatureForSyncUse(signature);
  const message = signedMessage(timestamp, token);
  if (digest === undefined || !matchesAny(config.secrets, message, digest))
    return fail('invalid_signature', 'The signature does not match');
  const verdict = judgeTimestamp(timestamp, message, config.clock.now(), config.window);
  if (!verdict.ok) return fail('stale_timestamp', verdict.message);

  if (!verdict.known || parsed.removed.length > 0) {
    const warnings: WebhookWarning[] = [];
    if (!verdict.known) warnings.push(unknownFormatWarning(timestamp, message, verdict.checked));
    for (const { pointer } of parsed.removed) {
      warnings.push({
        code: 'dangerous_key_removed',
        pointer,
        deliveryKey: message,
        message: `Removed the key at ${JSON.stringify(pointer)} of a delivery: it could pollute object prototypes`,
      });
    }
    report(config.onWarning, warnings);
  }
  const event = {
    type: detectEventType(payload, config.eventTypeFields),
    timestamp,
    timestampMs: verdict.timestampMs,
    token,
    deliveryKey: message,
    data: data as WebhookEventData,
    payload,
  } as WebhookEvent;
  return { ok: true, event };
}

/**
 * Verifies a delivery: size limit, signature header, body shape, HMAC signature (constant-time,
 * any of several secrets) and the replay window (at most `maxAgeSeconds` old, at most
 * `maxFutureSeconds` ahead). Never throws for a bad delivery; throws `WebhookConfigurationError`
 * for bad options (empty secret, negative window, ...).
 *
 * It does not detect duplicates: a copy inside the window verifies again. The handler from
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
  return verifyWithConfig(body, headers, verifierConfigFor(options));
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
