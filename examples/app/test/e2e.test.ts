// The whole path in a real browser (Debian's Chromium through playwright-core): install with the
// sandbox's consent page, page through customers both ways, create one, see its webhook arrive, then
// have the sandbox deliver it twice and late, and again on demand, and see it applied once; finally the
// app refreshes its token before expiry. Screenshots go to test-artifacts/ (ignored by git).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@commerce-kit/api-client';
import { ManualClock } from '@commerce-kit/api-client/testing';
import { chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, runBrowserTests } from '../../../tools/testing/chromium.mjs';
import { startExample, type RunningExample } from '../src/example.js';

const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-artifacts');

let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
let example: RunningExample | undefined;

beforeAll(async () => {
  if (!runBrowserTests()) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchChromium(chromium);
});

afterEach(async () => {
  await example?.close();
  example = undefined;
});

afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string): Promise<Buffer> =>
  page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });

/** The customer ids of the table, top to bottom. */
const shownIds = (page: Page): Promise<string[]> =>
  page.locator('tbody tr').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset['id'] ?? ''));

/** Clicks a link or button and waits for the navigation it starts to land where `landed` says. */
async function go(page: Page, click: () => Promise<void>, landed: (url: URL) => boolean): Promise<URL> {
  await Promise.all([page.waitForURL(landed), click()]);
  return new URL(page.url());
}

/** Fills the create form and submits it; resolves with the new customer's id (from the redirect). */
async function createCustomer(page: Page, first: string, last: string, email: string): Promise<string> {
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Email').fill(email);
  const landed = await go(
    page,
    () => page.getByRole('button', { name: 'Create customer' }).click(),
    (url) => url.searchParams.has('created'),
  );
  return landed.searchParams.get('created') ?? '';
}

interface InstallationRow {
  readonly access_token: string;
  readonly refresh_token: string | null;
  readonly expires_at: number;
  readonly refreshed_at: number | null;
}

describe.skipIf(!runBrowserTests())('the example app in headless Chromium', () => {
  test('install, page both ways, create a customer, its webhook applied once however it is delivered, tokens refreshed before expiry', async () => {
    const clock = new ManualClock(Date.now());
    example = await startExample({ port: 0, sandboxPort: 0, clock });
    const { sandbox, app } = example;
    const page = await browser!.context.newPage();

    // The Install page, then the platform's consent page, with the state and the PKCE challenge in its URL.
    await page.goto(example.url);
    await shot(page, '01-install');
    const authorize = await go(
      page,
      () => page.getByRole('button', { name: 'Install' }).click(),
      (url) => url.pathname === '/oauth/connect/authorize',
    );
    expect(authorize.origin).toBe(sandbox.url);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${example.url}/oauth/callback`);
    expect(authorize.searchParams.get('scope')).toBe('api_basic api_readwrite openid offline_access');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('state')).toMatch(/^[A-Za-z0-9]{32}$/);
    await shot(page, '02-consent');

    // Allow: back through the app's callback to the customers page, installed.
    await go(
      page,
      () => page.getByRole('button', { name: 'Allow' }).click(),
      (url) => url.href === `${example!.url}/customers`,
    );
    const installed = app.db.prepare('SELECT * FROM installations').all() as InstallationRow[];
    expect(installed).toHaveLength(1);
    expect(installed[0]?.refresh_token).toEqual(expect.any(String));
    expect(app.db.prepare('SELECT count(*) AS n FROM pending_installs').get()).toEqual({ n: 0 }); // the state is single use
    await shot(page, '03-customers');

    // The pages the platform has, read with the sandbox's own token.
    const api = createClient({ baseUrl: sandbox.url, accessToken: sandbox.app.accessToken });
    const first30 = (await api.customers.list({ limit: 30 })).data.map((customer) => customer.id);
    const pageOf = (n: number): string[] => first30.slice(10 * n, 10 * n + 10);
    expect(await shownIds(page)).toEqual(pageOf(0));
    expect(await page.getByRole('link', { name: '← Previous' }).count()).toBe(0);

    // Forward twice with starting_after, back twice with ending_before.
    const next = () => page.getByRole('link', { name: 'Next →' }).click();
    const previous = () => page.getByRole('link', { name: '← Previous' }).click();
    expect((await go(page, next, (url) => url.searchParams.get('starting_after') === pageOf(0).at(-1))).pathname).toBe(
      '/customers',
    );
    expect(await shownIds(page)).toEqual(pageOf(1));
    await shot(page, '04-page-2');
    await go(page, next, (url) => url.searchParams.get('starting_after') === pageOf(1).at(-1));
    expect(await shownIds(page)).toEqual(pageOf(2));
    await go(page, previous, (url) => url.searchParams.get('ending_before') === pageOf(2)[0]);
    expect(await shownIds(page)).toEqual(pageOf(1)); // oldest first again, though the API answered newest first
    await go(page, previous, (url) => url.searchParams.get('ending_before') === pageOf(1)[0]);
    expect(await shownIds(page)).toEqual(pageOf(0));
    expect(await page.getByRole('link', { name: '← Previous' }).count()).toBe(0);
    await shot(page, '05-back-to-page-1');

    // Create a customer: its customer_created webhook arrives on the page by itself (server-sent events).
    const ada = await createCustomer(page, 'Ada', 'Lovelace', 'ada@example.com');
    expect(ada).toMatch(/^cus_/);
    expect(await page.getByRole('status').textContent()).toContain(`Created customer ${ada}`);
    const adaEvent = page.locator(`#events li[data-type="customer_created"][data-object="${ada}"]`);
    await adaEvent.waitFor();
    expect(await adaEvent.textContent()).toContain('Ada Lovelace <ada@example.com>'); // read back from the API
    await shot(page, '06-created-event');

    // The platform's warnings, on purpose: each delivery sent twice, signed two hours ago.
    sandbox.webhooks.setMode({ duplicate: true, timestampAgeSeconds: 2 * 3600 });
    const grace = await createCustomer(page, 'Grace', 'Hopper', 'grace@example.org');
    const graceEvent = page.locator(`#events li[data-object="${grace}"]`);
    await graceEvent.waitFor();
    expect(await graceEvent.textContent()).toContain('Grace Hopper <grace@example.org>');
    expect(await graceEvent.locator('.late').textContent()).toMatch(/sent (2 h|1 h 5\d min) late/);
    await sandbox.webhooks.settle();
    const [delivery] = sandbox.webhooks.deliveries({ limit: 1 }).data;
    expect(delivery).toMatchObject({ eventType: 'customer_created', objectId: grace, status: 'delivered' });
    // …and once more, on demand, as a late retry of the platform would come.
    sandbox.webhooks.setMode({ duplicate: false });
    sandbox.webhooks.redeliver(delivery!.id);
    await sandbox.webhooks.settle();
    // Every copy was answered 200, the first as new and the others as duplicates (never queued)…
    const attempts = sandbox.webhooks.delivery(delivery!.id).attempts ?? [];
    expect(attempts.map((attempt) => [attempt.status, JSON.parse(attempt.responseBody ?? 'null')])).toEqual([
      [200, { received: true }],
      [200, { received: true, duplicate: true }],
      [200, { received: true, duplicate: true }],
    ]);
    // …so once what was accepted has been processed, the event is there once.
    await app.webhooks.drain();
    expect(app.db.prepare('SELECT count(*) AS n FROM events WHERE object_id = ?').get(grace)).toEqual({ n: 1 });
    await page.reload();
    expect(await page.locator(`#events li[data-object="${grace}"]`).count()).toBe(1);
    expect(await page.locator(`#events li[data-object="${ada}"]`).count()).toBe(1);
    await shot(page, '07-duplicate-late-once');

    // The token session refreshes 60 s before expiry: move the app's clock there and load a page.
    const before = app.db.prepare('SELECT * FROM installations').get() as InstallationRow;
    await clock.set(before.expires_at - 30_000);
    await page.reload();
    expect(await shownIds(page)).toEqual(pageOf(0));
    const after = app.db.prepare('SELECT * FROM installations').get() as InstallationRow;
    expect(after.refreshed_at).toBe(clock.now());
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token); // rotated, and saved
    expect(after.expires_at).toBeGreaterThan(before.expires_at);
    await page.close();
  });

  test('Deny on the consent page comes back as a cancelled install, and nothing is stored', async () => {
    example = await startExample({ port: 0, sandboxPort: 0 });
    const page = await browser!.context.newPage();
    await page.goto(example.url);
    await go(
      page,
      () => page.getByRole('button', { name: 'Install' }).click(),
      (url) => url.pathname === '/oauth/connect/authorize',
    );
    await go(
      page,
      () => page.getByRole('button', { name: 'Deny' }).click(),
      (url) => url.pathname === '/oauth/callback',
    );
    expect(await page.getByRole('heading', { name: 'Install cancelled' }).isVisible()).toBe(true);
    await shot(page, '08-denied');
    expect(example.app.db.prepare('SELECT count(*) AS n FROM installations').get()).toEqual({ n: 0 });
    await page.close();
  });
});

describe('the OAuth callback checks the state', () => {
  test('a state this browser was not given, or none, is refused before any code is exchanged', async () => {
    example = await startExample({ port: 0, sandboxPort: 0 });
    const started = await fetch(`${example.url}/install`, { method: 'POST', redirect: 'manual' });
    expect(started.status).toBe(303);
    const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const state = new URL(started.headers.get('location') ?? '').searchParams.get('state');
    expect(cookie).toBe(`install_state=${state}`);

    const callback = (query: string, headers: Record<string, string> = {}) =>
      fetch(`${example!.url}/oauth/callback?${query}`, { headers, redirect: 'manual' });
    const forged = await callback('state=someoneElsesState&code=code_1', { cookie });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('Install not started here');
    const withoutCookie = await callback(`state=${state}&code=code_1`);
    expect(withoutCookie.status).toBe(400);
    // Neither used up the install this browser started.
    expect(example.app.db.prepare('SELECT count(*) AS n FROM pending_installs').get()).toEqual({ n: 1 });
  });
});
