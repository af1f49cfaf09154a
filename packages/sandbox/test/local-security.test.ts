// What the sandbox and its storefront refuse (docs/house-style.md, "Local servers"), over raw sockets: another
// Host (DNS rebinding), cross-site writes, the client secret to another origin, files outside the theme, and
// traffic that must not take a server down.
import { symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { badTraffic, rawExchange, rawGet, tricklingClient } from '../../../tools/testing/raw-http.mjs';
import { startSandbox, type Sandbox } from '../src/index.js';
import { starterThemes } from './support/starter-theme.js';

const SECRET = 'SECRET=outside-the-theme';
const outside = testTempDir('sandbox-outside-');
const starterTheme = starterThemes('sandbox-security-');
let sandbox: Sandbox;
let api = '';
let shop = '';
let apiHost = '';
let shopHost = '';

beforeAll(async () => {
  writeFileSync(path.join(outside, 'secret.txt'), SECRET);
  const theme = starterTheme();
  writeFileSync(path.join(theme, '.env'), SECRET);
  writeFileSync(path.join(theme, 'assets', '.hidden.css'), SECRET);
  symlinkSync(path.join(outside, 'secret.txt'), path.join(theme, 'assets', 'passwd.css'));
  sandbox = await startSandbox({ port: 0, customers: 3, theme, storefrontPort: 0, allowedHosts: ['sandbox.test'] });
  api = sandbox.url;
  shop = sandbox.storefrontUrl!;
  apiHost = new URL(api).host;
  shopHost = new URL(shop).host;
});

afterAll(async () => {
  await sandbox?.close();
});

/** A raw request with headers and an optional body, `Connection: close`. */
function raw(
  url: string,
  method: string,
  route: string,
  headers: Record<string, string>,
  body = '',
): ReturnType<typeof rawExchange> {
  const lines = [`${method} ${route} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  lines.push(`Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close', '', body);
  return rawExchange(url, lines.join('\r\n'));
}

describe('Host', () => {
  const apiRoutes = [
    '/customers?limit=1',
    '/.well-known/openid-configuration',
    '/oauth/connect/authorize?response_type=code',
    '/_sandbox/callback?code=x',
    '/_sandbox/docs',
    '/_sandbox/faults',
  ];

  test('another Host, or none, is refused with 403 naming --allowed-host, on the API, its pages and the storefront', async () => {
    for (const [url, routes] of [
      [api, apiRoutes],
      [shop, ['/', '/assets/theme.css', '/?debug=context']],
    ] as const) {
      for (const route of routes) {
        const other = await rawGet(url, route, 'attacker.test', { authorization: `Bearer ${sandbox.app.accessToken}` });
        expect(other.status, `${url}${route}`).toBe(403);
        expect(other.body).toMatch(/^the host "attacker\.test" is not allowed: .* --allowed-host attacker\.test\n$/);
        expect((await rawGet(url, route, undefined)).status, `${url}${route} without Host`).toBe(403);
        expect((await rawGet(url, route, 'attacker.test:4010')).status).toBe(403);
      }
    }
  });

  test('loopback names, IP literals and an allowed name are answered, with any port', async () => {
    for (const host of [apiHost, 'localhost', 'localhost:1', '[::1]:4010', 'sandbox.test:1', 'SANDBOX.TEST']) {
      expect((await rawGet(api, '/.well-known/openid-configuration', host)).status, host).toBe(200);
      expect((await rawGet(shop, '/assets/theme.css', host)).status, host).toBe(200);
    }
  });
});

describe('cross-site writes', () => {
  const key = (): Record<string, string> => ({ 'x-sandbox-control-key': sandbox.controlKey });

  test('a control route is refused to another origin even with the key; the own origin and non-browsers are answered', async () => {
    for (const headers of [
      { Origin: 'http://127.0.0.1:1' },
      { Origin: 'null' },
      { Origin: 'http://attacker.test' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ]) {
      const refused = await raw(api, 'POST', '/_sandbox/reset', { Host: apiHost, ...key(), ...headers });
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.body).toMatch(/^a page of another site cannot change this server/);
    }
    expect((await raw(api, 'POST', '/_sandbox/reset', { Host: apiHost, ...key(), Origin: api })).status).toBe(200);
    expect((await raw(api, 'POST', '/_sandbox/reset', { Host: apiHost, ...key() })).status).toBe(200);
  });

  test('the consent form cannot be posted from another site', async () => {
    const refused = await raw(
      api,
      'POST',
      '/_sandbox/consent',
      { Host: apiHost, Origin: 'http://127.0.0.1:1', 'Content-Type': 'application/x-www-form-urlencoded' },
      'consent=x&decision=allow',
    );
    expect(refused.status).toBe(403);
    // However the path is spelled.
    const encoded = await raw(
      api,
      'POST',
      '/%5Fsandbox/consent',
      { Host: apiHost, 'Sec-Fetch-Site': 'same-site', 'Content-Type': 'application/x-www-form-urlencoded' },
      'consent=x&decision=allow',
    );
    expect(encoded.status).toBe(403);
  });

  test('the public API answers a bearer token from any origin', async () => {
    const created = await raw(
      api,
      'POST',
      '/customers',
      {
        Host: apiHost,
        Origin: 'http://elsewhere.test',
        'Sec-Fetch-Site': 'cross-site',
        authorization: `Bearer ${sandbox.app.accessToken}`,
        'Content-Type': 'application/json',
      },
      JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }),
    );
    expect(created.status).toBe(201);
  });

  test('the callback page shows the client secret only to a same-origin request', async () => {
    const secret = sandbox.app.clientSecret;
    const own = await rawGet(api, '/_sandbox/callback?code=code_x', apiHost, { 'Sec-Fetch-Site': 'same-origin' });
    expect(own.body).toContain(secret);
    for (const headers of [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'http://127.0.0.1:1' },
    ]) {
      const other = await rawGet(api, '/_sandbox/callback?code=code_x', apiHost, headers);
      expect(other.status).toBe(200);
      expect(other.body).not.toContain(secret);
    }
  });
});

describe('storefront files', () => {
  test('no link out of the theme, no dotfile, traversal in every spelling: 404 naming no outside path', async () => {
    for (const route of [
      '/assets/passwd.css',
      '/assets/.hidden.css',
      '/assets/../.env',
      '/assets/%2e%2e/.env',
      '/assets/%2E%2E%2F.env',
      '/assets/%252e%252e/.env',
      '/assets/..%5c.env',
      '/assets/..\\.env',
      '/assets/theme.css%00',
      '/.env',
    ]) {
      const answer = await rawGet(shop, route, shopHost);
      expect(answer.status, route).toBe(404);
      expect(answer.body).not.toContain(SECRET);
      expect(answer.body).not.toContain(tmpdir());
    }
  });
});

describe('bad traffic', () => {
  test('is answered 4xx or closed on the API and the storefront, never 5xx; both keep answering', async () => {
    for (const [url, host, writePath] of [
      [api, apiHost, '/customers'],
      [api, apiHost, '/_sandbox/reset'],
      [shop, shopHost, '/'],
    ] as const) {
      for (const { name, data } of badTraffic(host, writePath)) {
        const answer = await rawExchange(url, data);
        if (answer.status !== undefined) {
          expect(answer.status, `${url} ${name}`).toBeGreaterThanOrEqual(400);
          expect(answer.status, `${url} ${name}`).toBeLessThan(500);
        }
      }
    }
    expect((await fetch(`${api}/.well-known/openid-configuration`)).status).toBe(200);
    expect((await fetch(`${shop}/assets/theme.css`)).status).toBe(200);
  });

  test('a client trickling its headers does not keep others from being answered', async () => {
    const slow = [await tricklingClient(api, apiHost), await tricklingClient(shop, shopHost)];
    try {
      const answered = await fetch(`${api}/customers?limit=1`, {
        headers: { authorization: `Bearer ${sandbox.app.accessToken}` },
      });
      expect(answered.status).toBe(200);
      expect((await fetch(`${shop}/`)).status).toBe(200);
    } finally {
      for (const client of slow) client.close();
    }
  });
});
