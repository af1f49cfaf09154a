// `commerce-sandbox --theme DIR [--storefront-port N]` (the built binary for the banner, the CLI's entry in
// this process for the refused starts): flag errors name the flag
// (exit 2), a storefront port in use is reported before anything is created or seeded (exit 1), and the
// banner names the storefront's URL, which serves the theme.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { startCli } from './support/cli.js';
import { runInProcess, STACK_TRACE } from './support/run-bin.js';

const HELP_HINT = 'Run `npm run sandbox -- --help` for the options.\n';
const dir = testTempDir('sandbox-storefront-cli-');

/** The theme kit's starter theme, written by `theme-kit init`. */
const theme = path.join(dir, 'theme');
const themeKit = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@commerce-kit/theme-kit/package.json')),
  'dist',
  'cli.js',
);
execFileSync(process.execPath, [themeKit, 'init', theme], { stdio: 'ignore' });

async function blocker(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

describe('flag errors name the flag: exit 2', () => {
  test.each([
    [['--theme'], '--theme needs a value: the theme directory to serve as the storefront'],
    [
      ['--theme', path.join(dir, 'nope')],
      `--theme must be a theme directory: ${JSON.stringify(path.join(dir, 'nope'))} does not exist`,
    ],
    [
      ['--theme', path.join(theme, 'page.stk.config.json')],
      `--theme must be a theme directory: ${JSON.stringify(path.join(theme, 'page.stk.config.json'))} is not a directory`,
    ],
    [['--storefront-port', '0'], '--storefront-port needs --theme: the storefront serves a theme'],
    [
      ['--theme', theme, '--storefront-port'],
      '--storefront-port needs a value: a whole number from 0 to 65535 (0 picks a free one)',
    ],
    [['--theme', theme, '--storefront-port', '70000'], '--storefront-port must be between 0 and 65535, not "70000"'],
    [['--theme', theme, '--storefront-port', 'shop'], '--storefront-port must be a whole number, not "shop"'],
    [
      ['--theme', theme, '--port', '4999', '--storefront-port', '4999'],
      '--storefront-port must differ from --port (4999): the API and the storefront each need a port',
    ],
  ])('%j', async (args, message) => {
    const run = await runInProcess(args);
    expect(run.stderr).toBe(`commerce-sandbox: ${message}\n${HELP_HINT}`);
    expect(run.status).toBe(2);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(run.stdout).toBe('');
  });
});

test('a storefront port in use is reported before a data file is created or anything seeded: exit 1', async () => {
  const { server, port } = await blocker();
  const data = path.join(dir, 'new.db');
  try {
    const run = await runInProcess([
      '--port',
      '0',
      '--theme',
      theme,
      '--storefront-port',
      String(port),
      '--data',
      data,
    ]);
    expect(run).toEqual({
      status: 1,
      stdout: '',
      stderr: `commerce-sandbox: storefront port ${port} on 127.0.0.1 is already in use (choose another with --storefront-port)\n`,
    });
    expect(existsSync(data)).toBe(false);
  } finally {
    server.close();
  }
});

test('the banner names the storefront, which serves the theme from the live data', async () => {
  const cli = await startCli(['--customers', '0', '--theme', theme, '--storefront-port', '0']);
  try {
    const line =
      /^ {2}storefront {6}(http:\/\/127\.0\.0\.1:\d+) \((.+), rendered from the live data; open pages reload on every change\)$/m.exec(
        cli.stdout(),
      );
    expect(line, cli.stdout()).not.toBeNull();
    expect(line![2]).toBe(theme);
    const home = await fetch(`${line![1]}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<script data-theme-kit>');
  } finally {
    cli.child.kill('SIGINT');
    const code = await cli.exited;
    expect(code, cli.stderr() + cli.stdout()).toBe(0);
  }
});

test('without --theme the banner has no storefront line', async () => {
  const cli = await startCli(['--customers', '0']);
  try {
    expect(cli.stdout()).not.toMatch(/^ {2}storefront /m);
  } finally {
    cli.child.kill('SIGINT');
    await cli.exited;
  }
});
