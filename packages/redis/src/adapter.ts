/**
 * What the adapter classes share: their options object checked, the key prefix, one connection,
 * `close()`, and a view (`toJSON`, `util.inspect`) that names the server, never its password.
 * @internal
 */
import type { Redis } from 'ioredis';
import { Connection, type RedisConnectionOptions } from './connection.js';
import { keyPrefix, requireObject } from './options.js';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** The options every adapter class takes. */
export interface RedisAdapterOptions extends RedisConnectionOptions {
  /** First part of every key the adapter writes (default `commerce-kit`); the adapter's documentation shows its keys. */
  readonly keyPrefix?: string | undefined;
}

/** The base of `RedisRateLimitStore`, `RedisIdempotencyStore` and `RedisUserLock`. */
export abstract class RedisAdapter {
  readonly #connection: Connection;
  readonly #prefix: string;
  readonly #owner: string;

  /**
   * @param owner - the class's name, for messages and `inspect()` (not `constructor.name`, which a minifier may change).
   * @param shape - the options it takes, for the message when there are none.
   * @throws {RedisAdapterConfigurationError} for missing options, a malformed URL or key prefix.
   */
  protected constructor(options: RedisAdapterOptions, owner: string, shape: string) {
    requireObject(options, owner, shape);
    this.#owner = owner;
    this.#prefix = keyPrefix(options.keyPrefix, owner);
    this.#connection = new Connection(options, owner);
  }

  /** The first part of every key this adapter writes. */
  protected get prefix(): string {
    return this.#prefix;
  }

  /** The server's address without credentials, for messages. */
  protected get server(): string {
    return this.#connection.server;
  }

  /** Runs `command`, rejecting with a `RedisUnavailableError` when Redis cannot be asked. */
  protected run<T>(command: (client: Redis) => Promise<T>): Promise<T> {
    return this.#connection.run(command);
  }

  /** Closes the Redis connection. Calls made afterwards reject with `RedisUnavailableError`. */
  async close(): Promise<void> {
    await this.#connection.close();
  }

  /** `{ server: 'redis://host:6379', keyPrefix }`: never the password. */
  toJSON(): { server: string; keyPrefix: string } {
    return { server: this.#connection.server, keyPrefix: this.#prefix };
  }

  /** @internal */
  [INSPECT](): string {
    return `${this.#owner} { server: '${this.#connection.server}', keyPrefix: '${this.#prefix}' }`;
  }
}
