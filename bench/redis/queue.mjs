// Deliveries per second through the durable queue's receiver (verify + one Lua script that checks
// for a duplicate, appends to the stream and to the user's order), against the in-memory handler of
// @commerce-kit/webhooks (verify + an in-memory duplicate check and queue: no durability) and a
// bare XADD of the same body (the floor of storing anything). Then the time for 4 workers to process
// what was stored. Same throwaway redis-server (loopback) for all. Build first:
// `npx nx run-many -t build -p @commerce-kit/redis @commerce-kit/webhooks`.
import { Redis } from 'ioredis';
import { Bench } from 'tinybench';
import { createWebhookHandler } from '../../packages/webhooks/dist/index.js';
import { signTestDelivery } from '../../packages/webhooks/dist/testing.js';
import { createRedisWebhookReceiver, createRedisWebhookWorker } from '../../packages/redis/dist/webhooks.js';
import { startRedisServer } from '../../packages/redis/dist/testing.js';
import { printComparison, taskRows } from '../lib/tinybench-table.mjs';

const SECRET = 'whsec_bench';
const server = await startRedisServer();
const client = new Redis(server.url);
const receiver = createRedisWebhookReceiver({
  url: server.url,
  secret: SECRET,
  userKey: (event) => String(event.payload.user_id),
});
// maxPending raised: the bench sends faster than its queue drains, and a 503 is not what is measured.
const handler = createWebhookHandler({
  secret: SECRET,
  userKey: (event) => String(event.payload.user_id),
  onEvent: () => undefined,
  maxPending: 10_000_000,
});

// A fresh delivery per call (a repeated one would be a duplicate), signed ahead of time.
const pool = (n) =>
  Array.from({ length: n }, (_, i) =>
    signTestDelivery(SECRET, { id: `obj_${i}` }, { type: 'customer_updated', fields: { user_id: `user-${i % 50}` } }),
  );
const deliveries = { receiver: pool(200_000), handler: pool(200_000), floor: pool(200_000) };
const next = { receiver: 0, handler: 0, floor: 0 };
const take = (row) => deliveries[row][next[row]++ % deliveries[row].length];

const bench = new Bench({ time: 3_000, warmup: true, warmupTime: 500 });
bench
  .add('XADD of the body (floor)', async () => {
    const d = take('floor');
    await client.xadd('floor:stream', '*', 'event', d.body);
  })
  .add('webhooks createWebhookHandler().handle (memory)', async () => {
    const d = take('handler');
    if ((await handler.handle(d.body, d.headers)).status !== 200) throw new Error('refused');
  })
  .add('redis createRedisWebhookReceiver().handle', async () => {
    const d = take('receiver');
    if ((await receiver.handle(d.body, d.headers)).status !== 200) throw new Error('refused');
  });

let stored = 0;
let drainMs = 0;
try {
  await bench.run();
  stored = next.receiver;
  let processed = 0;
  const started = performance.now();
  const workers = Array.from({ length: 4 }, () =>
    createRedisWebhookWorker({ url: server.url, onEvent: () => void processed++ }),
  );
  while (processed < stored) await new Promise((resolve) => setTimeout(resolve, 20));
  drainMs = performance.now() - started;
  await Promise.all(workers.map((worker) => worker.close()));
} finally {
  await handler.close();
  await receiver.close();
  client.disconnect();
  await server.stop();
}

const rows = taskRows(bench);
printComparison(rows, `node ${process.version}, sequential calls, ${new Date().toISOString()}`, {
  'vs floor': rows[0],
  'vs in-memory handler': rows[1],
});
console.log(
  `4 workers (one process, 50 users) processed the ${stored} stored deliveries in ${Math.round(drainMs)} ms: ${Math.round((stored / drainMs) * 1000)} per second`,
);
