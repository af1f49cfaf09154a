// Webhook chaos against a real receiving app built from the project's packages: duplicates, reordered
// releases and same-customer bursts. With its duplicate store on, the app applies each of 200 changes
// exactly once and each customer's in arrival order; with it off, the same chaos makes it double-count.
import { createClient, NotFoundError, type Client } from '@commerce-kit/api-client';
import { afterEach, describe, expect, test } from 'vitest';
import type { Sandbox } from '../src/index.js';
import { startChaosApp, type ChaosApp } from './support/chaos-app.js';
import { start } from './support/start.js';

const SECRET = 'whsec_chaos_app_test';
const CUSTOMERS = 20;
const CHANGES = 200;

const apps: ChaosApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

interface Run {
  readonly app: ChaosApp;
  readonly sandbox: Sandbox;
  readonly client: Client;
  /** Ids of the customers changed, in the order they were created. */
  readonly ids: readonly string[];
  /** Customers deleted in the second round. */
  readonly deleted: readonly string[];
}

/**
 * 200 changes through the api-client: round one creates 20 customers and updates them 80 times, held and
 * released shuffled; round two updates them 96 times and deletes 4, held and released in reverse. Both
 * rounds with every delivery sent twice, all at once.
 */
async function runChaos(idempotency: boolean): Promise<Run> {
  const app = await startChaosApp({ secret: SECRET, idempotency });
  apps.push(app);
  // The 200 changes and the app's re-fetches go well past the platform's 200 requests a minute.
  const sandbox = await start({ webhookUrl: app.url, webhookSecret: SECRET, rateLimit: 0 });
  const client = createClient({ baseUrl: sandbox.url, accessToken: sandbox.app.accessToken, rateLimit: false });
  app.connect(createClient({ baseUrl: sandbox.url, accessToken: sandbox.app.accessToken, rateLimit: false }));

  sandbox.webhooks.setMode({ duplicate: true, hold: true, concurrent: true });
  const ids: string[] = [];
  let changes = 0;
  for (let i = 0; i < CUSTOMERS; i++) {
    const created = await client.customers.create({
      first_name: `Chaos${i}`,
      last_name: 'Tester',
      email: `chaos${i}@example.com`,
    });
    ids.push(created.id);
    changes++;
  }
  for (; changes < CHANGES / 2; changes++)
    await client.customers.update(ids[changes % CUSTOMERS]!, { company: `revision ${changes}` });
  expect(sandbox.webhooks.held).toBe(CHANGES / 2);
  expect(await sandbox.webhooks.release('shuffle', 7)).toBe(CHANGES / 2);
  await sandbox.webhooks.settle();

  const deleted = ids.slice(0, 4);
  for (; changes < CHANGES - deleted.length; changes++)
    await client.customers.update(ids[changes % CUSTOMERS]!, { company: `revision ${changes}` });
  for (const id of deleted) {
    await client.customers.del(id);
    changes++;
  }
  expect(sandbox.webhooks.held).toBe(CHANGES / 2);
  expect(await sandbox.webhooks.release('reverse')).toBe(CHANGES / 2);
  await sandbox.webhooks.settle();
  await app.webhooks.drain({ timeoutMs: 20_000 });
  return { app, sandbox, client, ids, deleted };
}

/** Every delivery in the sandbox's log, oldest first, with its attempts. */
function deliveryLog(sandbox: Sandbox) {
  const all = [];
  let endingBefore: string | undefined;
  for (;;) {
    const page = sandbox.webhooks.deliveries({ limit: 100, endingBefore });
    all.push(...page.data);
    if (!page.hasMore) break;
    endingBefore = page.data.at(-1)!.id;
  }
  return all.reverse().map((d) => sandbox.webhooks.delivery(d.id));
}

/** Whether some customer's deliveries were accepted in another order than their changes were made. */
function arrivedOutOfOrder(app: ChaosApp, run: Run): boolean {
  const rank = { customer_created: 0, customer_updated: 1, customer_deleted: 2 } as Record<string, number>;
  return run.ids.some((id) => {
    const types = app.arrivals.filter((a) => a.customerId === id).map((a) => rank[a.type ?? '']!);
    return types.some((type, i) => i > 0 && type < types[i - 1]!);
  });
}

describe('an app made of api-client and the webhooks handler, under webhook chaos', () => {
  test('with duplicates, reordering and same-customer bursts, 200 changes are each applied once, one customer at a time, in arrival order', async () => {
    const run = await runChaos(true);
    const { app, sandbox, client } = run;

    // The chaos was real: every delivery was sent twice, held, released out of order, in bursts.
    const log = deliveryLog(sandbox);
    expect(log).toHaveLength(CHANGES);
    for (const delivery of log) {
      expect(delivery.status).toBe('delivered');
      expect(delivery.attempts!.map((a) => a.status)).toEqual([200, 200]);
    }
    expect(arrivedOutOfOrder(app, run)).toBe(true);
    expect(app.largestBurst).toBeGreaterThan(1);
    expect(app.largestParallelism).toBeGreaterThan(1);

    // Exactly once: 200 distinct events, each applied one time.
    expect(app.errors).toEqual([]);
    expect(app.applied.size).toBe(CHANGES);
    expect([...app.applied.values()].every((count) => count === 1)).toBe(true);
    expect(app.changes).toBe(CHANGES);
    expect(app.arrivals).toHaveLength(CHANGES);

    // One customer at a time, in the order the handler accepted the deliveries.
    expect(app.overlaps).toBe(0);
    for (const id of run.ids) {
      const runs = app.runs.filter((r) => r.customerId === id);
      for (let i = 1; i < runs.length; i++) expect(runs[i]!.start).toBeGreaterThan(runs[i - 1]!.end);
      expect(runs.map((r) => r.deliveryKey)).toEqual(
        app.arrivals.filter((a) => a.customerId === id).map((a) => a.deliveryKey),
      );
    }
    expect(new Set(app.runs.map((r) => r.customerId))).toEqual(new Set(run.ids));

    // Re-fetching made the order of arrival irrelevant: the app's view is the API's.
    for (const id of run.ids) {
      if (run.deleted.includes(id)) {
        expect(app.view.get(id)).toBe('deleted');
        await expect(client.customers.retrieve(id)).rejects.toBeInstanceOf(NotFoundError);
      } else {
        expect(app.view.get(id)).toEqual(await client.customers.retrieve(id));
      }
    }
  });

  test('the same app with its duplicate store off double-counts: the chaos is real', async () => {
    const run = await runChaos(false);
    const { app } = run;
    expect(app.errors).toEqual([]);
    expect(app.applied.size).toBe(CHANGES);
    expect(app.changes).toBeGreaterThan(CHANGES);
    // Each duplicated delivery was applied twice; the per-customer queue alone does not prevent that.
    expect(app.changes).toBe(2 * CHANGES);
    expect([...app.applied.values()].every((count) => count === 2)).toBe(true);
    expect(app.overlaps).toBe(0);
  });
});
