// The consent page in a real browser: Debian's Chromium, driven by playwright-core (never a downloaded browser).
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { start } from './support/start.js';

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// CI installs Chromium (.ci/run); on a developer machine without it this test says why it is skipped.
const available = existsSync(CHROMIUM);
const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.screenshots');

let context: BrowserContext | undefined;
let profile = '';

beforeAll(async () => {
  if (!available) return;
  profile = mkdtempSync(path.join(tmpdir(), 'commerce-sandbox-chromium-'));
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS });
});

afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe.skipIf(!available && !process.env['CI'])('consent page in headless Chromium', () => {
  test('open the authorize URL, click Allow, land on the redirect with code and state', async () => {
    expect(available, `${CHROMIUM} is missing (.ci/run installs it with apt-get)`).toBe(true);
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

    await Promise.all([page.waitForURL((url) => url.pathname === '/_sandbox/callback'), page.getByRole('button', { name: 'Allow' }).click()]);
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
      body: new URLSearchParams({ grant_type: 'authorization_code', code: code!, redirect_uri: sandbox.app.redirectUri, client_id: sandbox.app.clientId, client_secret: sandbox.app.clientSecret }),
    });
    expect(exchanged.status).toBe(200);
    await page.close();
  });

  test('Deny lands on the redirect with error=access_denied', async () => {
    const sandbox = await start();
    const page = await context!.newPage();
    const authorize = `${sandbox.url}/oauth/connect/authorize?response_type=code&client_id=${sandbox.app.clientId}&redirect_uri=${encodeURIComponent(sandbox.app.redirectUri)}&scope=api_basic+api_readwrite+openid&state=s1`;
    await page.goto(authorize);
    await Promise.all([page.waitForURL((url) => url.pathname === '/_sandbox/callback'), page.getByRole('button', { name: 'Deny' }).click()]);
    const landed = new URL(page.url());
    expect(Object.fromEntries(landed.searchParams)).toEqual({ error: 'access_denied', state: 's1' });
    await page.close();
  });
});
