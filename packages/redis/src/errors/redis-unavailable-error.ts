import { RedisAdapterError } from './redis-adapter-error.js';

/** Why Redis could not do what was asked. */
export type RedisUnavailableReason =
  /** No connection: refused, reset, DNS, TLS, authentication, or the connection was closed. */
  | 'unreachable'
  /** Connected, but no answer within `commandTimeoutMs`. */
  | 'timeout'
  /** Redis answered with an error (out of memory, read-only replica, missing permission, ...). */
  | 'refused';

/**
 * Redis could not be reached, did not answer in time, or refused a command. Every adapter fails
 * closed on it: the rate-limit store rejects (the request is not sent), the webhook receiver answers
 * 503 (the delivery is not acknowledged), a worker keeps the delivery for later. The message names
 * the server without its password.
 */
export class RedisUnavailableError extends RedisAdapterError {
  static override readonly brand: string = '@commerce-kit/redis:RedisUnavailableError';

  /** Machine-readable reason. */
  readonly reason: RedisUnavailableReason;
  /** The server, as `redis://host:port/db` without user name or password. */
  readonly server: string;

  /**
   * @param reason - see {@link RedisUnavailableReason}.
   * @param server - the redacted server address.
   * @param detail - what the Redis client said (never holds a password).
   */
  constructor(reason: RedisUnavailableReason, server: string, detail: string) {
    const what =
      reason === 'timeout' ? 'did not answer in time' : reason === 'refused' ? 'refused a command' : 'is unreachable';
    super(`Redis at ${server} ${what}: ${detail}`);
    this.reason = reason;
    this.server = server;
  }
}
