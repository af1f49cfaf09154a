// --data FILE: state survives a restart, and a SIGKILL loses no write that was answered 201.
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { startSandbox } from '../src/index.js';
import { startCli } from './support/cli.js';

const dataFile = (): string => path.join(testTempDir('commerce-sandbox-'), 'sandbox.db');

const json = { 'content-type': 'application/json' };

describe('--data FILE', () => {
  test('a restart keeps customers, deletions, the app and its tokens', async () => {
    const data = dataFile();
    const first = await startSandbox({ port: 0, data, customers: 5, onResponseMismatch: 'error' });
    const auth = { authorization: `Bearer ${first.app.accessToken}` };
    const created = (await (
      await fetch(`${first.url}/customers`, {
        method: 'POST',
        headers: { ...auth, ...json },
        body: '{"first_name":"Kept","last_name":"Row","email":"kept@example.com"}',
      })
    ).json()) as { id: string };
    expect(
      (await fetch(`${first.url}/customers/cus_00000000000000000000000002`, { method: 'DELETE', headers: auth }))
        .status,
    ).toBe(204);
    const app = first.app;
    await first.close();

    const second = await startSandbox({ port: 0, data, customers: 5, onResponseMismatch: 'error' });
    try {
      expect(second.app.clientId).toBe(app.clientId);
      expect(second.app.clientSecret).toBe(app.clientSecret);
      expect(second.app.webhookSecret).toBe(app.webhookSecret);
      const read = await fetch(`${second.url}/customers/${created.id}`, { headers: auth }); // the first run's token
      expect(read.status).toBe(200);
      expect(await read.json()).toMatchObject({ first_name: 'Kept' });
      expect((await fetch(`${second.url}/customers/cus_00000000000000000000000002`, { headers: auth })).status).toBe(
        404,
      );
      const page = (await (await fetch(`${second.url}/customers?limit=100`, { headers: auth })).json()) as {
        data: unknown[];
      };
      expect(page.data).toHaveLength(5); // 5 seeded - 1 deleted + 1 created: seeded once, not again
    } finally {
      await second.close();
    }
  });

  test('SIGKILL in the middle of a burst of writes loses none that were answered 201', async () => {
    const data = dataFile();
    const first = await startCli(['--data', data, '--customers', '0', '--rate-limit', '0']);
    const answered: string[] = [];
    let stop = false;
    const writer = async (w: number): Promise<void> => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await fetch(`${first.url}/customers`, {
            method: 'POST',
            headers: { authorization: `Bearer ${first.accessToken}`, ...json },
            body: JSON.stringify({ first_name: `W${w}`, last_name: `N${i}`, email: `w${w}.${i}@example.com` }),
          });
          if (res.status === 201) answered.push(((await res.json()) as { id: string }).id);
        } catch {
          return; // the process is gone
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    await waitFor(() => answered.length >= 300);
    first.child.kill('SIGKILL'); // writes still in flight
    stop = true;
    await Promise.all(writers);
    expect(await first.exited).toBeNull();

    const second = await startSandbox({ port: 0, data, onResponseMismatch: 'error' });
    try {
      const headers = { authorization: `Bearer ${second.app.accessToken}` };
      const kept = new Set<string>();
      let cursor = '';
      for (;;) {
        const page = (await (await fetch(`${second.url}/customers?limit=100${cursor}`, { headers })).json()) as {
          has_more: boolean;
          data: Array<{ id: string }>;
        };
        for (const customer of page.data) kept.add(customer.id);
        if (!page.has_more) break;
        cursor = `&starting_after=${page.data.at(-1)!.id}`;
      }
      expect(answered.length).toBeGreaterThanOrEqual(300);
      expect(answered.filter((id) => !kept.has(id))).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
