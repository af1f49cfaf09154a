// The dev server in a real browser (Debian's Chromium via playwright-core): the page, a template edit
// morphed into the open page (scroll, typed values, open <details>, window state kept), a reload when a
// script changed, rapid saves, the error overlay and its removal, and a stylesheet swapped without navigation.
import { mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { launchChromium, runBrowserTests } from '../../../tools/testing/chromium.mjs';
import { startDevServer, type DevServer } from '../src/index.js';
import { makeTheme, starterSpec, writeFiles } from './support/theme.js';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.screenshots');

let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
let server: DevServer | undefined;
let page: Page;
const dir = testTempDir('theme-kit-test-');
const INDEX = starterSpec()['templates/index.liquid'] as string;

beforeAll(async () => {
  if (!runBrowserTests()) return;
  makeTheme(starterSpec(), dir);
  server = await startDevServer({ theme: dir, port: 0, clock: '2024-06-01T00:00:00Z' });
  browser = await launchChromium(chromium);
  page = await browser.context.newPage();
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
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

  it('a template edit morphs the open page: scroll, focus, typed value, open <details> and window state are kept', async () => {
    await connected();
    const form = (text: string): string =>
      `${INDEX}\n<form><input id="typed" name="q" value=""><input id="box" type="checkbox"></form>\n` +
      `<details id="more"><summary>More</summary><p>Inside</p></details>\n<p id="live-edit">${text}</p>`;
    writeFiles(dir, { 'templates/index.liquid': form('before the morph') });
    await page.waitForFunction(() => document.getElementById('live-edit')?.textContent === 'before the morph');
    await page.evaluate(() => Object.assign(window, { themeKitMarker: 'kept' }));
    await page.locator('#more summary').click();
    await page.locator('#box').check();
    await page.locator('#typed').fill('half a sentence');
    const scrolled = await page.evaluate(() => {
      window.scrollTo(0, Math.min(400, document.documentElement.scrollHeight - window.innerHeight));
      return window.scrollY;
    });
    expect(scrolled).toBeGreaterThan(0);

    writeFiles(dir, { 'templates/index.liquid': form('after the morph') });
    await page.waitForFunction(() => document.getElementById('live-edit')?.textContent === 'after the morph');
    const state = await page.evaluate(() => ({
      marker: (window as unknown as { themeKitMarker?: string }).themeKitMarker,
      scroll: window.scrollY,
      typed: (document.getElementById('typed') as HTMLInputElement).value,
      focused: document.activeElement?.id,
      box: (document.getElementById('box') as HTMLInputElement).checked,
      open: (document.getElementById('more') as HTMLDetailsElement).open,
    }));
    expect(state).toEqual({
      marker: 'kept',
      scroll: scrolled,
      typed: 'half a sentence',
      focused: 'typed',
      box: true,
      open: true,
    });
    expect(await page.locator('script[data-theme-kit]').count()).toBe(1);
  });

  it('a layout edit reconciles the <head>: the new title and meta show, the page is not reloaded', async () => {
    await connected();
    await page.evaluate(() => Object.assign(window, { themeKitMarker: 'head' }));
    const layout = starterSpec()['layout/theme.liquid'] as string;
    writeFiles(dir, {
      'layout/theme.liquid': layout.replace(
        '<title>',
        '<meta name="theme-kit-test" content="morphed">\n    <title>Edited-',
      ),
    });
    await page.waitForFunction(() => document.title.startsWith('Edited-'));
    expect(await page.locator('meta[name="theme-kit-test"]').getAttribute('content')).toBe('morphed');
    expect(await page.evaluate(() => (window as unknown as { themeKitMarker?: string }).themeKitMarker)).toBe('head');
    writeFiles(dir, { 'layout/theme.liquid': layout });
    await page.waitForFunction(() => !document.title.startsWith('Edited-'));
    expect(await page.locator('meta[name="theme-kit-test"]').count()).toBe(0);
  });

  it('a changed <script> reloads the page, and the client says why in the console', async () => {
    await connected();
    await page.evaluate(() => Object.assign(window, { themeKitMarker: 'old document' }));
    writeFiles(dir, {
      'templates/index.liquid': `${INDEX}\n<p id="live-edit">with a script</p>\n<script>window.themeKitScript = 1;</script>`,
    });
    await page.waitForFunction(
      () =>
        (window as unknown as { themeKitScript?: number }).themeKitScript === 1 &&
        (window as unknown as { themeKitMarker?: string }).themeKitMarker === undefined,
    );
    await connected();
    const said = (await page.consoleMessages()).map((m) => m.text());
    // Said before the reload, and again in the new page (whose console starts empty).
    expect(said).toContain('[theme-kit] reloaded: a script the page runs changed');
  });

  it('ten saves in a second, some broken, end on the last version with no overlay left', async () => {
    await connected();
    await page.evaluate(() => Object.assign(window, { themeKitMarker: 'rapid' }));
    const script = '\n<script>window.themeKitScript = 1;</script>';
    for (let save = 1; save <= 10; save++) {
      const broken = save % 3 === 0 ? '\n{% if %}' : '';
      writeFiles(dir, {
        'templates/index.liquid': `${INDEX}\n<p id="live-edit">save ${save}</p>${script}${broken}`,
      });
      // Pacing the saves as a typist would (not before an assertion: the end state is awaited below).
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await page.waitForFunction(() => document.getElementById('live-edit')?.textContent === 'save 10');
    await expect.poll(() => overlay().count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { themeKitMarker?: string }).themeKitMarker)).toBe('rapid');
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

  it('the toolbar switches the language and currency through the URL, and the backquote key hides it', async () => {
    await page.goto(`${server!.url}/products/harbor-blend`, { waitUntil: 'domcontentloaded' });
    await connected();
    const toolbar = page.locator('#theme-kit-toolbar');
    await expect.poll(() => toolbar.isVisible()).toBe(true);
    await Promise.all([
      page.waitForURL(/language=fr-FR/),
      toolbar.locator('select[name="language"]').selectOption('fr-FR'),
    ]);
    await Promise.all([
      page.waitForURL(/currency=EUR/),
      page.locator('#theme-kit-toolbar select[name="currency"]').selectOption('EUR'),
    ]);
    expect(new URL(page.url()).search).toBe('?language=fr-FR&currency=EUR');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-FR');
    await expect.poll(() => page.locator('.price').first().textContent()).toMatch(/16,00\s€/u);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('`');
    await expect.poll(() => page.locator('#theme-kit-toolbar').isVisible()).toBe(false);
    await page.keyboard.press('`');
    await expect.poll(() => page.locator('#theme-kit-toolbar').isVisible()).toBe(true);
  });
});
