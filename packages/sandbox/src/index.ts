/**
 * `@commerce-kit/sandbox`: a local, stateful sandbox of the commerce platform's REST API for building
 * and testing apps offline. Also a CLI: `commerce-sandbox`.
 *
 * @packageDocumentation
 */

// Starting a sandbox, and what it returns.
export { startSandbox } from './sandbox.js';
export type { Sandbox } from './sandbox.js';
export { SandboxApp } from './app-credentials.js';

// Its options and their value types.
export type { SandboxOptions } from './options.js';
export type { Logger } from './logger.js';
export { systemClock } from './clock.js';
export type { Clock } from './clock.js';

// Errors.
export { SandboxConfigurationError, SandboxControlError, SandboxError, SandboxStartError } from './errors.js';

// The test controls: what the Sandbox's methods take and return.
export type { Snapshot } from './control/snapshots.js';
export type { SandboxFaults, SandboxViolations, SandboxWebhooks } from './control/controls.js';
export type { Delivery, DeliveryAttempt } from './control/deliveries.js';
export type { Fault, FaultInput } from './control/faults.js';
export type { OrderInput, PlacedOrder, SandboxOrders } from './control/orders.js';
export type { Violation } from './control/violations.js';
export type { WebhookMode } from './events/mode.js';
