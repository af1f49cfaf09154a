// The app's whole click-through with its platform calls going through `commerce-sandbox proxy` (the built
// CLI) in front of a sandbox: install (authorize, consent, code exchange), the customers page, the next
// page and back, a customer created through the form. The proxy checks every exchange against the spec;
// its contract report (`commerce-sandbox report --url <proxy>`) lists no departure.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Sandbox, startSandbox } from '@commerce-kit/sandbox';
import { afterEach, expect, test } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { type App, createApp } from '../src/app.js';
import { redirectUriOf, webhookUrlOf } from '../src/config.js';
import { type Listening, listen } from '../src/server.js';
import { installByHand } from './support/install.js';

const CLI = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@commerce-kit/sandbox/package.json')),
  'dist/cli.js',
);

let server: Listening | undefined;
let app: App | undefined;
let sandbox: Sandbox | undefined;
let proxy: ChildProcess | undefined;

afterEach(async () => {
  if (proxy !== undefined && proxy.exitCode === null) {
    const exited = new Promise((resolve) => proxy!.once('exit', resolve));
    proxy.kill('SIGTERM');
    await exited;
  }
  await server?.close();
  await app?.close();
  await sandbox?.close();
  proxy = server = app = sandbox = undefined;
});

test("the example app's click-through through the validating proxy departs from nothing", async () => {
  server = await listen(0, '127.0.0.1');
  sandbox = await startSandbox({
    port: 0,
    customers: 30,
    redirectUri: redirectUriOf({ appUrl: server.url }),
    webhookUrl: webhookUrlOf({ appUrl: server.url }),
    onResponseMismatch: 'error',
  });
  const child = spawn(process.execPath, [CLI, 'proxy', '--upstream', sandbox.url, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proxy = child;
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const proxyUrl = await waitFor(() => /proxy: (http:\/\/\S+) →/.exec(stderr)?.[1], {
    message: () => `the proxy started: ${stderr}`,
  });
  app = createApp({
    appUrl: server.url,
    platformUrl: proxyUrl,
    clientId: sandbox.app.clientId,
    clientSecret: sandbox.app.clientSecret,
    webhookSecret: sandbox.app.webhookSecret,
    database: ':memory:',
  });
  server.serve(app.fetch);

  // Install: the app sends the browser to the platform's authorize URL (the proxy's), consent is given on the
  // sandbox's page, and the callback exchanges the code through the proxy.
  const { session, authorizeUrl } = await installByHand(server.url, sandbox.url);
  expect(authorizeUrl.startsWith(proxyUrl)).toBe(true);

  // The customers page, the next page and back.
  const page = async (query = ''): Promise<string> => {
    const res = await fetch(`${server!.url}/customers${query}`, { headers: { cookie: session } });
    expect(res.status).toBe(200);
    return res.text();
  };
  const first = await page();
  const next = /rel="next" href="\/customers(\?[^"]+)"/.exec(first)?.[1];
  expect(next).toBeDefined();
  const second = await page(next!.replace(/&amp;/g, '&'));
  const previous = /rel="prev" href="\/customers(\?[^"]+)"/.exec(second)?.[1];
  await page(previous!.replace(/&amp;/g, '&'));

  // A customer created through the form.
  const csrf = /name="csrf" value="([^"]+)"/.exec(first)?.[1] ?? '';
  const created = await fetch(`${server.url}/customers`, {
    method: 'POST',
    headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }),
    redirect: 'manual',
  });
  expect(created.status).toBe(303);

  const { stdout } = await promisify(execFile)(process.execPath, [
    CLI,
    'report',
    '--format',
    'json',
    '--url',
    proxyUrl,
  ]);
  const report = JSON.parse(stdout) as { checked: Record<string, number>; data: unknown[] };
  expect(report.data).toEqual([]);
  // (retrieveCustomer too, once the customer_created webhook has reached the app: it reads the customer.)
  expect(Object.keys(report.checked)).toEqual(
    expect.arrayContaining(['authorize', 'createCustomer', 'listCustomers', 'requestToken']),
  );
});
