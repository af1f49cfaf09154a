// The starter theme renders complete offline: no page of it loads anything from another host (its map block
// draws a placeholder, its media and images are its own assets or inline SVG), unless the config asks for an
// external embed; checked in the rendered HTML of every route and, for what a browser really fetches, in
// Chromium with every request intercepted.
import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, runBrowserTests } from '../../../tools/testing/chromium.mjs';
import { openTheme, startDevServer, type DevServer, type Theme } from '../src/index.js';
import { STARTER_CONFIG } from '../src/starter/config.js';
import { makeTheme, starterSpec, writeFiles } from './support/theme.js';

let dir = '';
let theme: Theme;

beforeAll(async () => {
  dir = makeTheme(starterSpec());
  theme = await openTheme({ theme: dir, clock: '2024-06-01T00:00:00Z' });
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Everything a page loads by itself: `src`, `srcset`, `poster`, `data`, a `<link>`'s `href`, CSS `url(...)`. */
function loadedUrls(html: string): string[] {
  const urls: string[] = [];
  for (const [, , value] of html.matchAll(/\s(src|poster|data)="([^"]*)"/g)) urls.push(value!);
  for (const [, value] of html.matchAll(/\ssrcset="([^"]*)"/g))
    for (const candidate of value!.split(',')) urls.push(candidate.trim().split(/\s+/)[0] ?? '');
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = /\shref="([^"]*)"/.exec(tag)?.[1];
    if (href !== undefined) urls.push(href);
  }
  for (const [, value] of html.matchAll(/url\(\s*(?:&quot;|&#39;|["'])?([^"')&]*)/g)) urls.push(value!);
  return urls;
}

/** Whether a URL in a page points at another host (`https://...`, `//host/...`); `data:`, paths and `#ids` do not. */
const offHost = (url: string): boolean => /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(url.trim()) && !/^data:/i.test(url);

/** The links the store's config asks for (its social profiles): links a visitor follows, never loaded. */
const SOCIAL = Object.entries(STARTER_CONFIG.get('store.stk.config.json') as Record<string, unknown>)
  .filter(([key, value]) => key.endsWith('Url') && typeof value === 'string')
  .map(([, value]) => value as string);

describe('the starter renders complete offline', () => {
  it('no page loads anything from another host, and the only external links are the store’s social profiles', async () => {
    const routes = [...theme.routes(), '/404.html'];
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const { html } = await theme.render(route);
      expect(loadedUrls(html).filter(offHost), route).toEqual([]);
      const links = [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map(([, href]) => href!).filter(offHost);
      expect(
        links.filter((href) => !SOCIAL.includes(href)),
        route,
      ).toEqual([]);
    }
    const home = (await theme.render('/')).html;
    expect(home).toContain('data-stk-placeholder="map"'); // the map block, without an embed URL
    expect(home).not.toContain('<iframe');
  });

  it('an external embed is there when the config asks for one', async () => {
    const regions = JSON.parse(starterSpec()['editable-regions.stk.config.json'] as string) as Array<{
      blocks?: Array<{ type: string; props: Record<string, unknown> }>;
    }>;
    const map = regions.flatMap((r) => r.blocks ?? []).find((b) => b.type === 'map')!;
    map.props['url'] = 'https://www.openstreetmap.org/export/embed.html?bbox=-4.30%2C50.30%2C-4.10%2C50.40';
    const asked = makeTheme(starterSpec());
    writeFiles(asked, { 'editable-regions.stk.config.json': regions });
    const { html } = await (await openTheme({ theme: asked, clock: '2024-06-01T00:00:00Z' })).render('/');
    expect(loadedUrls(html).filter(offHost)).toEqual([
      'https://www.openstreetmap.org/export/embed.html?bbox=-4.30%2C50.30%2C-4.10%2C50.40',
    ]);
  });
});

describe.skipIf(!runBrowserTests())('the starter in Chromium makes no request off the host', () => {
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let server: DevServer | undefined;

  beforeAll(async () => {
    server = await startDevServer({ theme: dir, port: 0, clock: '2024-06-01T00:00:00Z' });
    browser = await launchChromium(chromium);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('loads the home, a product, a category, the blog and an article with every request on the server’s own host', async () => {
    const page = await browser!.context.newPage();
    const origin = new URL(server!.url).origin;
    const elsewhere: string[] = [];
    await page.route('**/*', async (route) => {
      const url = route.request().url();
      if (url.startsWith('data:') || new URL(url).origin === origin) await route.continue();
      else {
        elsewhere.push(url);
        await route.abort('internetdisconnected');
      }
    });
    const routes = theme.routes();
    const pick = (prefix: string): string => routes.find((r) => r.startsWith(prefix))!;
    for (const route of ['/', pick('/products/'), pick('/categories/'), '/blog', pick('/blog/')]) {
      await page.goto(`${server!.url}${route}`, { waitUntil: 'load' });
      // Below the fold too: lazily loaded frames and images load once they scroll into view.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      expect(elsewhere, route).toEqual([]);
    }
    await page.close();
  });
});
