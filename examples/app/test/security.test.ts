// What the example app's server refuses (docs/house-style.md, "Local servers"): another Host, cross-site
// form POSTs (in Chromium, from a page of another loopback origin), and traffic that must not take it down.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, runBrowserTests, submitFormsIntoFrames } from '../../../tools/testing/chromium.mjs';
import { badTraffic, rawExchange, rawGet, tricklingClient } from '../../../tools/testing/raw-http.mjs';
import { startExample, type RunningExample } from '../src/example.js';

let example: RunningExample;
let host = '';

beforeAll(async () => {
  example = await startExample({ port: 0, sandboxPort: 0, allowedHosts: ['app.test'] });
  host = new URL(example.url).host;
});

afterAll(async () => {
  await example?.close();
});

/** Rows of the app's tables that a form changes, and the sandbox's customers. */
async function state(): Promise<unknown> {
  const count = (table: string): unknown => example.app.db.prepare(`SELECT count(*) AS n FROM ${table}`).get();
  const customers = await fetch(`${example.sandbox.url}/customers?limit=100`, {
    headers: { authorization: `Bearer ${example.sandbox.app.accessToken}` },
  });
  return {
    pending: count('pending_installs'),
    installations: count('installations'),
    sessions: count('sessions'),
    customers: await customers.json(),
  };
}

describe('Host', () => {
  test('another Host, or none, is refused with 403 naming --allowed-host; loopback, IP literals and app.test answered', async () => {
    for (const route of ['/', '/customers', '/events/stream']) {
      const other = await rawGet(example.url, route, 'attacker.test');
      expect(other.status, route).toBe(403);
      expect(other.body).toMatch(/--allowed-host attacker\.test\n$/);
      expect((await rawGet(example.url, route, undefined)).status).toBe(403);
      expect((await rawGet(example.url, route, 'attacker.test:3000')).status).toBe(403);
    }
    for (const name of [host, 'localhost:1', '[::1]:3000', 'app.test:1', '127.0.0.2']) {
      expect((await rawGet(example.url, '/', name)).status, name).toBe(200);
    }
  });
});

describe('bad traffic', () => {
  test('is never answered 5xx (a malformed request 4xx or closed); a trickling client keeps nobody waiting', async () => {
    for (const { name, data } of badTraffic(host, '/customers')) {
      const answer = await rawExchange(example.url, data);
      // A well-formed POST without a session is sent home (303), as any signed-out form post is.
      if (answer.status !== undefined) expect(answer.status, name).toBeLessThan(500);
    }
    const slow = await tricklingClient(example.url, host);
    try {
      expect((await fetch(`${example.url}/`)).status).toBe(200);
    } finally {
      slow.close();
    }
  });
});

describe.skipIf(!runBrowserTests())('a page of another origin in Chromium', () => {
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let attacker: Server | undefined;

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (attacker ? attacker.close(() => resolve()) : resolve()));
  });

  test("cannot post the app's forms (install, create customer): 403, nothing changed", async () => {
    const forms = ['/install', '/customers'];
    const page = `<!doctype html><html><body>${forms
      .map(
        (route, i) =>
          `<iframe name="f${i}"></iframe><form id="form${i}" method="post" target="f${i}" action="${example.url}${route}"><input name="first_name" value="Mallory"><input name="last_name" value="X"><input name="email" value="m@example.com"></form>`,
      )
      .join('')}</body></html>`;
    attacker = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
    await new Promise<void>((resolve) => attacker!.listen(0, '127.0.0.1', resolve));
    const attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
    const before = await state();
    browser = await launchChromium(chromium);
    const tab = await browser.context.newPage();
    const statuses: number[] = [];
    tab.on('response', (response) => {
      if (forms.some((route) => response.url() === `${example.url}${route}`)) statuses.push(response.status());
    });
    await tab.goto(attackerUrl);
    await submitFormsIntoFrames(tab, forms.length);
    const opaque = await tab.evaluate(
      async ({ base, routes }) =>
        Promise.all(
          routes.map((route) =>
            fetch(`${base}${route}`, {
              method: 'POST',
              mode: 'no-cors',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: 'first_name=Mallory',
            }).then((r) => r.type),
          ),
        ),
      { base: example.url, routes: forms },
    );
    expect(opaque).toEqual(['opaque', 'opaque']);
    expect(statuses.length).toBeGreaterThanOrEqual(forms.length);
    expect(statuses.every((status) => status === 403)).toBe(true);
    expect(await state()).toEqual(before);
  });
});
