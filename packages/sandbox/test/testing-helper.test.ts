// useSandbox: one sandbox per file, reset before each test; with vitest here, and with node:test in a
// child process running the built package as a user would.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { SandboxConfigurationError, SandboxError } from '../src/index.js';
import { useSandbox } from '../src/testing/index.js';

const sandbox = useSandbox({ beforeAll, beforeEach, afterAll }, { customers: 7 });
const auth = () => ({ authorization: `Bearer ${sandbox.app.accessToken}` });
const count = async () =>
  ((await (await fetch(`${sandbox.url}/customers?limit=100`, { headers: auth() })).json()) as { data: unknown[] }).data
    .length;

describe('useSandbox with vitest', () => {
  test('a test changes the data and adds a fault…', async () => {
    const created = await fetch(`${sandbox.url}/customers`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'A', last_name: 'B', email: 'a@example.com' }),
    });
    expect(created.status).toBe(201);
    expect(await count()).toBe(8);
    sandbox.faults.add({ type: 'status', status: 503, count: 100, path: '/orders' });
  });

  test('…and the next one starts from the seeded state, without the fault', async () => {
    expect(await count()).toBe(7);
    expect(sandbox.faults.list()).toEqual([]);
  });

  test('bad hooks are a configuration error; reading the sandbox before beforeAll is a clear error', () => {
    expect(() => useSandbox({ beforeAll, beforeEach } as never)).toThrow(SandboxConfigurationError);
    const early = useSandbox({ beforeAll: () => undefined, beforeEach: () => undefined, afterAll: () => undefined });
    expect(() => early.url).toThrow(SandboxError);
    expect(() => early.url).toThrow(/starts in beforeAll/);
  });
});

test('useSandbox with node:test (the built package, in a child process)', async () => {
  const fixture = fileURLToPath(new URL('./fixtures/node-test-sandbox.mjs', import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, ['--test', '--test-reporter=tap', fixture], {
    timeout: 60_000,
  });
  expect(stdout).toMatch(/# pass 2/);
  expect(stdout).toMatch(/# fail 0/);
});
