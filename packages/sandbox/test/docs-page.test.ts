// The REST API reference the sandbox serves at /_sandbox/docs: the page its build renders from the spec
// (dist/api-reference.html), served by the built CLI; in headless Chromium it runs and requests nothing
// outside the sandbox.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, runBrowserTests } from '../../../tools/testing/chromium.mjs';
import { startCli, type RunningCli } from './support/cli.js';
import { start } from './support/start.js';

const SPEC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../api-types/src/generated/openapi.yaml');
const spec = parse(readFileSync(SPEC, 'utf8')) as {
  info: { title: string };
  paths: Record<string, Record<string, { summary?: string }>>;
};
const TITLE = spec.info.title;
const LIST_CUSTOMERS = spec.paths['/customers']!['get']!.summary!;
const CREATE_CUSTOMER = spec.paths['/customers']!['post']!.summary!;
const TOKEN_PATH = '/oauth/connect/token';
if (!spec.paths[TOKEN_PATH]) throw new Error(`the spec has no ${TOKEN_PATH}`);

let cli: RunningCli;
let docsUrl: string;

beforeAll(async () => {
  cli = await startCli(['--customers', '2']);
  docsUrl = `${cli.url}/_sandbox/docs`;
});

afterAll(async () => {
  cli?.child.kill('SIGINT');
  await cli?.exited;
});

describe('GET /_sandbox/docs', () => {
  test('the banner names it', () => {
    expect(cli.stdout()).toMatch(
      new RegExp(`^ {2}docs {12}${docsUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(the REST API reference\\)$`, 'm'),
    );
  });

  test("answers 200 text/html: the API's title and its operations", async () => {
    const response = await fetch(docsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain(`<title>${TITLE}</title>`);
    expect(html).toContain(LIST_CUSTOMERS);
    // HEAD answers like GET; other methods are refused with Allow.
    const head = await fetch(docsUrl, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    const post = await fetch(docsUrl, { method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  test('loads nothing from elsewhere: no remote script, stylesheet or image, and a policy that forbids any', async () => {
    const response = await fetch(docsUrl);
    const html = await response.text();
    const markup = html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, '$1');
    const loads = [
      ...markup.matchAll(/<(?:script|link|img|iframe|source|embed|object)\b[^>]*?\s(?:src|href|data)="([^"]*)"/gi),
    ].map((m) => m[1]!);
    expect(loads.filter((url) => /^(https?:)?\/\//i.test(url))).toEqual([]);
    const csp = response.headers.get('content-security-policy') ?? '';
    const directives: Record<string, string[]> = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['connect-src']).toBeUndefined();
    // Scripts only by hash: every inline script of the page, nothing else.
    expect(directives['script-src']!.length).toBeGreaterThan(0);
    expect(directives['script-src']!.every((source) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source))).toBe(true);
    expect(csp).not.toMatch(/https?:|\*|'unsafe-eval'/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('a copy of the sandbox without the page (run from its sources) answers 404 saying so', async () => {
    const sandbox = await start();
    const response = await fetch(`${sandbox.url}/_sandbox/docs`);
    expect(response.status).toBe(404);
    expect(JSON.stringify(await response.json())).toContain('the API reference is not in this copy of the sandbox');
  });
});

describe.skipIf(!runBrowserTests())('the docs page in headless Chromium', () => {
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    browser = await launchChromium(chromium);
    context = browser.context;
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('runs under its policy, navigates, and requests nothing outside the sandbox', { timeout: 120_000 }, async () => {
    const page = await context!.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(docsUrl);
    // Redoc has run: its sidebar opens a tag and routes to an operation (hash routing).
    await page.getByText('Customers', { exact: true }).first().click();
    await page.getByText(LIST_CUSTOMERS, { exact: true }).first().click();
    await page.waitForURL((url) => url.hash === '#/customers/listcustomers');
    await expect
      .poll(() => page.getByRole('heading', { name: LIST_CUSTOMERS }).first().isVisible(), { timeout: 60_000 })
      .toBe(true);
    // The x-unspecified choices are on the page.
    await page.getByText(CREATE_CUSTOMER, { exact: true }).first().click();
    // Routed before the search opens: a route change closes Redoc's search dialog, and the text below is
    // on the previous operation too, so it alone does not say the route has changed.
    await page.waitForURL((url) => url.hash === '#/customers/createcustomer');
    await expect
      .poll(() => page.getByRole('heading', { name: CREATE_CUSTOMER }).first().isVisible(), { timeout: 60_000 })
      .toBe(true);
    await expect
      .poll(() => page.getByText('Not specified by the platform:').first().isVisible(), { timeout: 60_000 })
      .toBe(true);
    // The search (its index is built in a blob: worker) finds the token endpoint; on a loaded machine
    // building the index takes a while, hence the long deadline.
    await page.getByTestId('search-trigger').click();
    // Into the dialog's input once it is there (keys typed before it mounted were lost on a busy machine).
    await page.getByTestId('search-dialog').getByRole('textbox').fill('refresh');
    await expect
      .poll(() => page.getByTestId('search-dialog').getByText(TOKEN_PATH, { exact: true }).first().isVisible(), {
        timeout: 60_000,
      })
      .toBe(true);

    const origin = new URL(cli.url).origin;
    expect(requests.filter((url) => !url.startsWith(`${origin}/`) && !/^(blob|data):/.test(url))).toEqual([]);
    // Console messages are read at the end, not with a 'console' listener: with one attached, Redoc's
    // search index did not finish within a minute here (without one it takes seconds).
    for (const message of await page.consoleMessages())
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`${message.type()}: ${message.text()}`);
    expect(problems).toEqual([]);
    await page.close();
  });
});
