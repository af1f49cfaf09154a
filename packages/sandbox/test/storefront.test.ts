// The storefront of `theme`: the theme kit's renderer on its own port, from the sandbox's live data. Over HTTP:
// what the API writes shows on the next page, open pages are told to reload (after an API write, and after a
// reset), a broken theme file shows the theme kit's error overlay while the API answers on, closing the sandbox
// closes the storefront; bad options name the option.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { SandboxConfigurationError, SandboxStartError, startSandbox } from '../src/index.js';
import { starterThemes } from './support/starter-theme.js';
import { api, start } from './support/start.js';

/** A new copy of the theme kit's starter theme (`theme-kit init`). */
const starterTheme = starterThemes('sandbox-storefront-');

/** The page's HTML and status. */
async function page(base: string, route: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${base}${route}`);
  return { status: response.status, html: await response.text() };
}

/** The events of a page's live-reload stream, as they arrive. */
async function liveReload(base: string, route: string): Promise<{ events: string[]; close(): void }> {
  const controller = new AbortController();
  const response = await fetch(`${base}/__theme-kit/events?page=${encodeURIComponent(route)}`, {
    signal: controller.signal,
  });
  const events: string[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        for (const match of decoder.decode(chunk, { stream: true }).matchAll(/^event: (.*)$/gm)) events.push(match[1]!);
      }
    } catch {
      // closed
    }
  })();
  await waitFor(() => events.includes('hello'), { message: 'the live-reload stream to say hello' });
  return { events, close: () => controller.abort() };
}

async function json<T>(response: Response | Promise<Response>): Promise<T> {
  const answered = await response;
  expect(answered.status, await answered.clone().text()).toBeLessThan(300);
  return (await answered.json()) as T;
}

describe('the storefront renders the live data', () => {
  it('a product and a category written through the API show on the next page; a deleted one is gone', async () => {
    const sandbox = await start({ theme: starterTheme(), storefrontPort: 0 });
    const shop = sandbox.storefrontUrl!;
    expect(shop).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(shop).not.toBe(sandbox.url);
    const home = await page(shop, '/');
    expect(home.status).toBe(200);
    expect(home.html).toContain('<script data-theme-kit>');

    // The seeded catalogue is the storefront's: every product of the API has its page.
    const seeded = await json<{ data: Array<{ id: string; title: string }> }>(api(sandbox, '/products?limit=3'));
    expect(seeded.data.length).toBeGreaterThan(0);

    const product = await json<{ id: string }>(
      api(sandbox, '/products', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Storefront Teapot',
          description: 'For two.',
          price: 39.5,
          currency: 'USD',
          quantity: 3,
        }),
      }),
    );
    const created = await page(shop, '/products/storefront-teapot');
    expect(created.status).toBe(200);
    expect(created.html).toContain('<h1>Storefront Teapot</h1>');
    expect(created.html).toContain('$39.50');
    expect(created.html).toContain('3 in stock');

    await json(
      api(sandbox, `/products/${product.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Copper Kettle', quantity: 0 }),
      }),
    );
    const updated = await page(shop, '/products/storefront-teapot'); // the page keeps its URL when the title changes
    expect(updated.html).toContain('<h1>Copper Kettle</h1>');
    expect(updated.html).toContain('Sold out');

    await json(
      api(sandbox, '/categories', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Teaware',
          description: 'Pots and kettles.',
          product_ids: [product.id, seeded.data[0]!.id],
        }),
      }),
    );
    const category = await page(shop, '/categories/teaware');
    expect(category.status).toBe(200);
    expect(category.html).toContain('Copper Kettle');
    expect(category.html).toContain(seeded.data[0]!.title);

    expect((await api(sandbox, `/products/${product.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await page(shop, '/products/storefront-teapot')).status).toBe(404);
    expect((await page(shop, '/categories/teaware')).html).not.toContain('Copper Kettle');
  });

  it('a blog post written through the API has its article page', async () => {
    const sandbox = await start({ theme: starterTheme(), storefrontPort: 0 });
    await json(
      api(sandbox, '/blog_posts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Brewing green tea',
          meta_description: 'Below boiling.',
          content: '<p id="brew">80 °C, two minutes.</p>',
          tags: ['guides'],
        }),
      }),
    );
    const article = await page(sandbox.storefrontUrl!, '/blog/brewing-green-tea');
    expect(article.status).toBe(200);
    expect(article.html).toContain('<p id="brew">80 °C, two minutes.</p>');
    expect((await page(sandbox.storefrontUrl!, '/blog')).html).toContain('Brewing green tea');
  });

  it('open pages are sent their new render after an API write and after a reset, not after a write elsewhere', async () => {
    const sandbox = await start({ theme: starterTheme(), storefrontPort: 0 });
    const [first] = (await json<{ data: Array<{ id: string }> }>(api(sandbox, '/products?limit=1'))).data;
    const open = await liveReload(sandbox.storefrontUrl!, '/');
    // An open page is morphed into its new render (`morph`), or reloaded when that cannot be (`reload`).
    const reloads = (): number => open.events.filter((e) => e === 'morph' || e === 'reload').length;
    // A customer is no part of the storefront: the catalogue is read again, the same, and nothing is sent.
    await json(
      api(sandbox, '/customers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }),
      }),
    );
    await json(
      api(sandbox, `/products/${first!.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ quantity: 0 }),
      }),
    );
    await waitFor(() => reloads() >= 1, { message: 'the new render after PUT /products/{id}' });
    // The stream is ordered: an update for the customer would have come before the product's.
    expect(reloads()).toBe(1);

    // A reset is no API write: the storefront sees it on the database's change counter.
    await sandbox.reset();
    await waitFor(() => reloads() >= 2, { message: 'the new render after the reset' });
    expect(reloads()).toBe(2);
    open.close();
  });

  it("a broken theme file shows the theme kit's error overlay; the API answers on; fixing it recovers", async () => {
    const theme = starterTheme();
    const sandbox = await start({ theme, storefrontPort: 0 });
    const shop = sandbox.storefrontUrl!;
    const product = path.join(theme, 'templates', 'product.liquid');
    const home = await page(shop, '/');
    const links = [...home.html.matchAll(/href="(\/products\/[^"]+)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    expect((await page(shop, links[0]!)).status).toBe(200);
    writeFileSync(product, '<h1>{{ product.title }}</h1>\n{% if %}\n');
    const broken = await waitFor(
      async () => {
        const answer = await page(shop, links[0]!);
        return answer.status === 500 ? answer : undefined;
      },
      { message: 'the product page to answer 500 with the error' },
    );
    // The last good page under the theme kit's overlay, whose client script carries the error.
    expect(broken.html).toContain('<script data-theme-kit>');
    expect(broken.html).toContain(`"file":${JSON.stringify(product)},"line":2,`);
    expect(broken.html).toContain('liquid-syntax');
    expect((await api(sandbox, '/products?limit=1')).status).toBe(200);
    writeFileSync(product, '<h1 id="fixed">{{ product.title }}</h1>\n');
    await waitFor(async () => (await page(shop, links[0]!)).html.includes('<h1 id="fixed">'), {
      message: 'the product page to render again',
    });
  });

  it('closing the sandbox closes the storefront', async () => {
    const sandbox = await startSandbox({ port: 0, customers: 0, theme: starterTheme(), storefrontPort: 0 });
    const shop = sandbox.storefrontUrl!;
    expect((await fetch(shop)).status).toBe(200);
    await sandbox.close();
    await expect(fetch(shop)).rejects.toThrow();
  });

  it('without a theme there is no storefront', async () => {
    const sandbox = await start();
    expect(sandbox.storefrontUrl).toBeUndefined();
  });
});

describe('options', () => {
  it('a bad theme or storefront port is a SandboxConfigurationError naming the option', async () => {
    const theme = starterTheme();
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { theme: path.join(theme, 'nope') },
        `\`theme\` must be a theme directory: ${JSON.stringify(path.join(theme, 'nope'))} does not exist`,
      ],
      [{ theme: path.join(theme, 'templates', 'product.liquid') }, 'is not a directory'],
      [{ theme: '' }, '`theme` must be a non-empty string'],
      [{ storefrontPort: 0 }, '`storefrontPort` needs `theme`: the storefront serves a theme'],
      [{ theme, storefrontPort: 70_000 }, '`storefrontPort` must be an integer from 0 to 65535, got 70000'],
      [{ theme, port: 4999, storefrontPort: 4999 }, '`storefrontPort` must differ from `port` (4999)'],
    ];
    for (const [options, message] of cases) {
      const error = await startSandbox(options).then(
        (sandbox) => sandbox.close().then(() => undefined),
        (e: unknown) => e,
      );
      expect(error, JSON.stringify(options)).toBeInstanceOf(SandboxConfigurationError);
      expect((error as Error).message).toContain(message);
    }
  });

  it('a storefront port in use is a SandboxStartError naming the port and the flag to change', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const error = await startSandbox({ port: 0, customers: 0, theme: starterTheme(), storefrontPort: port }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SandboxStartError);
      expect((error as Error).message).toBe(
        `storefront port ${port} on 127.0.0.1 is already in use (choose another with --storefront-port)`,
      );
    } finally {
      blocker.close();
    }
  });
});
