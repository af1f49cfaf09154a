/**
 * Verify, parse and process webhook deliveries of the commerce platform. No runtime dependencies
 * and no `node:` imports: the same code runs on Node 20+, Deno, Bun, browsers and edge runtimes.
 * Test helpers are in `@commerce-kit/webhooks/testing`.
 * @packageDocumentation
 */
export {
  computeSignature,
  computeSignatureAsync,
  signedMessage,
  verifySignature,
  verifySignatureAsync,
} from './signature.js';
export type { VerifySignatureInput } from './signature.js';
export { PreparedSecret, prepareSecret } from './secret.js';
export type { WebhookSecret } from './secret.js';
export { CGI_SIGNATURE_HEADER, SIGNATURE_HEADER, readSignatureHeader } from './headers.js';
export type { HeaderPairs, HeaderRecord, HeadersGetter, HeadersInput } from './headers.js';
export { systemClock } from './clock.js';
export type { Clock } from './clock.js';
export { parseTimestamp } from './timestamp.js';
export { DEFAULT_MAX_AGE_SECONDS, DEFAULT_MAX_FUTURE_SECONDS } from './replay-window.js';
export type { DeliveryBody } from './body.js';
export { DEFAULT_MAX_BODY_BYTES, parseDelivery, verifyDelivery } from './verify.js';
export type { VerifyDeliveryFailure, VerifyDeliveryOptions, VerifyDeliveryResult } from './verify.js';
export type {
  DangerousKeyRemovedWarning,
  UnknownTimestampFormatWarning,
  WebhookWarning,
  WebhookWarningHandler,
} from './warnings.js';
export { WebhookError } from './errors/webhook-error.js';
export { WebhookConfigurationError } from './errors/configuration-error.js';
export { VERIFICATION_FAILURE_REASONS, WebhookVerificationError } from './errors/verification-error.js';
export type { VerificationFailureReason } from './errors/verification-error.js';
export { WebhookProcessingError } from './errors/processing-error.js';
export { WebhookShutdownTimeoutError } from './errors/shutdown-timeout-error.js';
export { WebCryptoUnavailableError } from './errors/web-crypto-unavailable-error.js';
export { DEFAULT_EVENT_TYPE_FIELDS, WEBHOOK_EVENT_TYPES, isWebhookEventType } from './events.js';
export type {
  TypedWebhookEvent,
  UntypedWebhookEvent,
  WebhookEvent,
  WebhookEventBase,
  WebhookEventData,
  WebhookEventType,
} from './events.js';
export { MemoryIdempotencyStore } from './idempotency.js';
export type { IdempotencyStore, MemoryIdempotencyStoreOptions } from './idempotency.js';
export { MemoryUserLock } from './user-lock.js';
export type { UserLock, UserLockRelease } from './user-lock.js';
export { createWebhookHandler } from './handler/create.js';
export type {
  WebhookEventContext,
  WebhookHandler,
  WebhookHandlerOptions,
  WebhookIdempotencyOptions,
  WebhookRetryOptions,
  WebhookShutdownOptions,
} from './handler/types.js';
export type { WebhookResponse, WebhookResponseBody } from './adapters/types.js';
export type { NodeRequestLike, NodeResponseLike, NodeWebhookListener } from './adapters/node.js';
export type { FetchWebhookHandler, WaitUntilContext } from './adapters/fetch.js';
