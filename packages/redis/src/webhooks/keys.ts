/**
 * Redis key names of the webhook adapters. A queue's keys share one hash tag (`{<queue>}`), so they
 * stay in one hash slot; delivery keys are hashed to a fixed length.
 * @internal
 */
import { createHash } from 'node:crypto';
import { RedisAdapterConfigurationError } from '../errors/redis-adapter-error.js';

/** Default name of the delivery queue. */
export const DEFAULT_QUEUE_NAME = 'deliveries';

/** The consumer group every worker of a queue belongs to. @internal */
export const WORKER_GROUP = 'workers';

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function queueName(value: unknown, owner: string): string {
  if (value === undefined) return DEFAULT_QUEUE_NAME;
  if (typeof value !== 'string' || !/^[A-Za-z0-9._:-]{1,100}$/.test(value)) {
    throw new RedisAdapterConfigurationError(`${owner}: queue must be 1 to 100 letters, digits, '.', '_', ':' or '-'`);
  }
  return value;
}

/** The keys of one durable delivery queue. @internal */
export class QueueKeys {
  readonly stream: string;
  readonly failed: string;
  readonly #base: string;

  constructor(prefix: string, queue: string) {
    this.#base = `${prefix}:webhooks:{${queue}}`;
    this.stream = `${this.#base}:stream`;
    this.failed = `${this.#base}:failed`;
  }

  /** Marks a delivery as accepted (the duplicate check). */
  seen(deliveryKey: string): string {
    return `${this.#base}:seen:${sha256(deliveryKey)}`;
  }

  /** The ids of a user's deliveries not yet processed, oldest first. */
  user(userKey: string): string {
    return `${this.#base}:user:${userKey}`;
  }
}
