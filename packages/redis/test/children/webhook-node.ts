/**
 * One receiving process of the multi-process webhook tests: a Node http server with the durable
 * queue's receiver, and a worker of that queue. `onEvent` records, in the test's Redis:
 * - every call (`test:calls`: user, seq, delivery key, context.deliveries),
 * - the effect, made idempotent by the delivery key (`test:log:<user>`: seq, once per delivery),
 * - any overlap of two calls for one user (`test:overlaps`), and what the worker reports to onError (`test:errors`).
 * Prints `port <n>` when listening and `processing <key>` once a call is recorded, before its effect.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { createRedisWebhookReceiver, createRedisWebhookWorker } from '../../src/webhooks/index.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};
const url = env('REDIS_URL');
const handlerMs = Number(env('HANDLER_MS'));
const claimIdleMs = Number(env('CLAIM_IDLE_MS'));

const records = new Redis(url);
records.defineCommand('effect', {
  numberOfKeys: 2,
  lua: `if redis.call('SADD', KEYS[1], ARGV[1]) == 1 then redis.call('RPUSH', KEYS[2], ARGV[2]) end`,
});
const effect = (
  records as unknown as { effect(seen: string, log: string, key: string, seq: number): Promise<unknown> }
).effect.bind(records);

const receiver = createRedisWebhookReceiver({
  url,
  secret: env('SECRET'),
  userKey: (event) => String(event.payload['user_id']),
});
const worker = createRedisWebhookWorker({
  url,
  claimIdleMs,
  concurrency: 4,
  onError: (error) => void records.rpush('test:errors', `${error.name}: ${error.message}`),
  onEvent: async (event, context) => {
    const user = context.userKey;
    const seq = Number(event.data['seq']);
    // Marks the user busy for less than claimIdleMs, so a killed holder's mark is gone before a takeover.
    const token = `${process.pid}:${context.deliveryId}`;
    if ((await records.set(`test:active:${user}`, token, 'PX', Math.floor(claimIdleMs / 2), 'NX')) !== 'OK') {
      await records.rpush('test:overlaps', `${user}:${seq}`);
    }
    await records.rpush(
      'test:calls',
      JSON.stringify({ user, seq, key: event.deliveryKey, deliveries: context.deliveries, pid: process.pid }),
    );
    process.stdout.write(`processing ${event.deliveryKey}\n`);
    await new Promise((resolve) => setTimeout(resolve, handlerMs));
    await effect('test:effects-seen', `test:log:${user}`, event.deliveryKey, seq);
    if ((await records.get(`test:active:${user}`)) === token) await records.del(`test:active:${user}`);
  },
});

const server = createServer((req, res) => void receiver.node(req, res));
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`);
});

process.on('SIGTERM', () => {
  void (async () => {
    server.closeAllConnections();
    server.close();
    await worker.close({ timeoutMs: 5_000 });
    await receiver.close();
    records.disconnect();
    process.stdout.write(`${JSON.stringify({ closed: true })}\n`);
    process.exit(0);
  })();
});
