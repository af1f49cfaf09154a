// A page of another origin (another loopback port) in headless Chromium tries what a hostile site would: form
// POSTs and no-cors fetches against every control route and the consent form, other methods through CORS, and
// reading the storefront's ?debug=context in an iframe and with fetch. All refused; the sandbox's state is the
// same afterwards, read through the API.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, runBrowserTests, submitFormsIntoFrames } from '../../../tools/testing/chromium.mjs';
import { startSandbox, type Sandbox } from '../src/index.js';
import { api, controlFetch } from './support/start.js';
import { starterThemes } from './support/starter-theme.js';

const starterTheme = starterThemes('sandbox-cross-site-');
let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
let context: BrowserContext | undefined;
let sandbox: Sandbox;
let attacker: Server;
let attackerUrl = '';
/** The page the attacker's server answers with. */
let attackPage = '';

beforeAll(async () => {
  if (!runBrowserTests()) return;
  sandbox = await startSandbox({
    port: 0,
    customers: 3,
    theme: starterTheme(),
    storefrontPort: 0,
  });
  attacker = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(attackPage);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  browser = await launchChromium(chromium);
  context = browser.context;
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (attacker ? attacker.close(() => resolve()) : resolve()));
  await sandbox?.close();
});

/** What the tests compare before and after: the store's customers and every control setting. */
async function state(): Promise<unknown> {
  const customers = await (await api(sandbox, '/customers?limit=100')).json();
  const read = async (path: string): Promise<unknown> => (await controlFetch(sandbox.url, path)).json();
  return {
    customers,
    faults: await read('/_sandbox/faults'),
    mode: await read('/_sandbox/webhooks/mode'),
    snapshots: await read('/_sandbox/snapshots'),
  };
}

const POST_ROUTES = [
  '/_sandbox/reset',
  '/_sandbox/snapshots',
  '/_sandbox/snapshots/base/restore',
  '/_sandbox/faults',
  '/_sandbox/webhooks/release',
  '/_sandbox/webhooks/trigger',
  '/_sandbox/orders',
  '/_sandbox/consent',
];

describe.skipIf(!runBrowserTests())('a page of another origin in Chromium', () => {
  test('cannot change the sandbox: form POSTs, no-cors fetches, other methods; the state is unchanged', async () => {
    // A customer of our own: a reset would remove it.
    const created = await api(sandbox, '/customers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Kept', last_name: 'Here', email: 'kept@example.com' }),
    });
    expect(created.status).toBe(201);
    expect(
      (
        await controlFetch(sandbox.url, '/_sandbox/snapshots', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"name":"base"}',
        })
      ).status,
    ).toBe(201);
    const before = await state();

    const answered: { url: string; status: number }[] = [];
    const page = await context!.newPage();
    page.on('response', (response) => {
      if (response.url().startsWith(sandbox.url)) answered.push({ url: response.url(), status: response.status() });
    });
    const forms = POST_ROUTES.map(
      (route, i) =>
        `<iframe name="f${i}"></iframe><form id="form${i}" method="post" target="f${i}" enctype="text/plain" action="${sandbox.url}${route}"><input name='{"name":"x","status":500,"a":"' value='"}'></form>`,
    ).join('\n');
    attackPage = `<!doctype html><html><body>${forms}</body></html>`;
    await page.goto(attackerUrl);

    // Each form posted into its own frame; wait until every frame has loaded the answer.
    await submitFormsIntoFrames(page, POST_ROUTES.length);

    const fetched = await page.evaluate(
      async ({ base, routes }) => {
        const results: string[] = [];
        for (const route of routes) {
          // no-cors: sent without any permission, the answer opaque.
          const opaque = await fetch(`${base}${route}`, {
            method: 'POST',
            mode: 'no-cors',
            headers: { 'content-type': 'text/plain' },
            body: '{"name":"x","status":500}',
          }).then(
            (r) => r.type,
            (e: Error) => `rejected: ${e.name}`,
          );
          results.push(`${route} ${opaque}`);
        }
        for (const [method, route] of [
          ['PUT', '/_sandbox/latency'],
          ['PATCH', '/_sandbox/webhooks/mode'],
          ['DELETE', '/_sandbox/snapshots/base'],
          ['DELETE', '/_sandbox/faults'],
        ] as const) {
          // Other methods need CORS's permission, which the sandbox never gives.
          const answer = await fetch(`${base}${route}`, {
            method,
            headers: { 'content-type': 'application/json', 'x-sandbox-control-key': 'guess' },
            body: '{"latency_ms":5000,"duplicate":true}',
          }).then(
            (r) => `answered ${r.status}`,
            (e: Error) => `rejected: ${e.name}`,
          );
          results.push(`${method} ${route} ${answer}`);
        }
        return results;
      },
      { base: sandbox.url, routes: POST_ROUTES },
    );
    expect(fetched.slice(0, POST_ROUTES.length)).toEqual(POST_ROUTES.map((r) => `${r} opaque`));
    expect(fetched.slice(POST_ROUTES.length).every((line) => line.endsWith('rejected: TypeError'))).toBe(true);

    // Every form POST the browser sent was answered 403, and nothing changed.
    const posts = answered.filter((a) => POST_ROUTES.some((r) => a.url === `${sandbox.url}${r}`));
    expect(posts.length).toBeGreaterThanOrEqual(POST_ROUTES.length);
    expect(posts.every((a) => a.status === 403)).toBe(true);
    expect(await state()).toEqual(before);
    await page.close();
  });

  test("cannot read the storefront's ?debug=context, in an iframe or with fetch", async () => {
    const shop = sandbox.storefrontUrl!;
    const page = await context!.newPage();
    attackPage = '<!doctype html><html><body><iframe id="peek"></iframe></body></html>';
    await page.goto(attackerUrl);
    const [framed] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${shop}/?debug=context`),
      page.evaluate((url) => {
        document.querySelector<HTMLIFrameElement>('#peek')!.src = url;
      }, `${shop}/?debug=context`),
    ]);
    expect(framed.status()).toBe(403);
    const read = await page.evaluate(async (url) => {
      const frame = document.querySelector<HTMLIFrameElement>('#peek')!;
      let framedText: string;
      try {
        framedText = frame.contentDocument?.body.textContent ?? 'no document';
      } catch (error) {
        framedText = `refused: ${(error as Error).name}`;
      }
      const fetched = await fetch(url).then(
        (r) => r.text(),
        (e: Error) => `rejected: ${e.name}`,
      );
      const opaque = await fetch(url, { mode: 'no-cors' }).then((r) => `${r.type} ${r.status}`);
      return { framedText, fetched, opaque };
    }, `${shop}/?debug=context`);
    expect(read.framedText).toBe('no document');
    expect(read.fetched).toBe('rejected: TypeError');
    expect(read.opaque).toBe('opaque 0');
    // The storefront's own pages stay open to a link from anywhere.
    expect((await page.goto(`${shop}/`))?.status()).toBe(200);
    await page.close();
  });
});
