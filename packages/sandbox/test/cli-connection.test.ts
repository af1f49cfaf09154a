// How the control commands find the sandbox and what they print when they cannot use it: --url,
// COMMERCE_SANDBOX_URL, the control key (sent, never printed), unreachable and foreign servers, help
// and usage errors. Every failure is one line and an exit code, never a stack trace.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, test } from 'vitest';
import { runBin, runInProcess, STACK_TRACE } from './support/run-bin.js';
import { start } from './support/start.js';

const COMMANDS = ['trigger', 'reset', 'snapshot', 'restore', 'snapshots', 'fault', 'report', 'order'];

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function listen(handler: Parameters<typeof createServer>[1], host = '127.0.0.1'): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A loopback URL nothing listens on. */
async function closedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('help', () => {
  test('the top-level help lists every command and the serve flags --strict and --control-key', async () => {
    const run = await runBin(['--help']);
    expect(run.status).toBe(0);
    for (const command of COMMANDS) expect(run.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    expect(run.stdout).toContain('--strict');
    expect(run.stdout).toContain('--control-key K');
  });

  test.each(COMMANDS)('`%s --help` shows its usage and the connection flags, exit 0', async (command) => {
    const run = await runInProcess([command, '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Usage: commerce-sandbox ${command}\\b`));
    expect(run.stdout).toContain('--url URL');
    expect(run.stdout).toContain('COMMERCE_SANDBOX_URL');
    expect(run.stdout).toContain('Exit codes:');
  });
});

describe('usage errors: exit 2, one message, the way to the help', () => {
  test.each([
    [
      ['resett'],
      /^commerce-sandbox: unknown command "resett": one of trigger, reset, snapshot, restore, snapshots, fault, report, order\n/,
    ],
    [
      ['reset', '--bogus'],
      /^commerce-sandbox reset: unknown option --bogus: the options are --url, --control-key, --json, --help\n/,
    ],
    [['reset', 'now'], /^commerce-sandbox reset: unexpected argument "now"\n/],
    [['snapshot'], /^commerce-sandbox snapshot: missing NAME\n/],
    [['restore', 'a', 'b'], /^commerce-sandbox restore: unexpected argument "b"\n/],
    [
      ['snapshots', '--url'],
      /^commerce-sandbox snapshots: --url needs a value: the sandbox's base URL, e\.g\. http:\/\/127\.0\.0\.1:4010\n/,
    ],
    [
      ['reset', '--url', 'ftp://127.0.0.1'],
      /^commerce-sandbox reset: --url must be an http:\/\/ or https:\/\/ URL, got "ftp:\/\/127.0.0.1"\n/,
    ],
    [['reset', '--url', 'not a url'], /^commerce-sandbox reset: --url must be an http:\/\/ or https:\/\/ URL/],
    [
      ['--quiet', 'reset'],
      /^commerce-sandbox: unexpected argument "reset" \(a command comes first: commerce-sandbox reset \[options\]\)\n/,
    ],
  ])('%j', async (args, message) => {
    const run = await runInProcess(args);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    // In this repository the way to run it is the root script (see invocation.ts).
    expect(run.stderr).toMatch(/Run `npm run sandbox -- (\w+ )?--help`/);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(run.stdout).toBe('');
  });

  test('a bad COMMERCE_SANDBOX_URL is named as such', async () => {
    const run = await runInProcess(['reset'], { COMMERCE_SANDBOX_URL: 'localhost:4010' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^commerce-sandbox reset: COMMERCE_SANDBOX_URL must be an http:\/\/ or https:\/\/ URL/);
  });
});

describe('finding the sandbox', () => {
  test('COMMERCE_SANDBOX_URL is used without --url; --url wins over it', async () => {
    const sandbox = await start({ customers: 4 });
    expect(await runBin(['reset'], { COMMERCE_SANDBOX_URL: sandbox.url })).toEqual({
      status: 0,
      stdout: 'reset: 4 customers\n',
      stderr: '',
    });
    expect(await runBin(['reset'], { COMMERCE_SANDBOX_URL: `${sandbox.url}/` })).toMatchObject({ status: 0 });
    const closed = await closedUrl();
    expect((await runBin(['reset', '--url', sandbox.url], { COMMERCE_SANDBOX_URL: closed })).status).toBe(0);
    expect(await runBin(['reset', '--url', closed], { COMMERCE_SANDBOX_URL: sandbox.url })).toMatchObject({
      status: 1,
    });
  });

  test('nothing listening: exit 1, "cannot reach the sandbox at URL: ECONNREFUSED"', async () => {
    const closed = await closedUrl();
    const run = await runInProcess(['snapshots', '--url', closed]);
    expect(run).toEqual({
      status: 1,
      stdout: '',
      stderr: `commerce-sandbox snapshots: cannot reach the sandbox at ${closed}: ECONNREFUSED\n`,
    });
    const fromEnv = await runInProcess(['report'], { COMMERCE_SANDBOX_URL: closed });
    expect(fromEnv).toEqual({
      status: 1,
      stdout: '',
      stderr: `commerce-sandbox report: cannot reach the sandbox at ${closed}: ECONNREFUSED\n`,
    });
  });

  test('a host that does not resolve: exit 1 naming the reason', async () => {
    const run = await runInProcess(['reset', '--url', 'http://sandbox.invalid:4010']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^commerce-sandbox reset: cannot reach the sandbox at http:\/\/sandbox.invalid:4010: (ENOTFOUND|EAI_AGAIN)\n$/,
    );
  });

  test('something else on that port (HTML 404, a redirect): exit 1, no stack trace, the redirect not followed', async () => {
    let redirected = 0;
    const foreign = await listen((req, res) => {
      if (req.url === '/elsewhere') redirected++;
      if (req.method === 'POST') res.writeHead(302, { location: '/elsewhere' }).end();
      else res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    });
    const html = await runInProcess(['snapshots', '--url', foreign]);
    expect(html).toEqual({
      status: 1,
      stdout: '',
      stderr: `commerce-sandbox snapshots: the sandbox at ${foreign} answered GET /_sandbox/snapshots with HTTP 404 (is it a commerce-sandbox of this version?)\n`,
    });
    const redirect = await runInProcess(['reset', '--url', foreign, '--control-key', 'sbk_must_not_travel']);
    expect(redirect.status).toBe(1);
    expect(redirect.stderr).toMatch(/answered POST \/_sandbox\/reset with HTTP 302/);
    expect(redirected).toBe(0);
  });
});

describe('the control key', () => {
  test('is sent as x-sandbox-control-key, from --control-key or COMMERCE_SANDBOX_CONTROL_KEY, and masked in anything printed', async () => {
    const seen: (string | undefined)[] = [];
    // A server that echoes the key back in its error: the CLI still never prints it.
    const echo = await listen((req, res) => {
      const key = req.headers['x-sandbox-control-key'] as string | undefined;
      seen.push(key);
      res
        .writeHead(403, { 'content-type': 'application/json' })
        .end(JSON.stringify({ type: 'authentication_error', errors: { control_key: [`${key} is not the key`] } }));
    });
    const key = 'sbk_cli_test_key_0123456789';
    const viaFlag = await runInProcess(['reset', '--url', echo, '--control-key', key]);
    const viaEnv = await runInProcess(['fault', 'list', '--url', echo, '--json'], {
      COMMERCE_SANDBOX_CONTROL_KEY: key,
    });
    expect(seen).toEqual([key, key]);
    for (const run of [viaFlag, viaEnv]) {
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/the sandbox answered 403: control_key: \*\*\* is not the key\n$/);
      expect(run.stdout + run.stderr).not.toContain(key);
    }
    const none = await runInProcess(['reset', '--url', echo]);
    expect(seen.at(-1)).toBeUndefined();
    expect(none.stderr).toMatch(
      /\(pass --control-key K or set COMMERCE_SANDBOX_CONTROL_KEY: no key file of a sandbox on this port was found\)\n$/,
    );
    // Not echoed by a usage error either.
    const usage = await runInProcess(['reset', '--control-key', key, '--bogus']);
    expect(usage.status).toBe(2);
    expect(usage.stdout + usage.stderr).not.toContain(key);
  });

  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i !== undefined && !i.internal && i.family === 'IPv4')?.address;

  test.skipIf(external === undefined)(
    "from another address: refused without the key (exit 1 with the sandbox's message), accepted with it",
    async () => {
      const key = 'sbk_cli_remote_key_0123456789';
      const sandbox = await start({ host: '0.0.0.0', controlKey: key, customers: 2 });
      const remote = `http://${external}:${new URL(sandbox.url).port}`;
      const refused = await runInProcess(['reset', '--url', remote]);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(
        /^commerce-sandbox reset: the sandbox answered 403: control_key: the control API answers callers that send the x-sandbox-control-key header/,
      );
      const wrong = await runInProcess(['reset', '--url', remote, '--control-key', 'sbk_wrong_key_987654']);
      expect(wrong.status).toBe(1);
      expect(wrong.stderr).not.toContain('sbk_wrong_key_987654');
      const accepted = await runInProcess(['reset', '--url', remote, '--control-key', key]);
      expect(accepted).toEqual({ status: 0, stdout: 'reset: 2 customers\n', stderr: '' });
      const fromEnv = await runInProcess(['snapshot', 's1', '--json'], {
        COMMERCE_SANDBOX_URL: remote,
        COMMERCE_SANDBOX_CONTROL_KEY: key,
      });
      expect(fromEnv.status).toBe(0);
      for (const run of [refused, wrong, accepted, fromEnv]) expect(run.stdout + run.stderr).not.toContain(key);
    },
  );
});
