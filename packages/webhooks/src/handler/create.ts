import { createFetchHandler } from '../adapters/fetch.js';
import { createNodeListener } from '../adapters/node.js';
import { createIntake } from './intake.js';
import { resolveHandlerConfig } from './options.js';
import { createProcessingQueue } from './processing.js';
import { waitForQueue } from './shutdown.js';
import type { WebhookHandler, WebhookHandlerOptions } from './types.js';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * Creates a webhook receiver. Each delivery is verified (signature, replay window, size), then
 * acknowledged at once with 200 while `onEvent` runs later from a queue, so the platform's
 * ten-second limit is always met. Invalid deliveries get 400 (413 when too large).
 *
 * Throws `WebhookConfigurationError` at creation for an empty or missing secret or bad options.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createWebhookHandler } from '@commerce-kit/webhooks';
 *
 * const webhooks = createWebhookHandler({
 *   secret: process.env.WEBHOOK_SECRET ?? '',
 *   onEvent: async (event) => {
 *     if (event.type === 'customer_created') console.log('new customer', event.data.id);
 *   },
 * });
 * const server = createServer(webhooks.node).listen(3000);
 * process.on('SIGTERM', async () => {
 *   server.close();
 *   await webhooks.close();
 * });
 * ```
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  const config = resolveHandlerConfig(options);
  const { clock, maxBodyBytes } = config.verifier;
  const queue = createProcessingQueue(config);
  let closed = false;
  const intake = createIntake(config, queue, () => closed);
  const processor = { handle: intake, maxBodyBytes };
  const handler: WebhookHandler = {
    node: createNodeListener(processor),
    fetch: createFetchHandler(processor),
    handle: (body, headers) => intake(body, headers),
    drain: (shutdown) => waitForQueue(queue, clock, shutdown, false),
    close: (shutdown) => {
      closed = true;
      return waitForQueue(queue, clock, shutdown, true);
    },
    get pending() {
      return queue.pending;
    },
    get closed() {
      return closed;
    },
  };
  Object.defineProperty(handler, INSPECT, {
    value: () => `WebhookHandler { pending: ${queue.pending}, closed: ${closed} }`,
  });
  return handler;
}
