/**
 * `createWebhookHandler`'s options, checked and completed once, at creation.
 * @internal
 */
import { WebhookConfigurationError } from '../errors/configuration-error.js';
import type { WebhookProcessingError } from '../errors/processing-error.js';
import type { WebhookEvent } from '../events.js';
import { MemoryIdempotencyStore, type IdempotencyStore } from '../idempotency.js';
import { acceptanceSpanSeconds } from '../replay-window.js';
import type { UserLock } from '../user-lock.js';
import { resolveVerifierConfig, type VerifierConfig, type VerifyDeliveryFailure } from '../verify.js';
import type { WebhookEventContext, WebhookHandlerOptions } from './types.js';

/** The user key of every event when `userKey` is not given: one queue. */
export const SINGLE_USER_KEY = '*';

/** Key retention when the age of deliveries is not limited. */
const UNLIMITED_AGE_TTL_SECONDS = 7 * 86_400;

/** Resolved duplicate detection. @internal */
export interface IdempotencyConfig {
  readonly store: IdempotencyStore;
  readonly ttlSeconds: number;
}

/** Resolved handler options. @internal */
export interface HandlerConfig {
  readonly verifier: VerifierConfig;
  readonly onEvent: (event: WebhookEvent, context: WebhookEventContext) => unknown;
  readonly onError: (error: WebhookProcessingError, event: WebhookEvent) => void;
  readonly onRejected: ((failure: VerifyDeliveryFailure) => void) | undefined;
  readonly userKey: (event: WebhookEvent) => string;
  readonly userLock: UserLock | undefined;
  readonly concurrency: number;
  readonly maxPending: number;
  readonly retries: number;
  readonly backoff: (retry: number) => number;
  readonly idempotency: IdempotencyConfig | undefined;
}

function defaultBackoff(retry: number): number {
  return Math.min(30_000, 500 * 2 ** (retry - 1));
}

function defaultOnError(error: WebhookProcessingError): void {
  console.error(`[@commerce-kit/webhooks] ${error.message}`, error.cause);
}

function integer(value: number | undefined, fallback: number, name: string, min: number): number {
  const result = value ?? fallback;
  if (!Number.isSafeInteger(result) || result < min)
    throw new WebhookConfigurationError(`${name} must be an integer >= ${min}`);
  return result;
}

function optionalFunction<F>(value: F | undefined, name: string): F | undefined {
  if (value !== undefined && typeof value !== 'function')
    throw new WebhookConfigurationError(`${name} must be a function`);
  return value;
}

function hasMethod(value: unknown, method: string): boolean {
  return (
    typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[method] === 'function'
  );
}

function resolveIdempotency(options: WebhookHandlerOptions, verifier: VerifierConfig): IdempotencyConfig | undefined {
  const given = options.idempotency;
  if (given === false) return undefined;
  if (given !== undefined && (given === null || typeof given !== 'object')) {
    throw new WebhookConfigurationError('idempotency must be an object ({ store?, ttlSeconds? }) or false');
  }
  const store = given?.store ?? new MemoryIdempotencyStore({ clock: verifier.clock });
  if (!hasMethod(store, 'claim'))
    throw new WebhookConfigurationError('idempotency.store must have a claim(key, ttlSeconds) method');
  const span = acceptanceSpanSeconds(verifier.window);
  const ttlSeconds = given?.ttlSeconds ?? (span === undefined ? UNLIMITED_AGE_TTL_SECONDS : Math.ceil(span) + 60);
  if (!Number.isSafeInteger(ttlSeconds) || ttlSeconds <= 0) {
    throw new WebhookConfigurationError('idempotency.ttlSeconds must be a positive whole number of seconds');
  }
  if (span !== undefined && ttlSeconds < span) {
    throw new WebhookConfigurationError(
      `idempotency.ttlSeconds must be at least ${Math.ceil(span)} (maxAgeSeconds + maxFutureSeconds + 1): ` +
        'a delivery passes the replay window that long, and a copy arriving after its key was forgotten would be processed again',
    );
  }
  return { store, ttlSeconds };
}

/** Validates every option (throws `WebhookConfigurationError`). @internal */
export function resolveHandlerConfig(options: WebhookHandlerOptions): HandlerConfig {
  if (options === null || typeof options !== 'object') {
    throw new WebhookConfigurationError('createWebhookHandler needs options with `secret` and `onEvent`');
  }
  const verifier = resolveVerifierConfig(options);
  if (typeof options.onEvent !== 'function') throw new WebhookConfigurationError('onEvent must be a function');
  if (options.userLock !== undefined && !hasMethod(options.userLock, 'acquire')) {
    throw new WebhookConfigurationError('userLock must have an acquire(userKey) method');
  }
  if (options.retry !== undefined && (options.retry === null || typeof options.retry !== 'object')) {
    throw new WebhookConfigurationError('retry must be an object ({ retries?, delayMs? })');
  }
  return {
    verifier,
    onEvent: options.onEvent,
    onError: optionalFunction(options.onError, 'onError') ?? defaultOnError,
    onRejected: optionalFunction(options.onRejected, 'onRejected'),
    userKey: optionalFunction(options.userKey, 'userKey') ?? (() => SINGLE_USER_KEY),
    userLock: options.userLock,
    concurrency: integer(options.concurrency, 8, 'concurrency', 1),
    maxPending: integer(options.maxPending, 10_000, 'maxPending', 1),
    retries: integer(options.retry?.retries, 3, 'retry.retries', 0),
    backoff: optionalFunction(options.retry?.delayMs, 'retry.delayMs') ?? defaultBackoff,
    idempotency: resolveIdempotency(options, verifier),
  };
}
