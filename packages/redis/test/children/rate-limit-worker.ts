/**
 * One of the processes of the multi-process rate-limit test: sends REQUESTS calls through an
 * api-client whose limiter counts in Redis under one account key, CONCURRENCY at a time, and prints
 * what happened as one JSON line.
 */
import { ApiError, createClient, type RateLimitStore } from '@commerce-kit/api-client';
import { RedisRateLimitStore } from '../../src/rate-limit/index.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};
const requests = Number(env('REQUESTS'));
const concurrency = Number(env('CONCURRENCY'));
const windowMs = Number(env('WINDOW_MS'));

// The default padding: a cold process's first requests spend hundreds of milliseconds on their way
// (Node loads its fetch on first use), and the padding is what keeps those from counting twice.
const store = new RedisRateLimitStore({ url: env('REDIS_URL') });
// The client always asks for the documented one-minute window; the test shortens it, nothing else.
const shortWindow: RateLimitStore = {
  take: (key, request) => store.take(key, { ...request, windowMs }),
  pause: (key, until) => store.pause(key, until),
};
const client = createClient({
  baseUrl: env('BASE_URL'),
  accessToken: `token-of-process-${process.pid}`,
  maxRetries: 0,
  rateLimit: { accountKey: env('ACCOUNT'), requestsPerMinute: Number(env('LIMIT')), store: shortWindow },
});

let ok = 0;
let rateLimited = 0;
const otherErrors: string[] = [];
let next = 0;
async function lane(): Promise<void> {
  while (next < requests) {
    next++;
    try {
      await client.customers.list({ limit: 1 });
      ok++;
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) rateLimited++;
      else otherErrors.push(String(error));
    }
  }
}
await Promise.all(Array.from({ length: concurrency }, lane));
await store.close();
process.stdout.write(`${JSON.stringify({ ok, rateLimited, otherErrors: otherErrors.slice(0, 5) })}\n`);
