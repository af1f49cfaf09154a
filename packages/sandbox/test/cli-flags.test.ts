// The first minutes with `commerce-sandbox` (through the CLI's entry in this process; --version and a secret
// never echoed also through the built binary): a wrong flag is named with what it
// takes (never node:util's advice), exit 2; --version; a port in use is reported before anything is
// created or seeded, exit 1; the banner says whether the rate limit is on.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { startCli } from './support/cli.js';
import { runBin, runInProcess, STACK_TRACE } from './support/run-bin.js';

/** What node:util's parseArgs says about itself; none of it reaches the user. */
const PARSE_ARGS_INTERNALS =
  /To specify|ambiguous|Did you forget|argument missing|does not take an argument|ERR_PARSE_ARGS|Unknown option/;
const HELP_HINT = 'Run `npm run sandbox -- --help` for the options.\n';
const VERSION = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { version: string }
).version;

describe('a flag error names the flag and what it takes: exit 2', () => {
  test.each([
    [
      ['--bogus'],
      'unknown option --bogus: the options are --port, --host, --allowed-host, --seed, --customers, --data, --webhook-url, --webhook-secret, --redirect-uri, --token-response, --rate-limit, --synchronous, --strict, --control-key, --theme, --storefront-port, --configDir, --quiet, --help',
    ],
    [['--rate-limit', '-1'], '--rate-limit must be between 0 and 1000000, not "-1"'],
    [['--rate-limit=-1'], '--rate-limit must be between 0 and 1000000, not "-1"'],
    [['--rate-limit', 'lots'], '--rate-limit must be a whole number, not "lots"'],
    [['--token-response', 'foo'], '--token-response must be openid or scope, not "foo"'],
    [['--synchronous', 'fast'], '--synchronous must be normal or full, not "fast"'],
    [['--port'], '--port needs a value: a whole number from 0 to 65535 (0 picks a free one)'],
    [['--port', '--quiet'], '--port needs a value: a whole number from 0 to 65535 (0 picks a free one)'],
    [['--port', '-1'], '--port must be between 0 and 65535, not "-1"'],
    [['--token-response'], '--token-response needs a value: openid or scope'],
    [['--quiet=yes'], '--quiet takes no value'],
    [['--host', ' '], '--host must be a non-empty string'],
    [['--redirect-uri', 'not a url'], '--redirect-uri must be an absolute URL, got "not a url"'],
    [
      ['--allowed-host', 'app.test', '--allowed-host', 'http://x.test'],
      '--allowed-host must be a host name such as app.test or .example.test (no scheme, port or path), not "http://x.test"',
    ],
    [['--allowed-host'], '--allowed-host needs a value: a host name to answer, e.g. devbox.test'],
  ])('%j', async (args, message) => {
    const run = await runInProcess(args);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`commerce-sandbox: ${message}\n${HELP_HINT}`);
    expect(run.stderr).not.toMatch(PARSE_ARGS_INTERNALS);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(run.stdout).toBe('');
  });

  test('a secret given with a bad flag is never echoed', async () => {
    const run = await runBin(['--webhook-secret', 'whsec_do_not_print_me', '--bogus']);
    expect(run.status).toBe(2);
    expect(run.stderr).not.toContain('whsec_do_not_print_me');
  });

  test.each([
    [
      ['reset', '--bogus'],
      'commerce-sandbox reset: unknown option --bogus: the options are --url, --control-key, --json, --help',
    ],
    [['fault', '429', '--retry-after'], 'commerce-sandbox fault: --retry-after needs a value: seconds, a whole number'],
    [['fault', '429', '--count', '-2'], 'commerce-sandbox fault: --count must be a whole number, got "-2"'],
    [['report', '--format'], 'commerce-sandbox report: --format needs a value: junit or json'],
  ])('a command: %j', async (args, message) => {
    const run = await runInProcess([...args, '--url', 'http://127.0.0.1:9']);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`${message}\nRun \`npm run sandbox -- ${args[0]} --help\` for its usage.\n`);
    expect(run.stderr).not.toMatch(PARSE_ARGS_INTERNALS);
  });

  test('a negative number is the value of the flag before it: --seed -5 is a seed', async () => {
    const run = await runInProcess(['--seed', '-5', '--version']);
    expect(run).toEqual({ status: 0, stdout: `${VERSION}\n`, stderr: '' });
  });
});

describe('--help and --version wherever they stand as flags: exit 0', () => {
  test.each([[['--version']], [['-v']], [['--port', '1', '--version']], [['snapshots', '--version']]])(
    '%j prints the version',
    async (args) => {
      expect(await runBin(args)).toEqual({ status: 0, stdout: `${VERSION}\n`, stderr: '' });
    },
  );

  test('--help after a bad flag still helps', async () => {
    const run = await runInProcess(['--bogus', '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('--rate-limit N');
    expect(run.stdout).toContain('-v, --version');
  });
});

describe('a port in use is reported before anything is created or seeded: exit 1', () => {
  const dir = testTempDir('sandbox-port-');

  async function blocker(): Promise<{ server: Server; port: number }> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, port: (server.address() as { port: number }).port };
  }

  test('with a new data file: no file, nothing seeded', async () => {
    const { server, port } = await blocker();
    const data = path.join(dir, 'new.db');
    try {
      const run = await runInProcess(['--port', String(port), '--data', data, '--customers', '1000']);
      expect(run).toEqual({
        status: 1,
        stdout: '',
        stderr: `commerce-sandbox: port ${port} on 127.0.0.1 is already in use (another sandbox running? choose another with --port)\n`,
      });
      expect(existsSync(data)).toBe(false);
      expect(existsSync(`${data}-wal`)).toBe(false);
    } finally {
      server.close();
    }
  });

  test('a bad flag is reported before the port', async () => {
    const { server, port } = await blocker();
    try {
      const run = await runInProcess(['--port', String(port), '--token-response', 'foo']);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^commerce-sandbox: --token-response must be openid or scope/);
    } finally {
      server.close();
    }
  });
});

describe('the banner says whether the rate limit is on', () => {
  test.each([
    [[], /^ {2}rate limit {6}200 requests per minute per account \(--rate-limit N; 0 turns it off\)$/m],
    [['--rate-limit', '30'], /^ {2}rate limit {6}30 requests per minute per account/m],
    [['--rate-limit', '0'], /^ {2}rate limit {6}off \(--rate-limit 0\)$/m],
  ])('%j', async (args, line) => {
    const cli = await startCli(['--customers', '0', ...args]);
    try {
      expect(cli.stdout()).toMatch(line);
    } finally {
      cli.child.kill('SIGINT');
      const code = await cli.exited;
      expect(code, cli.stderr() + cli.stdout()).toBe(0);
    }
  });
});
