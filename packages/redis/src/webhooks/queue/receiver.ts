/**
 * The receiving side of the durable delivery queue: verify a delivery, store it in Redis (atomically
 * with its duplicate check and its place in its user's order), and only then answer 200.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  DEFAULT_MAX_AGE_SECONDS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_FUTURE_SECONDS,
  type WebhookResponseBody,
} from '@commerce-kit/internal/webhook-defaults';
import {
  verifyDelivery,
  type DeliveryBody,
  type HeadersInput,
  type VerifyDeliveryFailure,
  type VerifyDeliveryOptions,
  type WebhookEvent,
} from '@commerce-kit/webhooks';
import { Connection, type RedisConnectionOptions } from '../../connection.js';
import { functionOption, keyPrefix, numberOption, requireObject } from '../../options.js';
import { QueueKeys, queueName } from '../keys.js';
import { encodeEvent } from './event-codec.js';
import { readNodeBody } from './node-body.js';
import { ENQUEUE } from './scripts.js';

const OWNER = 'createRedisWebhookReceiver';
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** The user key of every event when `userKey` is not given: one queue, everything in order. */
export const SINGLE_USER_KEY = '*';

/** Key retention when the age of deliveries is not limited (`maxAgeSeconds: false`): seven days. */
const UNLIMITED_AGE_TTL_SECONDS = 7 * 86_400;

/** Options of {@link createRedisWebhookReceiver}: how to verify, and where to store. */
export interface RedisWebhookReceiverOptions extends VerifyDeliveryOptions, RedisConnectionOptions {
  /** First part of every key (default `commerce-kit`). Receivers and workers of one queue must agree. */
  readonly keyPrefix?: string | undefined;
  /** Name of the queue (default `deliveries`). Receivers and workers of one queue must agree. */
  readonly queue?: string | undefined;
  /**
   * The user an event belongs to: a user's deliveries are processed one at a time, in the order the
   * receivers stored them. The platform's API documentation shows no payload field naming the user,
   * so by default every event has the key `'*'` (one line for everything, processed strictly one at
   * a time). Return the user's id when your payloads carry it.
   */
  readonly userKey?: ((event: WebhookEvent) => string) | undefined;
  /** Called for every refused delivery, for logging (never receives the secret). */
  readonly onRejected?: ((failure: VerifyDeliveryFailure) => void) | undefined;
  /**
   * How long a delivery key is remembered for the duplicate check, in seconds. Default:
   * `maxAgeSeconds + maxFutureSeconds + 61` (86 761 with the default window), so a copy is caught
   * as long as it could pass the replay window; seven days when `maxAgeSeconds` is `false`.
   */
  readonly idempotencyTtlSeconds?: number | undefined;
}

/** What the receiver answers for one delivery. */
export interface RedisWebhookResponse {
  /**
   * 200 stored (or a duplicate of a stored delivery); 400 invalid delivery; 413 body too large;
   * 500 `userKey` threw; 503 Redis unavailable or the receiver is closed (the platform may send
   * it again: nothing was stored).
   */
  readonly status: 200 | 400 | 413 | 500 | 503;
  /** JSON body to send (`received`, `reason`, `duplicate`). */
  readonly body: WebhookResponseBody;
}

/** A receiver of the durable queue. */
export interface RedisWebhookReceiver {
  /** Node `http` / Express listener: `http.createServer(receiver.node)`, `app.post('/webhooks', receiver.node)`. */
  readonly node: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** Framework-independent entry: verify and store one delivery, and say what to answer. */
  handle(body: DeliveryBody, headers: HeadersInput): Promise<RedisWebhookResponse>;
  /** Stops accepting (new deliveries get 503) and closes the Redis connection. */
  close(): Promise<void>;
  /** Whether `close()` was called. */
  readonly closed: boolean;
}

function respond(status: RedisWebhookResponse['status'], body: WebhookResponseBody): RedisWebhookResponse {
  return { status, body };
}

const ACCEPTED = respond(200, { received: true });
const DUPLICATE = respond(200, { received: true, duplicate: true });

function defaultTtlSeconds(options: RedisWebhookReceiverOptions): number {
  if (options.maxAgeSeconds === false) return UNLIMITED_AGE_TTL_SECONDS;
  const maxAge = typeof options.maxAgeSeconds === 'number' ? options.maxAgeSeconds : DEFAULT_MAX_AGE_SECONDS;
  const maxFuture =
    typeof options.maxFutureSeconds === 'number' ? options.maxFutureSeconds : DEFAULT_MAX_FUTURE_SECONDS;
  return Math.ceil(maxAge + maxFuture) + 61;
}

/**
 * Creates a receiver for the durable delivery queue. Each delivery is verified (signature, replay
 * window, size, as `verifyDelivery` does), then stored in Redis — atomically with its duplicate
 * check (`SET NX` with a TTL on the signed message `timestamp + token`) and its place in its user's
 * order — and only then answered with 200. A copy of a stored delivery is answered 200 and dropped.
 * When Redis is unavailable the answer is 503 and nothing is stored, so the platform can send it
 * again: a delivery is never acknowledged without being stored, and never stored twice.
 *
 * Run `createRedisWebhookWorker` (in the same processes or others) to process what is stored.
 *
 * @throws {RedisAdapterConfigurationError} for a missing or malformed URL or option.
 * @throws {WebhookConfigurationError} (from `@commerce-kit/webhooks`) for bad verification options.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createRedisWebhookReceiver } from '@commerce-kit/redis/webhooks';
 *
 * const receiver = createRedisWebhookReceiver({
 *   url: process.env.REDIS_URL ?? 'redis://localhost:6379',
 *   secret: process.env.WEBHOOK_SECRET ?? '',
 *   userKey: (event) => String(event.payload['user_id']),
 * });
 * createServer(receiver.node).listen(3000);
 * ```
 */
export function createRedisWebhookReceiver(options: RedisWebhookReceiverOptions): RedisWebhookReceiver {
  requireObject(options, OWNER, '{ url, secret, userKey?, ... }');
  // Verification options are checked now, not on the first delivery (throws WebhookConfigurationError).
  verifyDelivery('', undefined, options);
  const prefix = keyPrefix(options.keyPrefix, OWNER);
  const keys = new QueueKeys(prefix, queueName(options.queue, OWNER));
  const userKeyOf = functionOption(options.userKey, 'userKey', OWNER) ?? (() => SINGLE_USER_KEY);
  const onRejected = functionOption(options.onRejected, 'onRejected', OWNER);
  const ttlSeconds = numberOption(
    options.idempotencyTtlSeconds,
    defaultTtlSeconds(options),
    'idempotencyTtlSeconds',
    OWNER,
    1,
  );
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const connection = new Connection(options, OWNER);
  let closed = false;

  async function handle(body: DeliveryBody, headers: HeadersInput): Promise<RedisWebhookResponse> {
    if (closed) return respond(503, { received: false, reason: 'shutting_down' });
    const result = verifyDelivery(body, headers, options);
    if (!result.ok) {
      try {
        onRejected?.(result);
      } catch {
        // Logging must not change the answer.
      }
      return respond(result.reason === 'body_too_large' ? 413 : 400, { received: false, reason: result.reason });
    }
    const { event } = result;
    let userKey: string;
    try {
      userKey = String(userKeyOf(event));
    } catch {
      return respond(500, { received: false, reason: 'internal_error' });
    }
    try {
      const id = await connection.run((client) =>
        ENQUEUE.run(
          client,
          [keys.seen(event.deliveryKey), keys.stream, keys.user(userKey)],
          [ttlSeconds, userKey, event.deliveryKey, encodeEvent(event)],
        ),
      );
      return id === '' ? DUPLICATE : ACCEPTED;
    } catch {
      return respond(503, { received: false, reason: 'unavailable' });
    }
  }

  async function node(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let response: RedisWebhookResponse;
    try {
      const read = await readNodeBody(req, maxBodyBytes);
      response =
        read === undefined
          ? respond(413, { received: false, reason: 'body_too_large' })
          : await handle(read, req.headers);
    } catch {
      response = respond(500, { received: false, reason: 'internal_error' });
    }
    if (res.headersSent) return;
    res.statusCode = response.status;
    res.setHeader('content-type', 'application/json');
    if (response.status === 413) res.setHeader('connection', 'close');
    res.end(JSON.stringify(response.body));
  }

  const receiver: RedisWebhookReceiver = {
    node,
    handle,
    async close() {
      closed = true;
      await connection.close();
    },
    get closed() {
      return closed;
    },
  };
  Object.defineProperty(receiver, INSPECT, {
    value: () => `RedisWebhookReceiver { server: '${connection.server}', closed: ${closed} }`,
  });
  Object.defineProperty(receiver, 'toJSON', { value: () => ({ server: connection.server, closed }) });
  return receiver;
}
