// reset, snapshot and restore: through the JavaScript API and the control API, in memory and with a data file.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { SandboxControlError, startSandbox } from '../src/index.js';
import { api, controlFetch, start } from './support/start.js';

const json = { 'content-type': 'application/json' };
const customer = (n: number) => ({ first_name: `Test${n}`, last_name: 'User', email: `test${n}@example.com` });
const tempDir = (): string => testTempDir('sandbox-snapshots-');

async function customerIds(sandbox: Awaited<ReturnType<typeof start>>): Promise<string[]> {
  const page = (await (await api(sandbox, '/customers?limit=100')).json()) as { data: { id: string }[] };
  return page.data.map((c) => c.id);
}

async function create(sandbox: Awaited<ReturnType<typeof start>>, n: number): Promise<string> {
  const response = await api(sandbox, '/customers', {
    method: 'POST',
    headers: json,
    body: JSON.stringify(customer(n)),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe.each([
  ['in memory', () => ({})],
  ['with a data file', () => ({ data: join(tempDir(), 'sandbox.db') })],
])('snapshots %s', (_name, options) => {
  test('reset puts the seeded data back; the app token stays valid', async () => {
    const sandbox = await start({ customers: 12, ...options() });
    const seeded = await customerIds(sandbox);
    const extra = await create(sandbox, 1);
    await api(sandbox, `/customers/${seeded[0]}`, { method: 'DELETE' });
    expect(await customerIds(sandbox)).not.toEqual(seeded);

    expect(await sandbox.reset()).toEqual({ customers: 12 });
    expect(await customerIds(sandbox)).toEqual(seeded);
    expect((await api(sandbox, `/customers/${extra}`)).status).toBe(404);
    // Ids handed out after a reset are the ones handed out after seeding.
    expect(await create(sandbox, 2)).toBe(extra);
    expect(sandbox.webhooks.deliveries().data.map((d) => d.eventType)).toEqual(['customer_created']);
  });

  test('snapshot and restore round-trip, the delivery log included; a restore can be repeated', async () => {
    const sandbox = await start({ customers: 5, ...options() });
    const first = await create(sandbox, 1);
    const taken = await sandbox.snapshot('one-more');
    expect(taken).toMatchObject({ name: 'one-more' });
    expect(taken.bytes).toBeGreaterThan(0);
    const atSnapshot = await customerIds(sandbox);

    const second = await create(sandbox, 2);
    await api(sandbox, `/customers/${first}`, { method: 'DELETE' });
    expect(sandbox.webhooks.deliveries().data).toHaveLength(3);

    for (let round = 0; round < 2; round++) {
      expect(await sandbox.restore('one-more')).toMatchObject({ name: 'one-more' });
      expect(await customerIds(sandbox)).toEqual(atSnapshot);
      expect((await api(sandbox, `/customers/${second}`)).status).toBe(404);
      expect(sandbox.webhooks.deliveries().data.map((d) => d.eventType)).toEqual(['customer_created']);
      await create(sandbox, 3);
    }
    expect(sandbox.snapshots().map((s) => s.name)).toEqual(['one-more']);
    sandbox.deleteSnapshot('one-more');
    expect(sandbox.snapshots()).toEqual([]);
  });

  test('the control API: POST /_sandbox/snapshots, …/restore, GET, DELETE, POST /_sandbox/reset', async () => {
    const sandbox = await start({ customers: 3, ...options() });
    const post = (path: string, body?: unknown) =>
      controlFetch(sandbox.url, path, {
        method: 'POST',
        headers: json,
        body: body === undefined ? null : JSON.stringify(body),
      });
    const taken = await post('/_sandbox/snapshots', { name: 'base' });
    expect(taken.status).toBe(201);
    expect(await taken.json()).toMatchObject({
      name: 'base',
      created_time: expect.any(String),
      bytes: expect.any(Number),
    });
    const id = await create(sandbox, 1);
    const restored = await post('/_sandbox/snapshots/base/restore');
    expect(restored.status).toBe(200);
    expect((await api(sandbox, `/customers/${id}`)).status).toBe(404);
    const listed = (await (await controlFetch(sandbox.url, `/_sandbox/snapshots`)).json()) as {
      data: { name: string }[];
    };
    expect(listed.data.map((s) => s.name)).toEqual(['base']);
    await create(sandbox, 2);
    const reset = await post('/_sandbox/reset');
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ customers: 3 });
    expect((await controlFetch(sandbox.url, `/_sandbox/snapshots/base`, { method: 'DELETE' })).status).toBe(204);
    expect((await controlFetch(sandbox.url, `/_sandbox/snapshots/base`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('snapshot names and missing snapshots', () => {
  test.each(['', '../escape', 'a/b', '.hidden', 'x'.repeat(65), 'spa ce'])(
    'the name %j is refused (JS and HTTP)',
    async (name) => {
      const sandbox = await start({ customers: 1 });
      const error = await sandbox.snapshot(name).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SandboxControlError);
      expect(error).toMatchObject({ reason: 'invalid', field: 'name' });
      const response = await controlFetch(sandbox.url, `/_sandbox/snapshots`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        type: 'invalid_request_error',
        errors: { name: [expect.any(String)] },
      });
    },
  );

  test('restoring an unknown snapshot is a not_found error, and nothing changes', async () => {
    const sandbox = await start({ customers: 2 });
    const id = await create(sandbox, 1);
    await expect(sandbox.restore('nope')).rejects.toMatchObject({ reason: 'not_found', field: 'name' });
    const response = await controlFetch(sandbox.url, `/_sandbox/snapshots/nope/restore`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ type: 'not_found_error' });
    expect((await api(sandbox, `/customers/${id}`)).status).toBe(200);
  });

  test('a bad snapshot request body is a 400, never a 500', async () => {
    const sandbox = await start({ customers: 1 });
    for (const body of ['{', '[]', '{"name":"a","extra":1}', '{"__proto__":{"x":1},"name":"a"}']) {
      const response = await controlFetch(sandbox.url, `/_sandbox/snapshots`, { method: 'POST', headers: json, body });
      expect(response.status, body).toBe(400);
    }
  });
});

describe('snapshots of a data file', () => {
  test('are files beside it that outlive the process, restorable by the next start; reset of a reused file re-seeds', async () => {
    const data = join(tempDir(), 'state.db');
    const first = await startSandbox({ port: 0, customers: 4, data });
    const seeded = await customerIds(first);
    await create(first, 1);
    await first.snapshot('after-one');
    expect(existsSync(`${data}.snapshots/after-one.sqlite`)).toBe(true);
    const afterOne = await customerIds(first);
    await first.close();

    const second = await startSandbox({ port: 0, customers: 4, data });
    try {
      await create(second, 2);
      expect(second.snapshots().map((s) => s.name)).toEqual(['after-one']);
      await second.restore('after-one');
      expect(await customerIds(second)).toEqual(afterOne);
      // This start did not seed (the file was there): reset seeds a fresh image with the same seed.
      await second.reset();
      expect(await customerIds(second)).toEqual(seeded);
    } finally {
      await second.close();
    }
  });
});
