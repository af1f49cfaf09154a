// The storefront in headless Chromium (Debian's, through playwright-core): an open product page reloads by
// itself and shows the product's new title after PUT /products/{id}, and the category page its new price; a
// broken template shows the theme kit's error overlay over the last good page while the API answers on.
import { execFileSync } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { launchChromium, runBrowserTests } from '../../../tools/testing/chromium.mjs';
import { startSandbox, type Sandbox } from '../src/index.js';

let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
let sandbox: Sandbox | undefined;
let page: Page;
/** The theme kit's starter theme (`theme-kit init`), written in `beforeAll`. */
const theme = testTempDir('sandbox-storefront-browser-');

beforeAll(async () => {
  if (!runBrowserTests()) return;
  const themeKit = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@commerce-kit/theme-kit/package.json')),
    'dist',
    'cli.js',
  );
  execFileSync(process.execPath, [themeKit, 'init', theme], { stdio: 'ignore' });
  sandbox = await startSandbox({ port: 0, customers: 0, onResponseMismatch: 'error', theme, storefrontPort: 0 });
  browser = await launchChromium(chromium);
});

// A page of its own per test: the last test's page may still reload on this test's writes, so it is left
// alone (closing the browser closes it).
beforeEach(async () => {
  if (browser) page = await browser.context.newPage();
});

/** Replaces a file in one step (a rename), as editors save: the watcher sees one change, never a half-written file. */
function save(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

/** The API with the sandbox's ready token. */
async function call<T>(method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${sandbox!.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${sandbox!.app.accessToken}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Resolves once the page's live-reload stream is open (so a change made now reaches it). */
const connected = (): Promise<void> =>
  page.waitForSelector('html[data-theme-kit="live"]', { state: 'attached' }).then(() => undefined);

describe.skipIf(!runBrowserTests())('the storefront in headless Chromium', () => {
  it('an open product page shows the new title after PUT /products/{id}, without a manual reload', async () => {
    const product = await call<{ id: string }>('POST', '/products', {
      title: 'Granite Teapot',
      description: 'For two.',
      price: 39.5,
      quantity: 3,
    });
    await page.goto(`${sandbox!.storefrontUrl}/products/granite-teapot`, { waitUntil: 'domcontentloaded' });
    expect(await page.locator('h1').first().textContent()).toBe('Granite Teapot');
    await connected();
    await page.evaluate(() => Object.assign(window, { storefrontBeforeReload: true }));
    await call('PUT', `/products/${product.id}`, { title: 'Copper Kettle', quantity: 0 });
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Copper Kettle');
    // The open page was morphed into its new render, not reloaded: its script state is still there.
    expect(await page.evaluate(() => 'storefrontBeforeReload' in window)).toBe(true);
    expect(await page.locator('.stock').textContent()).toBe('Sold out');
  });

  it('an open category page shows a price changed through the API', async () => {
    const product = await call<{ id: string }>('POST', '/products', {
      title: 'Sencha',
      description: 'Green tea.',
      price: 8,
    });
    await call('POST', '/categories', { title: 'Tea', description: 'Leaves.', product_ids: [product.id] });
    await page.goto(`${sandbox!.storefrontUrl}/categories/tea`, { waitUntil: 'domcontentloaded' });
    expect(await page.locator('main, body').first().textContent()).toContain('$8.00');
    await connected();
    await call('PUT', `/products/${product.id}`, { price: 9.25 });
    await page.waitForFunction(() => document.body.textContent?.includes('$9.25') === true);
  });

  it("a broken template shows the theme kit's overlay over the last good page; the API answers on", async () => {
    await page.goto(`${sandbox!.storefrontUrl}/products/sencha`, { waitUntil: 'domcontentloaded' });
    await connected();
    const template = path.join(theme, 'templates', 'product.liquid');
    const good = readFileSync(template, 'utf8');
    save(template, `${good}\n{% if %}\n`);
    const overlay = page.locator('#theme-kit-overlay');
    await expect.poll(() => overlay.isVisible()).toBe(true);
    await expect.poll(() => overlay.locator('.panel').textContent()).toContain('product.liquid');
    expect(await page.locator('h1').first().textContent()).toBe('Sencha'); // the last good page, underneath
    expect((await call<{ data: unknown[] }>('GET', '/products?limit=1')).data).toHaveLength(1);
    save(template, good);
    await expect.poll(() => overlay.count()).toBe(0);
    await connected();
    expect(await page.locator('h1').first().textContent()).toBe('Sencha');
  });
});
