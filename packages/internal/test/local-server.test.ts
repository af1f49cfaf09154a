import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tricklingClient } from '../../../tools/testing/raw-http.mjs';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { confinedFile, urlPathSegments } from '../local-server/files.js';
import {
  allowedHostProblem,
  allowedHosts,
  answerClientErrors,
  hostnameOf,
  hostRefusal,
  isCrossSite,
  isHostAllowed,
  isLoopbackName,
  isValidPath,
  SERVER_LIMITS,
} from '../local-server/guard.js';

describe('Host allow-list', () => {
  const none = allowedHosts('127.0.0.1');

  it('answers loopback names and addresses, and any IP literal, with or without a port', () => {
    for (const host of [
      'localhost',
      'localhost:4010',
      'LOCALHOST.:80',
      'app.localhost:3000',
      '127.0.0.1',
      '127.1.2.3:9292',
      '[::1]:4010',
      '[::1]',
      '192.168.1.20:4010',
      '[fe80::1]:80',
    ]) {
      expect(isHostAllowed(host, none), host).toBe(true);
    }
  });

  it('refuses any other name, a missing or malformed Host', () => {
    for (const host of [
      undefined,
      '',
      'attacker.test',
      'attacker.test:4010',
      'localhost.attacker.test',
      'localhost:abc',
      'localhost:4010:1',
      'user@localhost',
      '[::1',
      '[notv6]:80',
      'a b',
      'localhost/x',
    ]) {
      expect(isHostAllowed(host, none), String(host)).toBe(false);
    }
  });

  it('adds the bound name and the given names; a leading dot allows a domain and its subdomains', () => {
    const allowed = allowedHosts('devbox.lan', ['App.Test', '.example.test']);
    expect(allowed).toEqual(['devbox.lan', 'app.test', '.example.test']);
    expect(isHostAllowed('devbox.lan:9292', allowed)).toBe(true);
    expect(isHostAllowed('app.test:1234', allowed)).toBe(true);
    expect(isHostAllowed('example.test', allowed)).toBe(true);
    expect(isHostAllowed('a.b.example.test', allowed)).toBe(true);
    expect(isHostAllowed('badexample.test', allowed)).toBe(false);
    expect(isHostAllowed('other.test', allowed)).toBe(false);
    // A wildcard bind address adds no name.
    expect(allowedHosts('0.0.0.0')).toEqual([]);
    expect(allowedHosts('::')).toEqual([]);
  });

  it('reads host names as Vite does: without the port, lower case, brackets off', () => {
    expect(hostnameOf('Example.TEST:8080')).toBe('example.test');
    expect(hostnameOf('[::1]:80')).toBe('::1');
    expect(hostnameOf('x:99999999')).toBeUndefined();
    expect(isLoopbackName('a.b.localhost')).toBe(true);
    expect(isLoopbackName('localhostx')).toBe(false);
  });

  it('checks the entries a user gives and names the flag in the refusal', () => {
    expect(allowedHostProblem('app.test')).toBeUndefined();
    expect(allowedHostProblem('.example.test')).toBeUndefined();
    expect(allowedHostProblem('http://app.test')).toMatch(/no scheme, port or path/);
    expect(allowedHostProblem('app.test:80')).toMatch(/no scheme, port or path/);
    expect(allowedHostProblem('')).toMatch(/non-empty/);
    expect(hostRefusal('attacker.test:80', '--allowed-host')).toBe(
      'the host "attacker.test" is not allowed: this server answers loopback names and addresses; allow another name with --allowed-host attacker.test\n',
    );
    expect(hostRefusal(undefined, '--allowed-host')).toMatch(/Host header \(add names with --allowed-host\)\n$/);
    expect(hostRefusal('x', '--allowed-host').split('\n')).toHaveLength(2);
  });
});

describe('cross-site requests', () => {
  const host = '127.0.0.1:4010';
  it('a request without Origin or Sec-Fetch-Site is not a browser page of another site', () => {
    expect(isCrossSite({ host })).toBe(false);
    expect(isCrossSite({ host, 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(isCrossSite({ host, 'sec-fetch-site': 'none' })).toBe(false);
  });

  it("the server's own origin is not cross-site; another port or name, or null is", () => {
    expect(isCrossSite({ host, origin: 'http://127.0.0.1:4010', 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(isCrossSite({ host: 'localhost', origin: 'http://localhost' })).toBe(false);
    expect(isCrossSite({ host: '[::1]:80', origin: 'http://[::1]' })).toBe(false);
    expect(isCrossSite({ host, origin: 'http://127.0.0.1:5000' })).toBe(true);
    expect(isCrossSite({ host, origin: 'http://localhost:4010' })).toBe(true);
    expect(isCrossSite({ host, origin: 'null' })).toBe(true);
    expect(isCrossSite({ host, origin: 'null', 'sec-fetch-site': 'cross-site' })).toBe(true);
    // A page of the server's own with Referrer-Policy: no-referrer posts its forms with Origin: null.
    expect(isCrossSite({ host, origin: 'null', 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(isCrossSite({ host, 'sec-fetch-site': 'same-site' })).toBe(true);
    expect(isCrossSite({ host, 'sec-fetch-site': 'cross-site' })).toBe(true);
    expect(isCrossSite(new Headers({ host, origin: 'http://evil.test' }))).toBe(true);
  });
});

describe('request targets', () => {
  it('refuses NUL, bad percent-encoding, invalid UTF-8, raw non-ASCII bytes and non-origin forms', () => {
    expect(isValidPath('/a/b?c=%00')).toBe(true);
    expect(isValidPath('/caf%C3%A9')).toBe(true);
    for (const bad of ['/a%00b', '/%zz', '/%C3%28', '/\u00ff', '*', 'http://x/', '/a b']) {
      expect(isValidPath(bad), bad).toBe(false);
    }
  });

  it('URL path segments: traversal in every spelling, dotfiles and backslashes are refused', () => {
    expect(urlPathSegments('css/site.css')).toEqual(['css', 'site.css']);
    expect(urlPathSegments('%252e%252e/x')).toEqual(['%2e%2e', 'x']);
    for (const bad of [
      '../x',
      '%2e%2e/x',
      '%2E%2E%2Fx',
      'a/../../x',
      '..%5cx',
      'a\\..\\x',
      'x%00',
      '.env',
      'a/.git/config',
      'a//b',
      '%',
      '',
    ]) {
      expect(urlPathSegments(bad), bad).toBeUndefined();
    }
  });
});

describe('confinedFile', () => {
  it('serves regular files inside the root, not a link out, not a link to a dotfile, not a directory', async () => {
    const dir = testTempDir('local-server-files-');
    const root = path.join(dir, 'root');
    mkdirSync(path.join(root, 'sub'), { recursive: true });
    writeFileSync(path.join(root, 'sub', 'a.css'), 'a');
    writeFileSync(path.join(root, '.env'), 'SECRET=1');
    writeFileSync(path.join(dir, 'outside.txt'), 'outside');
    symlinkSync(path.join(dir, 'outside.txt'), path.join(root, 'out.txt'));
    symlinkSync(dir, path.join(root, 'up'));
    symlinkSync(path.join(root, '.env'), path.join(root, 'env.txt'));
    symlinkSync(path.join(root, 'sub', 'a.css'), path.join(root, 'inside.css'));
    expect(await confinedFile(root, ['sub', 'a.css'])).toMatch(/a\.css$/);
    expect(await confinedFile(root, ['inside.css'])).toMatch(/a\.css$/);
    expect(await confinedFile(root, ['out.txt'])).toBeUndefined();
    expect(await confinedFile(root, ['up', 'outside.txt'])).toBeUndefined();
    expect(await confinedFile(root, ['env.txt'])).toBeUndefined();
    expect(await confinedFile(root, ['.env'])).toBeUndefined();
    expect(await confinedFile(root, ['sub'])).toBeUndefined();
    expect(await confinedFile(root, ['missing'])).toBeUndefined();
    expect(await confinedFile(root, ['..', 'outside.txt'])).toBeUndefined();
  });
});

describe('slow clients', () => {
  it('a client trickling its headers byte by byte is cut off at headersTimeout with a 408; others are answered meanwhile', async () => {
    // The local servers' limits with a headers deadline of 200 ms, checked every 20 ms (Node checks every 30 s
    // by default): what SERVER_LIMITS' 10 s does to a slowloris, in a fraction of a second.
    const server = createServer(
      { ...SERVER_LIMITS, headersTimeout: 200, connectionsCheckingInterval: 20 },
      (_, res) => {
        res.end('ok');
      },
    );
    answerClientErrors(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const slow = await tricklingClient(url, new URL(url).host, { everyMs: 5 });
    try {
      expect(await (await fetch(url)).text()).toBe('ok');
      await waitFor(() => slow.closedByServer(), { message: 'the server to cut off the trickling client' });
      expect(slow.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      // It was never idle: more bytes arrived than the first write.
      expect(slow.sent()).toBeGreaterThan(`GET / HTTP/1.1\r\nHost: ${new URL(url).host}\r\nX-Slow: `.length);
    } finally {
      slow.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('the limits every local server is created with: 16 KiB of headers within 10 s, a whole request within 30 s', () => {
    expect(SERVER_LIMITS).toMatchObject({ maxHeaderSize: 16 * 1024, headersTimeout: 10_000, requestTimeout: 30_000 });
  });
});
