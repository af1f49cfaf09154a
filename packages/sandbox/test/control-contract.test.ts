// The contract report (/_sandbox/violations), strict mode, and who may use the control API.
import fc from 'fast-check';
import { chmodSync, existsSync, statSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { isLoopbackAddress } from '../src/control/access.js';
import { api, controlFetch, start } from './support/start.js';
import { keyFilePath, readKeyFile } from '../src/control/key-file.js';

const json = { 'content-type': 'application/json' };

interface ViolationsBody {
  strict: boolean;
  checked: Record<string, number>;
  data: {
    method: string;
    path: string;
    operation_id: string | null;
    in: string;
    pointer: string;
    message: string;
    status: number;
  }[];
}

async function report(url: string): Promise<ViolationsBody> {
  return (await (await controlFetch(url, `/_sandbox/violations`)).json()) as ViolationsBody;
}

describe('the contract report', () => {
  test('lists what departs from the spec, with a JSON pointer; conforming requests are only counted', async () => {
    const sandbox = await start();
    expect((await api(sandbox, '/customers?limit=5')).status).toBe(200);
    expect((await api(sandbox, '/customers?limit=5&colour=red')).status).toBe(200); // tolerated
    expect((await api(sandbox, '/customers?limit=500')).status).toBe(400);
    expect(
      (
        await api(sandbox, '/customers', {
          method: 'POST',
          headers: json,
          body: '{"first_name":"A","last_name":"B","email":"nope"}',
        })
      ).status,
    ).toBe(400);
    expect((await fetch(`${sandbox.url}/orders`)).status).toBe(401);
    expect((await api(sandbox, '/refunds')).status).toBe(404);

    const body = await report(sandbox.url);
    expect(body.strict).toBe(false);
    expect(body.checked).toEqual({ listCustomers: 3, createCustomer: 1, listOrders: 1, '(unknown route)': 1 });
    expect(
      body.data.map(({ method, path, operation_id, in: where, pointer, status }) => ({
        method,
        path,
        operation_id,
        in: where,
        pointer,
        status,
      })),
    ).toEqual([
      {
        method: 'GET',
        path: '/customers',
        operation_id: 'listCustomers',
        in: 'query',
        pointer: '/query/colour',
        status: 200,
      },
      {
        method: 'GET',
        path: '/customers',
        operation_id: 'listCustomers',
        in: 'query',
        pointer: '/query/limit',
        status: 400,
      },
      {
        method: 'POST',
        path: '/customers',
        operation_id: 'createCustomer',
        in: 'body',
        pointer: '/body/email',
        status: 400,
      },
      {
        method: 'GET',
        path: '/orders',
        operation_id: 'listOrders',
        in: 'header',
        pointer: '/header/authorization',
        status: 401,
      },
      { method: 'GET', path: '/refunds', operation_id: null, in: 'route', pointer: '', status: 404 },
    ]);
    expect(body.data[0]!.message).toMatch(/colour is not a query parameter/);

    expect((await controlFetch(sandbox.url, `/_sandbox/violations`, { method: 'DELETE' })).status).toBe(204);
    expect((await report(sandbox.url)).data).toEqual([]);
    expect(sandbox.violations.list()).toEqual([]);
  });

  test('state the request met is not a violation (an unknown customer, a bad token)', async () => {
    const sandbox = await start();
    expect((await api(sandbox, '/customers/cus_00000000000000000000099999')).status).toBe(404);
    expect((await api(sandbox, '/customers', { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(401);
    expect(sandbox.violations.list()).toEqual([]);
    expect(sandbox.violations.counts()).toEqual({ retrieveCustomer: 1, listCustomers: 1 });
  });

  test('--strict: a request with an unknown query parameter is answered 400 naming it', async () => {
    const sandbox = await start({ strict: true });
    const response = await api(sandbox, '/customers?limit=2&colour=red&size=xl');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      type: 'invalid_request_error',
      errors: {
        colour: [expect.stringContaining('not a query parameter')],
        size: [expect.stringContaining('not a query parameter')],
      },
    });
    expect((await report(sandbox.url)).data.map((v) => [v.pointer, v.status])).toEqual([
      ['/query/colour', 400],
      ['/query/size', 400],
    ]);
    expect((await api(sandbox, '/customers?limit=2')).status).toBe(200);
  });
});

describe('access to the control API', () => {
  test('loopback addresses, and nothing else, count as this machine', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address)).toBe(true);
    for (const address of [
      undefined,
      '',
      '10.0.0.1',
      '192.0.2.2',
      '::ffff:10.0.0.1',
      'fd00::2',
      '::',
      '0.0.0.0',
      'localhost',
    ]) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
    fc.assert(fc.property(fc.ipV4(), (ip) => isLoopbackAddress(ip) === ip.startsWith('127.')));
    fc.assert(fc.property(fc.ipV4(), (ip) => isLoopbackAddress(`::ffff:${ip}`) === ip.startsWith('127.')));
  });

  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i !== undefined && !i.internal && i.family === 'IPv4')?.address;

  test.skipIf(external === undefined)(
    'a caller on another address needs the control key; the API itself stays open',
    async () => {
      const sandbox = await start({ host: '0.0.0.0', controlKey: 'sbk_test_control_key' });
      const port = new URL(sandbox.url).port;
      const base = `http://${external}:${port}`;
      const refused = await fetch(`${base}/_sandbox/reset`, { method: 'POST' });
      expect(refused.status).toBe(403);
      const body = await refused.text();
      expect(JSON.parse(body)).toMatchObject({
        type: 'authentication_error',
        errors: { control_key: [expect.any(String)] },
      });
      expect(body).not.toContain('sbk_test_control_key');
      expect((await fetch(`${base}/_sandbox/faults`, { headers: { 'x-sandbox-control-key': 'wrong' } })).status).toBe(
        403,
      );
      expect(
        (await fetch(`${base}/_sandbox/faults`, { headers: { 'x-sandbox-control-key': 'sbk_test_control_key' } }))
          .status,
      ).toBe(200);
      expect(
        (await fetch(`${base}/customers?limit=1`, { headers: { authorization: `Bearer ${sandbox.app.accessToken}` } }))
          .status,
      ).toBe(200);
      // The OAuth pages stay reachable: a browser on another machine walks through them.
      expect((await fetch(`${base}/_sandbox/callback?code=x&state=y`)).status).toBe(200);
      expect(sandbox.controlKey).toBe('sbk_test_control_key');
    },
  );

  test('a caller on this machine needs the control key too; the commands find it in a file only this user reads', async () => {
    const sandbox = await start({ customers: 2 });
    const before = (await api(sandbox, '/customers?limit=100').then((r) => r.json())) as { data: unknown[] };
    for (const [method, route] of [
      ['POST', '/_sandbox/reset'],
      ['GET', '/_sandbox/faults'],
      ['POST', '/_sandbox/faults'],
      ['PATCH', '/_sandbox/webhooks/mode'],
      ['POST', '/_sandbox/orders'],
      ['DELETE', '/_sandbox/violations'],
    ] as const) {
      const refused = await fetch(`${sandbox.url}${route}`, { method });
      expect(refused.status, `${method} ${route}`).toBe(403);
      expect(await refused.json()).toMatchObject({
        type: 'authentication_error',
        errors: { control_key: [expect.any(String)] },
      });
    }
    const wrong = await fetch(`${sandbox.url}/_sandbox/reset`, {
      method: 'POST',
      headers: { 'x-sandbox-control-key': 'sbk_wrong' },
    });
    expect(wrong.status).toBe(403);
    const after = (await api(sandbox, '/customers?limit=100').then((r) => r.json())) as { data: unknown[] };
    expect(after).toEqual(before);
    // The key file: private to this user, holding the key, gone when the sandbox stops.
    const port = Number(new URL(sandbox.url).port);
    const file = keyFilePath(port);
    expect(readKeyFile(port)).toBe(sandbox.controlKey);
    if (process.platform !== 'win32') {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    }
    expect((await controlFetch(sandbox.url, '/_sandbox/reset', { method: 'POST' })).status).toBe(200);
    await sandbox.close();
    expect(existsSync(file)).toBe(false);
  });

  test('a key file another user could read is never used', async () => {
    const sandbox = await start({ customers: 1 });
    const port = Number(new URL(sandbox.url).port);
    chmodSync(keyFilePath(port), 0o644);
    try {
      expect(readKeyFile(port)).toBeUndefined();
    } finally {
      chmodSync(keyFilePath(port), 0o600);
    }
    expect(readKeyFile(port)).toBe(sandbox.controlKey);
  });

  test('the key file of a process that is gone is stale: removed when read, its key never used', async () => {
    const sandbox = await start({ customers: 1 });
    const port = Number(new URL(sandbox.url).port);
    const file = keyFilePath(port);
    // A pid no process has (above Linux's pid_max and macOS's): the sandbox that wrote it was killed.
    writeFileSync(file, 'sbk_left_by_a_killed_sandbox\n2147483646\n', { mode: 0o600 });
    expect(readKeyFile(port)).toBeUndefined();
    expect(existsSync(file)).toBe(false);
  });

  test('the control key is random per start when not given', async () => {
    const a = await start();
    const b = await start();
    expect(a.controlKey).toMatch(/^sbk_/);
    expect(a.controlKey).not.toBe(b.controlKey);
  });
});
