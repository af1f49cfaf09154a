// The consent page in a real browser: Debian's Chromium, driven by playwright-core (never a downloaded browser).
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, runBrowserTests } from '../../../tools/testing/chromium.mjs';
import { start } from './support/start.js';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.screenshots');

let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
let context: BrowserContext | undefined;

beforeAll(async () => {
  if (!runBrowserTests()) return;
  browser = await launchChromium(chromium);
  context = browser.context;
});

afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!runBrowserTests())('consent page in headless Chromium', () => {
  test('open the authorize URL, click Allow, land on the redirect with code and state', async () => {
    const sandbox = await start();
    const authorize = new URL('/oauth/connect/authorize', sandbox.url);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: sandbox.app.clientId,
      redirect_uri: sandbox.app.redirectUri,
      scope: 'api_basic api_readwrite openid offline_access',
      state: 'browserState42',
    }).toString();

    const page = await context!.newPage();
    await page.goto(authorize.href);
    await expect.poll(() => page.getByRole('button', { name: 'Allow' }).isVisible()).toBe(true);
    mkdirSync(SCREENSHOTS, { recursive: true });
    const consentShot = path.join(SCREENSHOTS, 'consent.png');
    await page.screenshot({ path: consentShot, fullPage: true });
    expect(statSync(consentShot).size).toBeGreaterThan(1000);

    await Promise.all([
      page.waitForURL((url) => url.pathname === '/_sandbox/callback'),
      page.getByRole('button', { name: 'Allow' }).click(),
    ]);
    const landed = new URL(page.url());
    expect(`${landed.origin}${landed.pathname}`).toBe(sandbox.app.redirectUri);
    expect(landed.searchParams.get('state')).toBe('browserState42');
    const code = landed.searchParams.get('code');
    expect(code).toMatch(/^code_/);
    expect(await page.locator('#code').textContent()).toBe(code);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'callback.png'), fullPage: true });

    // The code the browser got is a real one.
    const exchanged = await fetch(`${sandbox.url}/oauth/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: sandbox.app.redirectUri,
        client_id: sandbox.app.clientId,
        client_secret: sandbox.app.clientSecret,
      }),
    });
    expect(exchanged.status).toBe(200);
    await page.close();
  });

  test('Deny lands on the redirect with error=access_denied', async () => {
    const sandbox = await start();
    const page = await context!.newPage();
    const authorize = `${sandbox.url}/oauth/connect/authorize?response_type=code&client_id=${sandbox.app.clientId}&redirect_uri=${encodeURIComponent(sandbox.app.redirectUri)}&scope=api_basic+api_readwrite+openid&state=s1`;
    await page.goto(authorize);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/_sandbox/callback'),
      page.getByRole('button', { name: 'Deny' }).click(),
    ]);
    const landed = new URL(page.url());
    expect(Object.fromEntries(landed.searchParams)).toEqual({ error: 'access_denied', state: 's1' });
    await page.close();
  });
});
