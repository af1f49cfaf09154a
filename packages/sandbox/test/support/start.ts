import { afterEach } from 'vitest';
import { CONTROL_KEY_HEADER } from '../../src/control/access.js';
import { readKeyFile } from '../../src/control/key-file.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/index.js';

const running: Sandbox[] = [];

/** A sandbox on a free loopback port that fails (500) on any response the spec does not allow; closed after the test. */
export async function start(options: SandboxOptions = {}): Promise<Sandbox> {
  const sandbox = await startSandbox({ port: 0, onResponseMismatch: 'error', customers: 30, ...options });
  running.push(sandbox);
  return sandbox;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

/** fetch with the sandbox's ready token. */
export function api(sandbox: Sandbox, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${sandbox.app.accessToken}`);
  return fetch(`${sandbox.url}${path}`, { ...init, headers });
}

/**
 * fetch of a control route with the control key of the sandbox at `base` (a URL on this machine): the key
 * file the sandbox left for this user, as the commands read it.
 */
export function controlFetch(base: string, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const key = readKeyFile(Number(new URL(base).port));
  if (key !== undefined && !headers.has(CONTROL_KEY_HEADER)) headers.set(CONTROL_KEY_HEADER, key);
  return fetch(`${base}${path}`, { ...init, headers });
}
