/**
 * One fake server per test file, and a client factory for it (no client-side limit unless asked, so
 * tests that are not about the limiter never share a budget).
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createClient, type ClientOptions } from '../../src/index.js';
import { resetSharedRateLimiters } from '../../src/testing/index.js';
import { instantClock } from './instant-clock.js';
import { startFakeServer, type FakeServer, type FakeServerOptions } from './fake-server.js';

export const TOKEN = 'test_token';

/**
 * Starts a fake server for the file; `server()` gives it. Scripts, records, the token response variant
 * and shared limits are reset after each test.
 */
export function useFakeServer(options: FakeServerOptions = {}): () => FakeServer {
  let server: FakeServer | undefined;
  beforeAll(async () => {
    server = await startFakeServer(options);
  });
  afterAll(() => server?.close());
  afterEach(() => {
    if (server !== undefined) {
      server.script.length = 0;
      server.requests.length = 0;
      server.tokenVariant = options.tokenVariant ?? 'id_token';
    }
    resetSharedRateLimiters();
  });
  return () => {
    if (server === undefined) throw new Error('the fake server is not started');
    return server;
  };
}

/** A client of `server` with the test token, an instant clock and the limiter off, plus `extra`. */
export function clientOf(server: FakeServer, extra: Partial<ClientOptions> = {}) {
  return createClient({
    baseUrl: server.url,
    accessToken: TOKEN,
    clock: instantClock(),
    rateLimit: false,
    ...extra,
  } as ClientOptions);
}
