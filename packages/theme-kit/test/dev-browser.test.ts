// The dev server in a real browser (Debian's Chromium via playwright-core): the page, live reload after a
// template edit, the error overlay and its removal, and a stylesheet swapped without navigation.
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, runBrowserTests } from '../../../tools/testing/chromium.mjs';
import { startDevServer, type DevServer } from '../src/index.js';
import { makeTheme, starterSpec, writeFiles } from './support/theme.js';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.screenshots');

let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
let server: DevServer | undefined;
let page: Page;
let dir = '';
const INDEX = starterSpec()['templates/index.liquid'] as string;

beforeAll(async () => {
  if (!runBrowserTests()) return;
  dir = makeTheme(starterSpec());
  server = await startDevServer({ theme: dir, port: 0, clock: '2024-06-01T00:00:00Z' });
  browser = await launchChromium(chromium);
  page = await browser.context.newPage();
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Resolves once the page's live-reload stream is open (so an edit made now reaches it). */
const connected = (): Promise<void> =>
  page.waitForSelector('html[data-theme-kit="live"]', { state: 'attached' }).then(() => undefined);

const overlay = () => page.locator('#theme-kit-overlay');

describe.skipIf(!runBrowserTests())('theme-kit dev in headless Chromium', () => {
  it('renders the starter store', async () => {
    await page.goto(`${server!.url}/`, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Northwind Supply Co.');
    expect(await page.locator('.main-menu a').allTextContents()).toEqual([
      'Home',
      'Shop',
      'Trail gear',
      'Camp kitchen',
      'Coffee',
      'Blog',
    ]);
    expect(await page.locator('[data-stk-block]').count()).toBeGreaterThanOrEqual(18);
    const shot = path.join(SCREENSHOTS, 'dev-home.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(statSync(shot).size).toBeGreaterThan(10_000);
  });

  it('a template edit shows on the page with no manual reload', async () => {
    await connected();
    writeFiles(dir, { 'templates/index.liquid': `${INDEX}\n<p id="live-edit">Edited at save one</p>` });
    await page.waitForFunction(() => document.getElementById('live-edit')?.textContent === 'Edited at save one');
  });

  it('a broken template shows the overlay with file:line over the last good page; fixing it removes the overlay', async () => {
    await connected();
    writeFiles(dir, { 'templates/index.liquid': `${INDEX}\n<p id="live-edit">Edited</p>\n{% if %}` });
    await expect.poll(() => overlay().isVisible()).toBe(true);
    const lines = INDEX.split('\n').length;
    await expect
      .poll(() => overlay().locator('.panel').textContent())
      .toContain(`templates/index.liquid:${lines + 2}:`);
    expect(await overlay().locator('.panel').textContent()).toContain('liquid-syntax');
    expect(await page.locator('#live-edit').textContent()).toBe('Edited at save one'); // the last good page, underneath
    await page.screenshot({ path: path.join(SCREENSHOTS, 'dev-overlay.png') });

    // A page opened while the theme is broken shows the overlay at once.
    const second = await browser!.context.newPage();
    await second.goto(`${server!.url}/`, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => second.locator('#theme-kit-overlay').isVisible()).toBe(true);
    await second.close();

    writeFiles(dir, { 'templates/index.liquid': `${INDEX}\n<p id="live-edit">Fixed</p>` });
    await page.waitForFunction(() => document.getElementById('live-edit')?.textContent === 'Fixed');
    expect(await overlay().count()).toBe(0);
  });

  it('a stylesheet edit applies without navigation', async () => {
    await connected();
    await page.evaluate(() => Object.assign(window, { themeKitSamePage: true }));
    const css = starterSpec()['assets/theme.css'] as string;
    writeFiles(dir, { 'assets/theme.css': `${css}\nbody { background-color: rgb(10, 20, 30); }\n` });
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(10, 20, 30)');
    expect(await page.evaluate(() => (window as unknown as { themeKitSamePage?: boolean }).themeKitSamePage)).toBe(
      true,
    );
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1);
  });

  it('a page of another origin cannot read ?debug=context, in an iframe or with fetch', async () => {
    // Another loopback origin: a second port that serves the hostile page.
    const other = createServer((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><html><body><iframe id="peek"></iframe></body></html>');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const attacker = await browser!.context.newPage();
      await attacker.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
      const target = `${server!.url}/?debug=context`;
      const [framed] = await Promise.all([
        attacker.waitForResponse((r) => r.url() === target),
        attacker.evaluate((url) => {
          document.querySelector<HTMLIFrameElement>('#peek')!.src = url;
        }, target),
      ]);
      expect(framed.status()).toBe(403);
      const read = await attacker.evaluate(async (url) => {
        const frame = document.querySelector<HTMLIFrameElement>('#peek')!;
        const framedText = frame.contentDocument?.body.textContent ?? 'no document';
        const fetched = await fetch(url).then(
          (r) => r.text(),
          (e: Error) => `rejected: ${e.name}`,
        );
        return { framedText, fetched };
      }, target);
      expect(read).toEqual({ framedText: 'no document', fetched: 'rejected: TypeError' });
      await attacker.close();
      // The page's own origin reads it.
      expect((await page.goto(target))?.status()).toBe(200);
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});
