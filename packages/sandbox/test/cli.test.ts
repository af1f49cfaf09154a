// The commerce-sandbox command: exit codes 0 / 1 / 2, clear messages, a clean stop on SIGINT. The built
// binary shows --help, the first usage error, the refused starts and the running sandbox; the other usage
// errors go through the CLI's entry in this process (runInProcess).
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, test } from 'vitest';
import { existsSync } from 'node:fs';
import { rawGet } from '../../../tools/testing/raw-http.mjs';
import { keyFilePath } from '../src/control/key-file.js';
import { CLI, startCli } from './support/cli.js';
import { runBin, runInProcess } from './support/run-bin.js';

function run(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 20_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('commerce-sandbox', () => {
  test('--help prints the flags and exits 0', () => {
    const { status, stdout } = run(['--help']);
    expect(status).toBe(0);
    for (const flag of ['--port', '--host', '--seed', '--customers', '--data', '--webhook-url', '--webhook-secret'])
      expect(stdout).toContain(flag);
  });

  test.each([
    [['--prot', '1'], /^commerce-sandbox: unknown option --prot: the options are --port, --host, /],
    [['--port', 'abc'], /^commerce-sandbox: --port must be a whole number, not "abc"\n/],
    [['--port', '70000'], /^commerce-sandbox: --port must be between 0 and 65535, not "70000"\n/],
    [['--customers=-1'], /^commerce-sandbox: --customers must be between 0 and 1000000, not "-1"\n/],
    [['--webhook-url', 'ftp://x'], /^commerce-sandbox: --webhook-url must be an http: or https: URL/],
    [['--token-response', 'jwt'], /^commerce-sandbox: --token-response must be openid or scope, not "jwt"\n/],
    [['extra'], /unknown command "extra": one of trigger, reset, /],
    [['--quiet', 'extra'], /unexpected argument "extra"/],
    [['--strict=yes'], /^commerce-sandbox: --strict takes no value\n/],
  ])('usage error %j: exit 2, one clear message, no stack trace', async (args, message) => {
    const { status, stderr } = args[0] === '--prot' ? run(args) : await runInProcess(args);
    expect(status).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  test('a port in use: exit 1 saying so', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const { status, stderr } = run(['--port', String(port), '--customers', '0']);
      expect(status).toBe(1);
      expect(stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(stderr).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  test('a data file that cannot be opened: exit 1', () => {
    const { status, stderr } = run(['--data', '/nonexistent-dir/x/sandbox.db', '--port', '0']);
    expect(status).toBe(1);
    expect(stderr).toMatch(/cannot open the data file \/nonexistent-dir\/x\/sandbox.db/);
  });

  test('--strict answers an unknown query parameter 400; --control-key fixes the key the banner shows', async () => {
    const cli = await startCli(['--customers', '2', '--strict', '--control-key', 'sbk_fixed_cli_key_0123']);
    const res = await fetch(`${cli.url}/customers?colour=red`, {
      headers: { authorization: `Bearer ${cli.accessToken}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: { colour: [expect.stringMatching(/strict mode/)] } });
    expect(cli.stdout()).toMatch(/^ {2}control key {5}sbk_fixed_cli_key_0123$/m);
    expect(cli.stdout()).toMatch(/contract {8}strict/);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    expect(cli.stderr()).not.toContain('sbk_fixed_cli_key_0123');
  });

  test('--allowed-host adds names (repeatable); a command in another process finds the key; the key file goes at stop', async () => {
    const cli = await startCli(['--customers', '1', '--allowed-host', 'app.test', '--allowed-host', '.example.test']);
    const discovery = '/.well-known/openid-configuration';
    for (const host of ['app.test', 'a.b.example.test:1', 'localhost'])
      expect((await rawGet(cli.url, discovery, host)).status, host).toBe(200);
    const refused = await rawGet(cli.url, discovery, 'other.test');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatch(/--allowed-host other\.test\n$/);
    // Loopback alone is refused; the command of the same user, with no key given, finds it.
    expect((await fetch(`${cli.url}/_sandbox/reset`, { method: 'POST' })).status).toBe(403);
    const reset = await runBin(['reset', '--url', cli.url]);
    expect(reset.stderr).toBe('');
    expect(reset.status).toBe(0);
    const file = keyFilePath(Number(new URL(cli.url).port));
    expect(existsSync(file)).toBe(true);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  test('runs, prints the banner (URL, credentials, authorize URL, curl), and stops cleanly on SIGINT with exit 0', async () => {
    const cli = await startCli(['--customers', '3', '--seed', '9']);
    const res = await fetch(`${cli.url}/customers`, { headers: { authorization: `Bearer ${cli.accessToken}` } });
    expect(res.status).toBe(200);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    expect(cli.stderr()).toContain('sandbox stopped');
    // Secrets appear in the deliberate banner only, never in the log lines.
    expect(cli.stderr()).not.toContain(cli.accessToken);
  });
});
