/** One throwaway redis-server per test file, and a plain ioredis client to look inside it. */
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { startRedisServer, type RedisServer } from '../../src/testing/index.js';

export interface RedisFixture {
  readonly server: RedisServer;
  /** A client of the test's own, for inspecting and resetting keys. */
  readonly inspect: Redis;
}

/** Starts a server before the file's tests and stops it after them; `get()` gives it to a test. */
export function useRedisServer(): () => RedisFixture {
  let fixture: RedisFixture | undefined;
  beforeAll(async () => {
    const server = await startRedisServer();
    fixture = { server, inspect: new Redis(server.url, { lazyConnect: true, maxRetriesPerRequest: 1 }) };
  });
  afterAll(async () => {
    fixture?.inspect.disconnect();
    await fixture?.server.stop();
  });
  return () => {
    if (fixture === undefined) throw new Error('the Redis test server is not running (beforeAll failed?)');
    return fixture;
  };
}
