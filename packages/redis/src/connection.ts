/**
 * One Redis connection of an adapter: the URL checked once, ioredis set up to fail fast (a command
 * fails after one reconnection attempt or `commandTimeout`, instead of queueing while Redis is down),
 * and every failure turned into a {@link RedisUnavailableError} that names the server without its
 * password.
 * @internal
 */
import { Redis, type RedisOptions } from 'ioredis';
import { RedisAdapterConfigurationError } from './errors/redis-adapter-error.js';
import { RedisUnavailableError, type RedisUnavailableReason } from './errors/redis-unavailable-error.js';

/** How an adapter connects to Redis. */
export interface RedisConnectionOptions {
  /**
   * The server: `redis://[[user]:password@]host[:port][/db]`, or `rediss://...` for TLS. Never shown
   * in errors, logs or `inspect()` with its password.
   */
  readonly url: string;
  /**
   * More ioredis options (TLS certificates, `family: 6`, `connectionName`, ...), applied over the
   * adapter's defaults: `commandTimeout: 2000` and `maxRetriesPerRequest: 1`, which make a command
   * fail within about two seconds while Redis is down or hung, so that nothing waits on it unseen.
   * `lazyConnect` (connect on first use) and `replyMapping: 'legacy'` are always set.
   */
  readonly redisOptions?: RedisOptions | undefined;
}

/** The adapters' ioredis defaults (see {@link RedisConnectionOptions.redisOptions}). @internal */
export const CONNECTION_DEFAULTS = Object.freeze({
  commandTimeout: 2000,
  maxRetriesPerRequest: 1,
  connectTimeout: 5000,
});

/** `redis://host:port/db` without credentials or query, for messages. @internal */
export function redactUrl(url: URL): string {
  const port = url.port === '' ? '6379' : url.port;
  const db = /^\/\d+$/.test(url.pathname) ? url.pathname : '';
  return `${url.protocol}//${url.hostname}:${port}${db}`;
}

/** Checks `url` (throws `RedisAdapterConfigurationError` without echoing it: it may hold a password). @internal */
export function parseRedisUrl(url: unknown, owner: string): URL {
  if (typeof url !== 'string' || url === '') {
    throw new RedisAdapterConfigurationError(
      `${owner}: \`url\` must be a Redis URL (redis://host:port or rediss://host:port)`,
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RedisAdapterConfigurationError(
      `${owner}: \`url\` is not a valid URL (expected redis://host:port or rediss://host:port)`,
    );
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new RedisAdapterConfigurationError(
      `${owner}: \`url\` must start with redis:// or rediss:// (got ${parsed.protocol}//)`,
    );
  }
  if (parsed.hostname === '')
    throw new RedisAdapterConfigurationError(`${owner}: \`url\` has no host (expected redis://host:port)`);
  if (parsed.pathname !== '' && parsed.pathname !== '/' && !/^\/\d+$/.test(parsed.pathname)) {
    throw new RedisAdapterConfigurationError(
      `${owner}: the path of \`url\` must be a database number (redis://host:port/0)`,
    );
  }
  return parsed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The first line of a message, without anything that looks like a URL with credentials. */
function detailOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n', 1)[0] ?? '').replace(/\b(rediss?:\/\/)[^@\s/]*@/g, '$1***@');
}

function reasonOf(error: unknown): RedisUnavailableReason {
  if (!isRecord(error)) return 'unreachable';
  if (error['name'] === 'ReplyError') return 'refused';
  if (typeof error['message'] === 'string' && /timed out/i.test(error['message'])) return 'timeout';
  return 'unreachable';
}

type LegacyOptions = RedisOptions & { replyMapping: 'legacy' };

/** A connection of one adapter. @internal */
export class Connection {
  readonly client: Redis;
  /** Redacted address, for messages. */
  readonly server: string;
  readonly #url: string;
  readonly #options: LegacyOptions;
  /** What the client last reported on its `error` event: the reason behind "max retries" errors. */
  #lastProblem: string | undefined;

  constructor(options: RedisConnectionOptions, owner: string, extra: RedisOptions = {}) {
    const url = parseRedisUrl(options.url, owner);
    if (options.redisOptions !== undefined && !isRecord(options.redisOptions)) {
      throw new RedisAdapterConfigurationError(`${owner}: \`redisOptions\` must be an object of ioredis options`);
    }
    this.server = redactUrl(url);
    this.#url = options.url;
    // Reply shapes are the adapters' business: the same arrays whichever protocol the server speaks.
    this.#options = {
      ...CONNECTION_DEFAULTS,
      ...options.redisOptions,
      lazyConnect: true,
      ...extra,
      replyMapping: 'legacy',
    };
    this.client = this.#connect(this.#options);
  }

  #connect(options: LegacyOptions): Redis {
    const client = new Redis(this.#url, options);
    // Without a listener ioredis prints every reconnection failure; commands report them instead.
    client.on('error', (error: unknown) => {
      this.#lastProblem = detailOf(error);
    });
    client.on('ready', () => {
      this.#lastProblem = undefined;
    });
    return client;
  }

  /** A second connection to the same server (for blocking reads), with `extra` options on top. */
  duplicate(extra: RedisOptions): Redis {
    return this.#connect({ ...this.#options, ...extra, replyMapping: 'legacy' });
  }

  /** `error` as a {@link RedisUnavailableError} (returned as is when it already is one). */
  translate(error: unknown): RedisUnavailableError {
    if (error instanceof RedisUnavailableError) return error;
    const reason = reasonOf(error);
    const detail = detailOf(error);
    const behind =
      reason === 'unreachable' && this.#lastProblem !== undefined && this.#lastProblem !== detail
        ? ` (${this.#lastProblem})`
        : '';
    return new RedisUnavailableError(reason, this.server, `${detail}${behind}`);
  }

  /** Runs `command`, rejecting with a {@link RedisUnavailableError} when it fails. */
  async run<T>(command: (client: Redis) => Promise<T>): Promise<T> {
    try {
      return await command(this.client);
    } catch (error) {
      throw this.translate(error);
    }
  }

  /** Closes the connection (politely when it is open; at once otherwise). Never rejects. */
  async close(): Promise<void> {
    await closeClient(this.client);
  }
}

/** QUIT when connected (bounded by the command timeout), otherwise drop the socket. @internal */
export async function closeClient(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}
