// `commerce-sandbox proxy`: in front of a sandbox, a click-through of typical calls departs from nothing;
// in front of a server that drifts, each drift is reported (operation, JSON pointer, expected, actual) in the
// same contract report `commerce-sandbox report` writes; `--record` writes HAR 1.2 with secrets redacted.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createClient } from '@commerce-kit/api-client';
import { refreshAccessToken } from '@commerce-kit/api-client/oauth';
import { afterEach, describe, expect, it } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import { runCli } from '@commerce-kit/internal/cli/main';
import { memoryStream } from '../../internal/test/support/memory-io.js';
import { sandboxCli } from '../src/cli/program.js';
import { systemClock } from '../src/clock.js';
import { type RunningProxy, startProxy } from '../src/contract/proxy.js';
import { runInProcess } from './support/run-bin.js';
import { start } from './support/start.js';

const proxies: RunningProxy[] = [];
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((p) => p.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

async function proxyTo(upstream: string, record?: string): Promise<RunningProxy> {
  const proxy = await startProxy({ upstream, clock: systemClock, record });
  proxies.push(proxy);
  return proxy;
}

const customer = (n: number, hour: number, fields: Record<string, unknown> = {}) => ({
  id: `cus_${n}`,
  created_time: `2024-01-01T${String(hour).padStart(2, '0')}:00:00.000Z`,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: `ada${n}@example.com`,
  company: null,
  delivery_address: null,
  billing_address: null,
  ...fields,
});

/** A platform that drifts from the spec: a field renamed, a status changed, a 429 without Retry-After, a list out of order. */
async function driftingUpstream(): Promise<string> {
  const server = createServer((req, res) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    const url = req.url ?? '';
    if (url.startsWith('/customers?') || url === '/customers') {
      const { first_name, ...renamed } = customer(1, 1);
      return json(200, { limit: 10, has_more: false, data: [{ ...renamed, firstName: first_name }] });
    }
    if (url.startsWith('/customers/')) return json(202, customer(1, 1));
    if (url.startsWith('/products'))
      return json(429, { type: 'rate_limit_error', errors: { rate_limit: ['slow down'] } });
    return json(404, { type: 'not_found_error', errors: { path: ['no such path'] } });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('proxy', () => {
  it('in front of a sandbox, a click-through of typical calls departs from nothing', async () => {
    const sandbox = await start();
    const proxy = await proxyTo(sandbox.url);
    const client = createClient({ baseUrl: proxy.url, accessToken: sandbox.app.accessToken });
    const first = await client.customers.list({ limit: 5 });
    const last = first.data.at(-1)!;
    await client.customers.list({ limit: 5, starting_after: last.id });
    await client.customers.list({ limit: 5, ending_before: last.id });
    const created = await client.customers.create({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
    });
    await client.customers.retrieve(created.id);
    await client.customers.update(created.id, { company: 'Analytical Engines' });
    await client.customers.del(created.id);
    const products = await client.products.list({ limit: 3 });
    await client.products.retrieve(products.data[0]!.id);
    await client.categories.create({ title: 'Tea', description: 'Leaves', product_ids: [products.data[0]!.id] });
    await client.blogPosts.list();
    await client.discounts.list();
    await client.orders.list({ limit: 2 });
    await client.charges.list({ limit: 2 });
    await expect(client.customers.retrieve('cus_missing')).rejects.toThrow();
    // The sandbox's control API and OpenID Connect discovery pass through unchecked.
    expect((await fetch(`${proxy.url}/.well-known/openid-configuration`)).status).toBe(200);
    await (await fetch(`${proxy.url}/_sandbox/snapshots`)).arrayBuffer(); // whatever the control API's access rule answers
    await refreshAccessToken({
      baseUrl: proxy.url,
      clientId: sandbox.app.clientId,
      clientSecret: sandbox.app.clientSecret,
      refreshToken: sandbox.app.refreshToken,
    });
    const cases = proxy.cases();
    expect(cases.flatMap((c) => c.findings)).toEqual([]);
    expect(cases.reduce((sum, c) => sum + c.checked, 0)).toBe(16);
    const report = await runInProcess(['report', '--format', 'json', '--url', proxy.url]);
    expect(report.status).toBe(0);
    expect((JSON.parse(report.stdout) as { data: unknown[] }).data).toEqual([]);
  });

  it('reports each drift of the upstream with operation, pointer, expected and actual', async () => {
    const proxy = await proxyTo(await driftingUpstream());
    const call = (p: string) => fetch(`${proxy.url}${p}`, { headers: { authorization: 'Bearer t' } });
    expect((await call('/customers?limit=10')).status).toBe(200);
    expect((await call('/customers/cus_1')).status).toBe(202); // forwarded unchanged
    expect((await call('/products')).status).toBe(429);
    const findings = proxy.cases().flatMap((c) => c.findings);
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          operation: 'listCustomers',
          pointer: '/response/body/data/0/first_name',
          expected: 'a first_name field',
          actual: 'nothing',
        }),
        expect.objectContaining({
          severity: 'warning',
          operation: 'listCustomers',
          pointer: '/response/body/data/0/firstName',
          actual: 'firstName',
        }),
        expect.objectContaining({
          operation: 'retrieveCustomer',
          pointer: '/response/status',
          actual: '202',
        }),
        expect.objectContaining({
          operation: 'listProducts',
          pointer: '/response/headers/retry-after',
          expected: 'a retry-after header',
        }),
      ]),
    );
    const junit = await runInProcess(['report', '--format', 'junit', '--url', proxy.url]);
    expect(junit.status).toBe(1);
    expect(junit.stdout).toMatch(/<testcase classname="commerce-sandbox contract" name="listProducts">\s*<failure/);
  });

  it('reports a list out of cursor order', async () => {
    const server = createServer((_req, res) => {
      const body = { limit: 10, has_more: false, data: [customer(2, 5), customer(1, 1)] };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = await proxyTo(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    await fetch(`${proxy.url}/customers?limit=10`, { headers: { authorization: 'Bearer t' } });
    await fetch(`${proxy.url}/customers?limit=10&ending_before=cus_9`, { headers: { authorization: 'Bearer t' } });
    const findings = proxy.cases().flatMap((c) => c.findings);
    // Ascending is wrong here; the same page is right for ending_before (descending).
    expect(findings).toEqual([
      expect.objectContaining({
        operation: 'listCustomers',
        pointer: '/response/body/data/1/created_time',
        message: 'the list is out of cursor order',
        actual: '2024-01-01T01:00:00.000Z',
      }),
    ]);
  });

  it('records the exchanges as HAR 1.2 with tokens and secrets redacted', async () => {
    const sandbox = await start();
    const file = path.join(testTempDir('sandbox-proxy-'), 'exchanges.har');
    const proxy = await proxyTo(sandbox.url, file);
    const client = createClient({ baseUrl: proxy.url, accessToken: sandbox.app.accessToken });
    await client.customers.list({ limit: 1 });
    const tokens = await refreshAccessToken({
      baseUrl: proxy.url,
      clientId: sandbox.app.clientId,
      clientSecret: sandbox.app.clientSecret,
      clientAuth: 'body',
      refreshToken: sandbox.app.refreshToken,
    });
    await proxy.close();
    proxies.splice(proxies.indexOf(proxy), 1);
    const text = readFileSync(file, 'utf8');
    const har = JSON.parse(text) as { log: { version: string; entries: { request: { url: string } }[] } };
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.map((e) => new URL(e.request.url).pathname)).toEqual(['/customers', '/oauth/connect/token']);
    for (const secret of [
      sandbox.app.accessToken,
      sandbox.app.refreshToken,
      sandbox.app.clientSecret,
      tokens.accessToken,
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });

  it('forwards a compressed answer unchanged and checks its decompressed copy', async () => {
    const server = createServer((_req, res) => {
      const body = gzipSync(JSON.stringify({ limit: 10, has_more: false, data: [customer(1, 1), customer(2, 2)] }));
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(body);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = await proxyTo(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const res = await fetch(`${proxy.url}/customers`, { headers: { authorization: 'Bearer t' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(2);
    expect(proxy.cases()).toEqual([expect.objectContaining({ name: 'listCustomers', checked: 1, findings: [] })]);
  });

  it('checks each exchange after its answer is sent, and reports one it cannot check instead of failing', async () => {
    const upstream = await driftingUpstream();
    const proxy = await proxyTo(upstream);
    // A path whose percent-encoding does not decode: forwarded as it came, then reported.
    const res = await fetch(`${proxy.url}/customers/%E0%A4%A`, { headers: { authorization: 'Bearer t' } });
    expect(res.status).toBe(202);
    await res.arrayBuffer();
    // Read through the proxy's own endpoint too: what is queued is checked before it answers.
    const listed = (await (await fetch(`${proxy.url}/_sandbox/violations`)).json()) as { data: unknown[] };
    expect(listed.data).toHaveLength(1);
    expect(proxy.cases()).toEqual([
      expect.objectContaining({
        checked: 1,
        findings: [expect.objectContaining({ severity: 'error', message: expect.stringMatching(/could not check/) })],
      }),
    ]);
    // The proxy still answers and checks the next calls.
    await (await fetch(`${proxy.url}/products`, { headers: { authorization: 'Bearer t' } })).arrayBuffer();
    expect(proxy.cases().map((c) => c.name)).toContain('listProducts');
  });

  it('as a command, forwards until stopped, then writes the report to --output', async () => {
    const upstream = await driftingUpstream();
    const file = path.join(testTempDir('sandbox-proxy-cmd-'), 'contract.xml');
    // Ctrl-C, as the CLI's `interrupted` signal.
    const interrupt = new AbortController();
    const stdout = memoryStream();
    const stderr = memoryStream();
    const status = runCli(['proxy', '--upstream', upstream, '--port', '0', '--format', 'junit', '--output', file], {
      ...sandboxCli(),
      io: { stdout, stderr, cwd: process.cwd(), env: {}, interrupted: interrupt.signal },
    });
    const url = await waitFor(() => /proxy: (http:\/\/\S+) →/.exec(stderr.text())?.[1], {
      message: 'the proxy started',
    });
    expect((await fetch(`${url}/products`, { headers: { authorization: 'Bearer t' } })).status).toBe(429);
    interrupt.abort();
    expect(await status).toBe(1);
    expect(stdout.text()).toMatch(/^proxy: 1 exchange checked, 1 departure, 0 warnings, written to /);
    expect(readFileSync(file, 'utf8')).toMatch(
      /name="listProducts">\s*<failure message="\/response\/headers\/retry-after/,
    );
  });

  it('names the flag of a usage error', async () => {
    const missing = await runInProcess(['proxy']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/--upstream is required/);
    const port = await runInProcess(['proxy', '--upstream', 'http://127.0.0.1:1', '--port', '70000']);
    expect(port.stderr).toMatch(/--port must be between 0 and 65535/);
    const upstream = await runInProcess(['proxy', '--upstream', 'ftp://example.com']);
    expect(upstream.stderr).toMatch(/--upstream must be an http or https URL/);
  });
});
