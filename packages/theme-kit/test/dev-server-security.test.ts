// What `theme-kit dev` refuses (docs/house-style.md, "Local servers"): another Host (DNS rebinding), another
// site reading ?debug=context, files outside the theme or hidden, and traffic that must not take it down.
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badTraffic, rawExchange, rawGet, tricklingClient } from '../../../tools/testing/raw-http.mjs';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { startDevServer, ThemeKitConfigurationError, type DevServer } from '../src/index.js';
import { openTheme } from '../src/theme/open.js';
import { runInProcess } from './support/bin.js';
import { makeTheme, starterSpec } from './support/theme.js';

const SECRET = 'SECRET=outside-the-theme';
const outside = testTempDir('theme-kit-outside-');
const dir = testTempDir('theme-kit-test-');
let server: DevServer;
let host = '';

/** A theme with links out of it, links to its own dotfiles, and dotfiles and dot-folders. */
function hostileTheme(): string {
  const theme = makeTheme(starterSpec(), dir);
  writeFileSync(path.join(theme, '.env'), SECRET);
  mkdirSync(path.join(theme, '.git'));
  writeFileSync(path.join(theme, '.git', 'config'), SECRET);
  writeFileSync(path.join(theme, 'assets', '.hidden.css'), SECRET);
  mkdirSync(path.join(theme, 'assets', '.private'));
  writeFileSync(path.join(theme, 'assets', '.private', 'a.css'), SECRET);
  symlinkSync(path.join(outside, 'secret.txt'), path.join(theme, 'assets', 'passwd.css'));
  symlinkSync(outside, path.join(theme, 'assets', 'up'));
  symlinkSync(path.join(theme, '.env'), path.join(theme, 'assets', 'env.css'));
  symlinkSync(path.join(theme, 'assets', 'theme.css'), path.join(theme, 'assets', 'same.css'));
  return theme;
}

beforeAll(async () => {
  writeFileSync(path.join(outside, 'secret.txt'), SECRET);
  hostileTheme();
  server = await startDevServer({ theme: dir, port: 0, allowedHosts: ['dev.test'], clock: '2024-06-01T00:00:00Z' });
  host = new URL(server.url).host;
});

afterAll(async () => {
  await server.close();
});

describe('Host', () => {
  it('answers loopback names, IP literals and allowed names, with any port', async () => {
    for (const name of [host, 'localhost', 'localhost:1', 'app.localhost', '[::1]:80', 'dev.test', 'DEV.test:9999']) {
      expect((await rawGet(server.url, '/assets/theme.css', name)).status, name).toBe(200);
    }
  });

  it('refuses any other Host and a missing one with 403 and one line naming --allowed-host, on every route', async () => {
    for (const route of ['/', '/assets/theme.css', '/?debug=context', '/__theme-kit/events?page=/']) {
      const refused = await rawGet(server.url, route, 'attacker.test');
      expect(refused.status, route).toBe(403);
      expect(refused.body).toBe(
        'the host "attacker.test" is not allowed: this server answers loopback names and addresses; allow another name with --allowed-host attacker.test\n',
      );
      const missing = await rawGet(server.url, route, undefined);
      expect(missing.status, route).toBe(403);
      expect(missing.body).toMatch(
        /^a request must name this server in its Host header \(add names with --allowed-host\)\n$/,
      );
      expect((await rawGet(server.url, route, 'attacker.test:1')).status).toBe(403);
    }
  });

  it('--allowed-host takes host names only: anything else is a usage error naming the flag, exit 2', async () => {
    const run = await runInProcess(['dev', '--theme', dir, '--port', '0', '--allowed-host', 'x.test:80']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /--allowed-host must be a host name such as app\.test or \.example\.test \(no scheme, port or path\), not "x\.test:80"/,
    );
  });

  it('an allowedHosts entry that is not a host name is a configuration error', async () => {
    await expect(startDevServer({ theme: dir, port: 0, allowedHosts: ['http://x.test'] })).rejects.toThrow(
      ThemeKitConfigurationError,
    );
  });
});

describe('cross-site reads of ?debug=context', () => {
  it('are refused with 403; the page itself, and a same-origin read, are answered', async () => {
    const cross = { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors' };
    expect((await rawGet(server.url, '/?debug=context', host, cross)).status).toBe(403);
    expect((await rawGet(server.url, '/?debug=context', host, { 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    expect((await rawGet(server.url, '/?debug=context', host, { Origin: 'http://127.0.0.1:1' })).status).toBe(403);
    expect((await rawGet(server.url, '/?%64ebug=context', host, cross)).status).toBe(403);
    expect((await rawGet(server.url, '/?debug=context', host, { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect((await rawGet(server.url, '/', host, cross)).status).toBe(200);
  });
});

describe('files', () => {
  const noLeak = (answer: { body: string }): void => {
    expect(answer.body).not.toContain(SECRET);
    expect(answer.body).not.toContain(outside);
    expect(answer.body).not.toContain(dir);
  };
  /** Each route is a 404 that names no path outside the theme. */
  const notFound = async (routes: readonly string[]): Promise<void> => {
    for (const route of routes) {
      const answer = await rawGet(server.url, route, host);
      expect(answer.status, route).toBe(404);
      noLeak(answer);
    }
  };

  it('serves a link inside assets/, never a link out, a link to a dotfile, a dotfile or a dot-folder', async () => {
    expect((await rawGet(server.url, '/assets/same.css', host)).status).toBe(200);
    await notFound([
      '/assets/passwd.css',
      '/assets/up/secret.txt',
      '/assets/env.css',
      '/assets/.hidden.css',
      '/assets/.private/a.css',
      '/assets/',
      '/assets/up',
    ]);
    expect(server.theme.assets).not.toContain('passwd.css');
    expect(server.theme.assets).not.toContain('.hidden.css');
  });

  it('answers traversal in every spelling with a 404 that names no path outside the theme', async () => {
    await notFound([
      '/assets/../.env',
      '/assets/%2e%2e/.env',
      '/assets/%2E%2E%2F.env',
      '/assets/..%2f..%2f..%2fetc%2fpasswd',
      '/assets/%252e%252e/%252e%252e/.env',
      '/assets/..%5c.env',
      '/assets/..\\.env',
      '/assets/theme.css%00',
      '/assets/theme.css%00.png',
      '/../.env',
      '/%2e%2e/.git/config',
      '/.env',
      '/.git/config',
    ]);
  });

  it('a Liquid file that links out of the theme is not read: a diagnostic names it', async () => {
    const theme = makeTheme(starterSpec());
    symlinkSync(path.join(outside, 'secret.txt'), path.join(theme, 'snippets', 'leak.liquid'));
    writeFileSync(path.join(theme, 'snippets', '.hidden.liquid'), SECRET);
    const opened = await openTheme({ theme, clock: '2024-06-01T00:00:00Z' });
    expect(opened.files.has('snippets/leak.liquid')).toBe(false);
    expect(opened.files.has('snippets/.hidden.liquid')).toBe(false);
    expect(opened.diagnostics.map((d) => d.message)).toContain(
      'snippets/leak.liquid is not read: it resolves outside the theme directory, or to a hidden file',
    );
  });

  it('a config file that links out of the config directory is not loaded: an error names it, nothing renders from it', async () => {
    const theme = makeTheme(starterSpec());
    rmSync(path.join(theme, 'store.stk.config.json'), { force: true });
    writeFileSync(path.join(outside, 'store.stk.config.json'), JSON.stringify({ name: SECRET }));
    symlinkSync(path.join(outside, 'store.stk.config.json'), path.join(theme, 'store.stk.config.json'));
    const opened = await openTheme({ theme, clock: '2024-06-01T00:00:00Z' });
    expect(opened.data).toBeUndefined();
    expect(opened.diagnostics.map((d) => d.message)).toContain(
      'store.stk.config.json is not read: it resolves outside the config directory, or to a hidden file',
    );
  });

  it('render copies only the assets inside the theme, no link and no dotfile', async () => {
    const out = path.join(testTempDir('theme-kit-render-'), 'site');
    const run = await runInProcess(['render', '--theme', dir, '--out', out], {
      env: { SOURCE_DATE_EPOCH: '1717200000' },
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const files = readdirSync(out, { recursive: true, withFileTypes: true });
    expect(files.some((f) => f.isSymbolicLink())).toBe(false);
    const assets = readdirSync(path.join(out, 'assets'), { recursive: true }).map(String).sort();
    expect(assets).toContain('same.css');
    expect(assets.filter((a) => a.split(path.sep).some((s) => s.startsWith('.')))).toEqual([]);
    expect(assets).not.toContain('passwd.css');
    expect(assets).not.toContain('env.css');
    for (const file of files.filter((f) => f.isFile()))
      expect(readFileSync(path.join(file.parentPath, file.name), 'utf8')).not.toContain(SECRET);
  });
});

describe('bad traffic', () => {
  it('is answered 4xx or closed, never 5xx, and the server keeps answering', async () => {
    for (const { name, data } of badTraffic(host, '/')) {
      const answer = await rawExchange(server.url, data);
      if (answer.status !== undefined) {
        expect(answer.status, name).toBeGreaterThanOrEqual(400);
        expect(answer.status, name).toBeLessThan(500);
      }
    }
    expect((await fetch(`${server.url}/assets/theme.css`)).status).toBe(200);
  });

  it('a client trickling its headers does not keep another from being answered', async () => {
    const slow = await tricklingClient(server.url, host);
    try {
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      expect(slow.closedByServer()).toBe(false);
    } finally {
      slow.close();
    }
  });
});
