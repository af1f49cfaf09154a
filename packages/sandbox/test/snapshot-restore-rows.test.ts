// A restore writes only the rows that differ from the snapshot: these cases check that what it leaves is
// the snapshot exactly, whatever happened since (rows changed, tombstoned, added; a delivery that was
// retried and delivered, whose earlier attempt is still the same row).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import type { Sandbox } from '../src/index.js';
import { ManualClock } from '../src/testing/index.js';
import { api, start } from './support/start.js';

const json = { 'content-type': 'application/json' };
const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A webhook receiver that answers 500 to the first delivery, 200 afterwards. */
async function flakyReceiver(): Promise<string> {
  let calls = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = calls++ === 0 ? 500 : 200;
      res.end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

/** Every live customer, in list order. */
async function customers(sandbox: Sandbox): Promise<unknown[]> {
  const page = (await (await api(sandbox, '/customers?limit=100')).json()) as { data: unknown[]; has_more: boolean };
  expect(page.has_more).toBe(false);
  return page.data;
}

describe.each([
  ['in memory', () => ({})],
  ['with a data file', () => ({ data: join(testTempDir('sandbox-restore-rows-'), 'sandbox.db') })],
])('restore %s', (_name, options) => {
  test('puts back exactly the snapshot: updated, deleted and added customers, and a delivery retried since', async () => {
    const clock = new ManualClock('2025-03-01T00:00:00Z');
    const sandbox = await start({
      customers: 8,
      clock,
      webhookUrl: await flakyReceiver(),
      webhookRetrySchedule: [60_000],
      ...options(),
    });
    const created = (await (
      await api(sandbox, '/customers', {
        method: 'POST',
        headers: json,
        body: '{"first_name":"Ada","last_name":"L","email":"ada@example.com"}',
      })
    ).json()) as { id: string };
    const [delivery] = sandbox.webhooks.deliveries().data;
    await waitFor(() => sandbox.webhooks.delivery(delivery!.id).attemptCount === 1); // answered 500, retry in a minute
    const [first, second] = (await customers(sandbox)) as { id: string }[];
    await api(sandbox, `/customers/${second!.id}`, { method: 'PUT', headers: json, body: '{"company":"Before"}' });
    // The update's delivery went out; the first one's retry waits on the clock (its only sleeper).
    await waitFor(() => sandbox.webhooks.deliveries().data[0]!.status === 'delivered' && clock.pending === 1);

    await sandbox.snapshot('taken');
    const log = () => sandbox.webhooks.deliveries().data.map((d) => sandbox.webhooks.delivery(d.id));
    const atSnapshot = {
      customers: await customers(sandbox),
      delivery: sandbox.webhooks.delivery(delivery!.id),
      log: log(),
    };
    expect(atSnapshot.delivery).toMatchObject({ status: 'pending', attemptCount: 1, attempts: [{ status: 500 }] });

    // Since the snapshot: the retry succeeds (the delivery row changes, its first attempt stays as it was),
    // a customer is updated (a value and a null), one is deleted, one is added.
    await clock.advance(60_000);
    await waitFor(() => sandbox.webhooks.delivery(delivery!.id).status === 'delivered');
    sandbox.webhooks.setMode({ hold: true }); // nothing is sent after the restore: what it left can be read
    await api(sandbox, `/customers/${second!.id}`, {
      method: 'PUT',
      headers: json,
      body: '{"company":null,"email":"changed@example.com"}',
    });
    await api(sandbox, `/customers/${first!.id}`, { method: 'PUT', headers: json, body: '{"company":"After"}' });
    await api(sandbox, `/customers/${created.id}`, { method: 'DELETE' });
    const added = (await (
      await api(sandbox, '/customers', {
        method: 'POST',
        headers: json,
        body: '{"first_name":"Bo","last_name":"N","email":"bo@example.com"}',
      })
    ).json()) as { id: string };
    expect(await customers(sandbox)).not.toEqual(atSnapshot.customers);

    for (let round = 0; round < 2; round++) {
      await sandbox.restore('taken');
      expect(await customers(sandbox)).toEqual(atSnapshot.customers);
      expect((await api(sandbox, `/customers/${added.id}`)).status).toBe(404);
      expect(log()).toEqual(atSnapshot.log);
      expect(sandbox.webhooks.delivery(delivery!.id)).toEqual(atSnapshot.delivery);
      await api(sandbox, `/customers/${first!.id}`, { method: 'DELETE' }); // changed again before the second round
    }
  });

  test('a snapshot taken with more rows than the store now has is restored whole (after a reset)', async () => {
    const sandbox = await start({ customers: 3, ...options() });
    for (let i = 0; i < 4; i++) {
      await api(sandbox, '/customers', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ first_name: `N${i}`, last_name: 'M', email: `n${i}@example.com` }),
      });
    }
    await sandbox.snapshot('bigger');
    const bigger = await customers(sandbox);
    await sandbox.reset();
    expect(await customers(sandbox)).toHaveLength(3);
    await sandbox.restore('bigger');
    expect(await customers(sandbox)).toEqual(bigger);
    expect(sandbox.webhooks.deliveries().data).toHaveLength(4);
  });
});
