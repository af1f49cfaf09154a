// The app's webhook receiver against the platform's documented contract, checked as a CI job checks it:
// `commerce-sandbox verify-webhooks` (the sandbox's built CLI) against the running app.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, test } from 'vitest';
import { type App, createApp } from '../src/app.js';
import { type Listening, listen } from '../src/server.js';

const SECRET = 'whsec_example_contract';
const CLI = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@commerce-kit/sandbox/package.json')),
  'dist/cli.js',
);

let server: Listening | undefined;
let app: App | undefined;
afterEach(async () => {
  await server?.close();
  await app?.close();
  server = undefined;
  app = undefined;
});

test('the example app passes every check of verify-webhooks', async () => {
  server = await listen(0, '127.0.0.1');
  app = createApp({
    appUrl: server.url,
    // Not reached: no installation, so customer events are recorded without looking the customer up.
    platformUrl: 'http://127.0.0.1:9',
    clientId: 'app_contract',
    clientSecret: 'unused',
    webhookSecret: SECRET,
    database: ':memory:',
  });
  server.serve(app.fetch);
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [CLI, 'verify-webhooks', '--url', `${server.url}/webhooks`, '--format', 'json'],
    { env: { ...process.env, COMMERCE_SANDBOX_WEBHOOK_SECRET: SECRET }, maxBuffer: 16 * 1024 * 1024 },
  );
  expect(stderr).toMatch(/verify-webhooks: 31 of 31 checks passed, 0 errors/);
  const report = JSON.parse(stdout) as { data: unknown[]; warnings: { check: string }[] };
  expect(report.data).toEqual([]);
  // Nothing refused; the only warning a loaded machine may bring is a slow burst (over half the budget).
  expect(report.warnings.filter((w) => w.check !== 'concurrent-deliveries')).toEqual([]);
  expect(stdout).not.toContain(SECRET);
});
