/**
 * Verify, parse and process webhook deliveries of the commerce platform (document 000, Events).
 * No runtime dependencies and no `node:` imports: the same code runs on Node 20+ and edge runtimes.
 * @packageDocumentation
 */
export { computeSignature, computeSignatureAsync, signedMessage, verifySignature, verifySignatureAsync } from './signature.js';
export type { VerifySignatureInput } from './signature.js';
export { PreparedSecret, prepareSecret } from './secret.js';
export type { WebhookSecret } from './secret.js';
export { CGI_SIGNATURE_HEADER, SIGNATURE_HEADER, readSignatureHeader } from './headers.js';
export type { HeaderPairs, HeaderRecord, HeadersGetter, HeadersInput } from './headers.js';
export type { WebhookClock } from './clock.js';
export { DEFAULT_TOLERANCE_SECONDS, isWithinTolerance, parseTimestamp } from './timestamp.js';
export { DEFAULT_MAX_BODY_BYTES, parseDelivery, verifyDelivery } from './verify.js';
export type { DeliveryBody, VerifyDeliveryFailure, VerifyDeliveryOptions, VerifyDeliveryResult } from './verify.js';
export {
  VERIFICATION_FAILURE_REASONS,
  WebCryptoUnavailableError,
  WebhookConfigurationError,
  WebhookShutdownTimeoutError,
  WebhookVerificationError,
} from './errors.js';
export type { VerificationFailureReason } from './errors.js';
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
export { WebhookProcessingError, createWebhookHandler } from './handler.js';
export type {
  WebhookEventContext,
  WebhookHandler,
  WebhookHandlerOptions,
  WebhookIdempotencyOptions,
  WebhookRetryOptions,
  WebhookShutdownOptions,
} from './handler.js';
export type { WebhookResponse, WebhookResponseBody } from './adapters/types.js';
export type { NodeRequestLike, NodeResponseLike, NodeWebhookListener } from './adapters/node.js';
export type { FetchWebhookHandler, WaitUntilContext } from './adapters/fetch.js';
// Also available from `@commerce-kit/webhooks/testing`, the documented entry for test code.
export { signTestDelivery } from './testing.js';
export type { TestDelivery, TestDeliveryOverrides } from './testing.js';
