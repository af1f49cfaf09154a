// startSandbox runs inside the user's process (a test runner, a dev server): it must leave the host's
// fetch API globals exactly as they were, before it serves, while it serves and after it closes.
// (@hono/node-server replaces globalThis.Request and Response unless told not to.)
import { describe, expect, test } from 'vitest';
import { startSandbox } from '../src/index.js';

const NAMES = ['Request', 'Response', 'Headers', 'fetch'] as const;
type Name = (typeof NAMES)[number];
interface Global {
  readonly value: unknown;
  readonly enumerable: boolean | undefined;
  readonly configurable: boolean | undefined;
}

function globalsNow(): Record<Name, Global> {
  const out = {} as Record<Name, Global>;
  for (const name of NAMES) {
    // Read first: Node defines these globals lazily (an accessor that becomes a data property on first use).
    const value: unknown = globalThis[name];
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, name);
    if (value === undefined || !descriptor) throw new Error(`globalThis.${name} is missing`);
    out[name] = { value, enumerable: descriptor.enumerable, configurable: descriptor.configurable };
  }
  return out;
}

/** The same objects, with the same attributes (a redefinition can change `enumerable` or `configurable` too). */
function expectUnchanged(before: Record<Name, Global>, when: string): void {
  const now = globalsNow();
  for (const name of NAMES) {
    expect(now[name].value, `globalThis.${name} ${when}`).toBe(before[name].value);
    expect(now[name], `attributes of globalThis.${name} ${when}`).toEqual(before[name]);
  }
}

describe("startSandbox leaves the host process's globals alone", () => {
  test('Request, Response, Headers and fetch are the same objects before, while serving and after close', async () => {
    const before = globalsNow();
    // Node's own classes, not an adapter's subclass installed by an earlier test of this process.
    for (const name of NAMES) expect(Object.getPrototypeOf(before[name].value), name).toBe(Function.prototype);

    const sandbox = await startSandbox({ port: 0, customers: 3, onResponseMismatch: 'error' });
    try {
      expectUnchanged(before, 'after startSandbox()');

      const headers = { authorization: `Bearer ${sandbox.app.accessToken}`, 'content-type': 'application/json' };
      const list = await fetch(`${sandbox.url}/customers?limit=2`, { headers });
      expect(list.status).toBe(200);
      expect(list.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(2);
      const created = await fetch(`${sandbox.url}/customers`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }),
      });
      expect(created.status).toBe(201);
      await created.json();
      expectUnchanged(before, 'while serving requests');
    } finally {
      await sandbox.close();
    }
    expectUnchanged(before, 'after close()');
  });
});
