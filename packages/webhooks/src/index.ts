/**
 * Verify, parse and process webhook deliveries of the commerce platform. No runtime dependencies
 * and no `node:` imports: the same code runs on Node 20+, Deno, Bun, browsers and edge runtimes.
 * Test helpers are in `@commerce-kit/webhooks/testing`.
 * @packageDocumentation
 */
export { createWebhookHandler } from './handler/create.js';
export type { WebhookEventContext, WebhookHandler, WebhookHandlerOptions } from './handler/types.js';
export type { WaitUntilContext } from './adapters/fetch.js';
export type { WebhookResponse } from './adapters/types.js';
export { parseDelivery, verifyDelivery } from './verify.js';
export type { VerifyDeliveryFailure, VerifyDeliveryOptions, VerifyDeliveryResult } from './verify.js';
export type { DeliveryBody } from './body.js';
export type { HeadersInput } from './headers.js';
export { computeSignature, verifySignature } from './signature.js';
export { SIGNATURE_HEADER } from './headers.js';
export type { WebhookEvent, WebhookEventType } from './events.js';
export type { WebhookWarning } from './warnings.js';
export type { IdempotencyStore } from './idempotency.js';
export { MemoryIdempotencyStore } from './idempotency.js';
export type { UserLock } from './user-lock.js';
export { MemoryUserLock } from './user-lock.js';
export { systemClock } from './clock.js';
export type { Clock } from './clock.js';
export { WebhookError } from './errors/webhook-error.js';
export { WebhookConfigurationError } from './errors/configuration-error.js';
export { WebhookVerificationError } from './errors/verification-error.js';
export type { VerificationFailureReason } from './errors/verification-error.js';
export { WebhookProcessingError } from './errors/processing-error.js';
export { WebhookShutdownTimeoutError } from './errors/shutdown-timeout-error.js';
