// Type-level tests, checked by `tsc -p tsconfig.json` (the typecheck target).
import { expectTypeOf } from 'vitest';
import {
  createWebhookHandler,
  verifyDelivery,
  type NodeWebhookListener,
  type TypedWebhookEvent,
  type WebhookEvent,
  type WebhookEventType,
} from '../src/index.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { components, WebhookEventType as ApiWebhookEventType, WebhookPayload } from '@commerce-kit/api-types';
import type { WebhookResponseBody } from '../src/index.js';

// What the receivers answer is the spec's WebhookAck.
expectTypeOf<WebhookResponseBody>().toExtend<components['schemas']['WebhookAck']>();

// The event type union is the one generated from the spec.
expectTypeOf<WebhookEventType>().toEqualTypeOf<ApiWebhookEventType>();
// Every verified event's payload satisfies the spec's WebhookPayload fields.
declare const anyEvent: WebhookEvent;
expectTypeOf(anyEvent.data.id).toEqualTypeOf<WebhookPayload['data']['id']>();

declare const event: WebhookEvent;

if (event.type === 'customer_created') {
  expectTypeOf(event).toEqualTypeOf<TypedWebhookEvent<'customer_created'>>();
}
if (event.type === undefined) {
  expectTypeOf(event.type).toEqualTypeOf<undefined>();
}
expectTypeOf(event.type).toEqualTypeOf<WebhookEventType | undefined>();
expectTypeOf(event.data.id).toEqualTypeOf<string>();
expectTypeOf(event.data['other']).toEqualTypeOf<unknown>();

// @ts-expect-error: not one of the 19 types
if (event.type === 'customer.created') void 0;

const result = verifyDelivery('{}', {}, { secret: 's' });
if (result.ok) expectTypeOf(result.event).toEqualTypeOf<WebhookEvent>();
else expectTypeOf(result.reason).toEqualTypeOf<'missing_signature' | 'invalid_signature' | 'malformed_body' | 'stale_timestamp' | 'body_too_large'>();

// @ts-expect-error: secret is required
verifyDelivery('{}', {}, {});

// @ts-expect-error: onEvent is required
createWebhookHandler({ secret: 's' });

// The Node adapter accepts Node's own request/response types.
const handler = createWebhookHandler({ secret: 's', onEvent: () => {} });
declare const req: IncomingMessage;
declare const res: ServerResponse;
void handler.node(req, res);
expectTypeOf(handler.node).toEqualTypeOf<NodeWebhookListener>();
expectTypeOf(handler.fetch).parameter(0).toEqualTypeOf<Request>();
expectTypeOf(handler.fetch).returns.toEqualTypeOf<Promise<Response>>();

// The handler itself is a Node listener and a Fetch handler, chosen by the arguments.
declare const callable: ReturnType<typeof createWebhookHandler>;
import('node:http').then(({ createServer }) => createServer(callable));
declare const nodeReq: IncomingMessage;
declare const nodeRes: ServerResponse;
expectTypeOf(callable(nodeReq, nodeRes)).toEqualTypeOf<Promise<void>>();
expectTypeOf(callable(new Request('http://x'))).toEqualTypeOf<Promise<Response>>();
expectTypeOf(callable(new Request('http://x'), {}, { waitUntil: () => {} })).toEqualTypeOf<Promise<Response>>();
