// Type-level tests, checked by `tsc -p tsconfig.json` (the typecheck target).
import { expectTypeOf } from 'vitest';
import {
  createWebhookHandler,
  verifyDelivery,
  type Clock,
  type IdempotencyStore,
  type MemoryIdempotencyStore,
  type UserLock,
  type VerifyDeliveryOptions,
  type WebhookHandlerOptions,
  type WebhookWarning,
  type WebhookEvent,
  type WebhookHandler,
  type WebhookEventType,
} from '../src/index.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { components, WebhookEventType as ApiWebhookEventType, WebhookPayload } from '@commerce-kit/api-types';
import type { NodeWebhookListener } from '../src/adapters/node.js';
import type { TestDeliveryOverrides } from '../src/testing/index.js';

// What the receivers answer is the spec's WebhookAck.
expectTypeOf<Awaited<ReturnType<WebhookHandler['handle']>>['body']>().toExtend<components['schemas']['WebhookAck']>();

// The event type union is the one generated from the spec.
expectTypeOf<WebhookEventType>().toEqualTypeOf<ApiWebhookEventType>();
// Every verified event's payload satisfies the spec's WebhookPayload fields.
declare const anyEvent: WebhookEvent;
expectTypeOf(anyEvent.data.id).toEqualTypeOf<WebhookPayload['data']['id']>();

declare const event: WebhookEvent;

if (event.type === 'customer_created') {
  expectTypeOf(event).toEqualTypeOf<Extract<WebhookEvent, { type: 'customer_created' }>>();
  expectTypeOf(event.type).toEqualTypeOf<'customer_created'>();
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
else
  expectTypeOf(result.reason).toEqualTypeOf<
    'missing_signature' | 'invalid_signature' | 'malformed_body' | 'stale_timestamp' | 'body_too_large'
  >();

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

// One way per framework: the handler object is not callable itself.
declare const webhooks: ReturnType<typeof createWebhookHandler>;
declare const nodeReq: IncomingMessage;
declare const nodeRes: ServerResponse;
// @ts-expect-error: use webhooks.node(req, res)
void webhooks(nodeReq, nodeRes);
// @ts-expect-error: use webhooks.fetch(request)
void webhooks(new Request('http://x'));
expectTypeOf(webhooks.fetch(new Request('http://x'), {}, { waitUntil: () => {} })).toEqualTypeOf<Promise<Response>>();

// Inputs accept an explicit `undefined` for every optional option (exactOptionalPropertyTypes).
const explicit: WebhookHandlerOptions = {
  secret: 's',
  onEvent: () => {},
  onError: undefined,
  onRejected: undefined,
  onWarning: undefined,
  userKey: undefined,
  userLock: undefined,
  concurrency: undefined,
  maxPending: undefined,
  retry: { retries: undefined, delayMs: undefined },
  idempotency: { store: undefined, ttlSeconds: undefined },
  maxAgeSeconds: undefined,
  maxFutureSeconds: undefined,
  clock: undefined,
  maxBodyBytes: undefined,
  eventTypeFields: undefined,
};
void explicit;
const storeOptions: ConstructorParameters<typeof MemoryIdempotencyStore>[0] = {
  clock: undefined,
  maxEntries: undefined,
};
const overrides: TestDeliveryOverrides = {
  timestamp: undefined,
  token: undefined,
  type: undefined,
  fields: undefined,
  signature: undefined,
  clock: undefined,
};
void storeOptions;
void overrides;

// The clock is the house Clock: an object with now() and sleep(); no function or instant aliases.
expectTypeOf<VerifyDeliveryOptions['clock']>().toEqualTypeOf<Clock | undefined>();
// @ts-expect-error: a function is not a Clock
verifyDelivery('{}', {}, { secret: 's', clock: () => 1 });
// @ts-expect-error: the old alias is gone
verifyDelivery('{}', {}, { secret: 's', toleranceSeconds: 300 });

// Warnings are a union narrowed by `code`.
declare const warning: WebhookWarning;
if (warning.code === 'dangerous_key_removed') expectTypeOf(warning.pointer).toEqualTypeOf<string>();
if (warning.code === 'unknown_timestamp_format') expectTypeOf(warning.timestamp).toEqualTypeOf<string>();

// A Redis-style lock and store plug in through the two small interfaces.
const lock: UserLock = { acquire: async () => async () => {} };
const store: IdempotencyStore = { claim: async () => true };
createWebhookHandler({ secret: 's', onEvent: () => {}, userLock: lock, idempotency: { store } });
