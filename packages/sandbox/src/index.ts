/**
 * `@commerce-kit/sandbox`: a local, stateful sandbox of the commerce platform's REST API for building
 * and testing apps offline. Also a CLI: `commerce-sandbox`.
 *
 * @packageDocumentation
 */
export { startSandbox } from './sandbox.js';
export type { Sandbox } from './sandbox.js';
export { SandboxApp } from './app-credentials.js';
export type { SandboxAppFields } from './app-credentials.js';
export type { SandboxOptions, TokenResponseVariant } from './options.js';
export { DEFAULT_CUSTOMERS, DEFAULT_HOST, DEFAULT_PORT, DEFAULT_SEED } from './options.js';
export type { Logger } from './logger.js';
export type { ResponseMismatchAction } from './http/response-check.js';
export type { Synchronous } from './store/database.js';
export { SandboxConfigurationError, SandboxControlError, SandboxError, SandboxStartError } from './errors.js';
export type { Snapshot } from './control/snapshots.js';
export type { SandboxFaults, SandboxViolations, SandboxWebhooks } from './control/controls.js';
export type { Delivery, DeliveryAttempt } from './control/deliveries.js';
export type { Fault, FaultInput } from './control/faults.js';
export type { OrderInput, PlacedOrder, SandboxOrders } from './control/orders.js';
export type { Violation, ViolationLocation } from './control/violations.js';
export type { ReleaseOrder, WebhookMode } from './events/mode.js';
export { systemClock } from './clock.js';
export type { Clock } from './clock.js';
