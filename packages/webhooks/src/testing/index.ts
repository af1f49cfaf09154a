/**
 * Helpers for testing code that receives webhooks: `@commerce-kit/webhooks/testing`.
 * @packageDocumentation
 */
export { ManualClock } from './manual-clock.js';
export { signTestDelivery } from './sign-test-delivery.js';
export type { TestDelivery, TestDeliveryOverrides } from './sign-test-delivery.js';
