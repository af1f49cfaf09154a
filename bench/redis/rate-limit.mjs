// Cost of one rate-limit decision in Redis, all against the same throwaway redis-server (loopback):
// RedisRateLimitStore.take (sliding-window log in one Lua script, on Redis's clock) against
// rate-limiter-flexible's RateLimiterRedis.consume (a fixed-window counter: the well-kept peer) and a
// hand-written INCR + PEXPIRE pipeline (the floor: the cheapest counter, fixed window). Each row
// records a request start for one shared key with a budget that never runs out, so no row waits.
// Build first: `npx nx run @commerce-kit/redis:build`.
import { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { Bench } from 'tinybench';
import { RedisRateLimitStore } from '../../packages/redis/dist/rate-limit.js';
import { startRedisServer } from '../../packages/redis/dist/testing.js';
import { printComparison, taskRows } from '../lib/tinybench-table.mjs';

const server = await startRedisServer();
const client = new Redis(server.url);
const store = new RedisRateLimitStore({ url: server.url });
const peer = new RateLimiterRedis({ storeClient: client, keyPrefix: 'rlflx', points: 1_000_000_000, duration: 1 });
// One-second windows keep the sliding log (one member per start) at about one second of starts.
const request = () => ({ limit: 1_000_000_000, windowMs: 1_000, now: Date.now() });

const bench = new Bench({ time: 3_000, warmup: true, warmupTime: 500 });
bench
  .add('INCR + PEXPIRE pipeline (floor)', async () => {
    await client.multi().incr('floor:account:bench').pexpire('floor:account:bench', 1_000).exec();
  })
  .add('rate-limiter-flexible consume', async () => {
    await peer.consume('account:bench');
  })
  .add('RedisRateLimitStore.take', async () => {
    if ((await store.take('account:bench', request())) !== 0) throw new Error('waited');
  });

try {
  await bench.run();
} finally {
  await store.close();
  client.disconnect();
  await server.stop();
}

const rows = taskRows(bench);
printComparison(rows, `node ${process.version}, one connection each, sequential calls, ${new Date().toISOString()}`, {
  'vs floor': rows[0],
  'vs rate-limiter-flexible': rows[1],
});
