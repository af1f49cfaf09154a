/**
 * Several receiving processes (each a Node http server with the queue's receiver and a worker), fed
 * by a stand-in for the platform: every unique delivery is processed exactly once, each user's one at
 * a time and in the order they were acknowledged — and nothing is lost when a process is killed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { bundleChild } from './support/bundle.js';
import { startChild, type Child } from './support/children.js';
import { SECRET } from './support/deliveries.js';
import { feed } from './support/feeder.js';
import { useRedisServer } from './support/redis.js';

const redis = useRedisServer();
const CLAIM_IDLE_MS = 1_000;

interface Node {
  readonly child: Child<{ closed: boolean }>;
  readonly url: string;
}

let nodes: Node[] = [];
afterEach(async () => {
  for (const node of nodes) node.child.process.kill('SIGKILL');
  nodes = [];
  await redis().inspect.flushall();
});

/** One process per entry of `handlerMs`, whose onEvent takes that long. */
async function startNodes(handlerMs: readonly number[]): Promise<Node[]> {
  const script = await bundleChild('children/webhook-node');
  const env = { REDIS_URL: redis().server.url, SECRET, CLAIM_IDLE_MS: String(CLAIM_IDLE_MS) };
  const started = await Promise.all(
    handlerMs.map(async (ms) => {
      const child = startChild<{ closed: boolean }>(script, { ...env, HANDLER_MS: String(ms) });
      const port = (await child.line('port ')).slice('port '.length);
      return { child, url: `http://127.0.0.1:${port}` };
    }),
  );
  nodes = started;
  return started;
}

interface Call {
  readonly user: string;
  readonly seq: number;
  readonly key: string;
  readonly deliveries: number;
  readonly pid: number;
}

async function waitForEffects(count: number): Promise<void> {
  const processed = () => redis().inspect.scard('test:effects-seen');
  await waitFor(async () => (await processed()) >= count, {
    timeoutMs: 30_000,
    intervalMs: 50,
    message: async () => `${count} deliveries processed (${await processed()} so far)`,
  });
}

async function recorded(
  users: Iterable<string>,
): Promise<{ calls: Call[]; logs: Map<string, number[]>; overlaps: string[]; errors: string[] }> {
  const { inspect } = redis();
  const calls = (await inspect.lrange('test:calls', 0, -1)).map((text) => JSON.parse(text) as Call);
  const logs = new Map<string, number[]>();
  for (const user of users) logs.set(user, (await inspect.lrange(`test:log:${user}`, 0, -1)).map(Number));
  return {
    calls,
    logs,
    overlaps: await inspect.lrange('test:overlaps', 0, -1),
    errors: await inspect.lrange('test:errors', 0, -1),
  };
}

async function stopNodes(running: readonly Node[]): Promise<void> {
  for (const node of running) node.child.process.kill('SIGTERM');
  const results = await Promise.all(running.map((node) => node.child.result));
  expect(results.every((result) => result.closed)).toBe(true);
}

describe('4 receiving processes, 1 000 deliveries (20 % duplicates, same-user bursts)', () => {
  it("process each unique delivery exactly once, and each user's one at a time, in order", async () => {
    const running = await startNodes([2, 2, 2, 2]);
    const result = await feed(() => running.map((node) => node.url), {
      users: 40,
      unique: 800,
      duplicates: 200,
      lanes: 8,
      seed: 14,
    });
    expect(result.resent).toBe(0);
    expect(result.sent).toBe(1_000);
    expect(result.duplicatesAcknowledged).toBe(200);

    await waitForEffects(800);
    await stopNodes(running);
    const { calls, logs, overlaps, errors } = await recorded(result.order.keys());
    expect(errors).toEqual([]);
    // Exactly once: one onEvent call per unique delivery, none handed out twice.
    expect(calls).toHaveLength(800);
    expect(new Set(calls.map((call) => call.key)).size).toBe(800);
    expect(calls.every((call) => call.deliveries === 1)).toBe(true);
    // Spread over all four processes, and never two calls for one user at the same time.
    expect(new Set(calls.map((call) => call.pid)).size).toBe(4);
    expect(overlaps).toEqual([]);
    // In order: each user's deliveries processed in the order they were acknowledged.
    for (const [user, order] of result.order) expect(logs.get(user), user).toEqual(order);
    for (const [user, order] of result.order) {
      expect(
        calls.filter((call) => call.user === user).map((call) => call.seq),
        user,
      ).toEqual(order);
    }
    expect(await redis().inspect.xlen('commerce-kit:webhooks:{deliveries}:stream')).toBe(0);
  });
});

describe('a receiving process killed (SIGKILL) mid-burst', () => {
  it('loses nothing: what it acknowledged or held is processed by the others, in order, each effect once', async () => {
    // The victim never finishes a call (its handler waits a minute), so the kill lands while it is inside
    // onEvent holding deliveries, however late this process reads its lines on a loaded machine.
    const running = await startNodes([60_000, 5, 5, 5]);
    const [victim, ...survivors] = running as [Node, ...Node[]];
    let alive: readonly Node[] = running;
    // Killed mid-burst: once 300 of the about 1 000 deliveries are sent and the victim holds some.
    const held: string[] = [];
    let sentSoFar = 0;
    let killed = false;
    const killWhenDue = (): void => {
      if (killed || held.length === 0 || sentSoFar < 300) return;
      killed = true;
      victim.child.process.kill('SIGKILL');
      alive = survivors;
    };
    victim.child.onLine((line) => {
      if (!line.startsWith('processing ')) return;
      held.push(line.slice('processing '.length));
      killWhenDue();
    });
    const result = await feed(
      () => alive.map((node) => node.url),
      { users: 40, unique: 800, duplicates: 200, lanes: 8, seed: 99 },
      (sent) => {
        sentSoFar = sent;
        killWhenDue();
      },
    );
    expect(killed).toBe(true);

    await waitForEffects(800);
    await stopNodes(survivors);
    await expect(victim.child.result).rejects.toThrow('SIGKILL');
    const { calls, logs, overlaps, errors } = await recorded(result.order.keys());
    expect(errors).toEqual([]);
    // Nothing lost, every effect once, in order.
    for (const [user, order] of result.order) expect(logs.get(user), user).toEqual(order);
    expect(new Set(calls.map((call) => call.key)).size).toBe(800);
    expect(overlaps).toEqual([]);
    // Each delivery the victim was processing was taken over by another process and run again.
    for (const key of held) {
      const rerun = calls.filter((call) => call.key === key);
      expect(rerun.length, key).toBeGreaterThanOrEqual(2);
      expect(rerun.at(-1)?.deliveries, key).toBeGreaterThanOrEqual(2);
      expect(rerun.at(-1)?.pid, key).not.toBe(victim.child.process.pid);
    }
    // Only what the victim held ran twice: at most its handful of held deliveries.
    expect(calls.length - 800).toBeLessThanOrEqual(64);
  });
});
