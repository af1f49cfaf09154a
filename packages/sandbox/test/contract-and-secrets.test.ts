// The sandbox as a contract check, and secrets kept out of inspect/JSON/logs.
import { inspect } from 'node:util';
import { describe, expect, test } from 'vitest';
import { ROUTES } from '../src/generated/routes.js';
import { responseMismatch } from '../src/http/response-check.js';
import type { RouteSpec } from '../src/http/route-spec.js';
import { SandboxConfigurationError, SandboxError, startSandbox } from '../src/index.js';
import { start } from './support/start.js';

const route = (id: string): RouteSpec => (ROUTES as readonly RouteSpec[]).find((r) => r.operationId === id)!;

describe('responses are checked against the spec', () => {
  test('a documented reply passes; an undocumented status, a missing header or a wrong body does not', () => {
    const customer = {
      id: 'cus_1',
      created_time: '2024-01-01T00:00:00.000Z',
      first_name: 'A',
      last_name: 'B',
      email: 'a@example.com',
      company: null,
      delivery_address: null,
      billing_address: null,
    };
    expect(responseMismatch(route('retrieveCustomer'), { status: 200, body: customer })).toBeUndefined();
    expect(responseMismatch(route('retrieveCustomer'), { status: 200, body: { ...customer, email: 'nope' } })).toMatch(
      /does not match the spec: \/email/,
    );
    expect(responseMismatch(route('retrieveCustomer'), { status: 418, body: {} })).toMatch(/status is not documented/);
    expect(responseMismatch(route('listCustomers'), { status: 429, body: { type: 'rate_limit_error' } })).toMatch(
      /retry-after header is missing/,
    );
    expect(responseMismatch(route('deleteCustomer'), { status: 204, body: {} })).toMatch(/declares no body/);
    expect(responseMismatch(route('deleteCustomer'), { status: 204 })).toBeUndefined();
    expect(responseMismatch(route('createCustomer'), { status: 503, body: { type: 'api_error' } })).toBeUndefined(); // 5XX
  });

  test('the route table holds every operation of the spec, with its method and path', async () => {
    const [{ readFileSync }, YAML, { specOperations }] = await Promise.all([
      import('node:fs'),
      import('yaml'),
      import('../../../tools/lib/spec-operations.mjs'),
    ]);
    const spec = YAML.parse(
      readFileSync(new URL('../../api-types/src/generated/openapi.yaml', import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    const fromSpec = specOperations(spec).map(
      (op: { operationId: string; method: string; path: string }) =>
        `${op.operationId} ${op.method.toUpperCase()} ${op.path}`,
    );
    expect((ROUTES as readonly RouteSpec[]).map((r) => `${r.operationId} ${r.method} ${r.path}`)).toEqual(fromSpec);
  });

  test('every operation of the generated route table answers (no 404 from a missing route)', async () => {
    const sandbox = await start();
    for (const r of ROUTES as readonly RouteSpec[]) {
      const path = r.path.replace('{id}', 'cus_00000000000000000000000001');
      const res = await fetch(`${sandbox.url}${path}`, {
        method: r.method,
        headers: { authorization: `Bearer ${sandbox.app.accessToken}` },
        redirect: 'manual',
      });
      const body = await res.text();
      expect(body.includes('no operation at'), `${r.method} ${r.path}`).toBe(false);
      expect(res.status, `${r.method} ${r.path}: ${body}`).toBeLessThan(500);
    }
  });
});

describe('secrets', () => {
  test('inspect and JSON of the app show no secret or token', async () => {
    const sandbox = await start();
    const shown = `${inspect(sandbox, { depth: 5 })}\n${JSON.stringify(sandbox)}`;
    for (const secret of [
      sandbox.app.clientSecret,
      sandbox.app.webhookSecret,
      sandbox.app.accessToken,
      sandbox.app.refreshToken,
    ]) {
      expect(secret.length).toBeGreaterThan(20);
      expect(shown).not.toContain(secret);
    }
    expect(shown).toContain(sandbox.app.clientId);
  });

  test('the request log never holds a token or a query string', async () => {
    const lines: string[] = [];
    const logger = {
      info: (l: string) => void lines.push(l),
      warn: (l: string) => void lines.push(l),
      error: (l: string) => void lines.push(l),
    };
    const sandbox = await start({ logger, logRequests: true });
    await fetch(`${sandbox.url}/customers?limit=1`, {
      headers: { authorization: `Bearer ${sandbox.app.accessToken}` },
    });
    await fetch(`${sandbox.url}/oauth/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&refresh_token=${sandbox.app.refreshToken}&client_id=${sandbox.app.clientId}&client_secret=${sandbox.app.clientSecret}`,
    });
    expect(lines).toContain(
      `GET /customers -> 200 (${lines.find((l) => l.startsWith('GET /customers'))!.split('(')[1]}`,
    );
    const all = lines.join('\n');
    for (const secret of [sandbox.app.clientSecret, sandbox.app.accessToken, sandbox.app.refreshToken])
      expect(all).not.toContain(secret);
    expect(all).not.toContain('limit=1');
  });

  test('a bad option is a SandboxConfigurationError that never echoes the webhook secret', async () => {
    await expect(startSandbox({ port: -1 })).rejects.toBeInstanceOf(SandboxConfigurationError);
    await expect(startSandbox({ webhookSecret: '' })).rejects.toThrow('`webhookSecret` must be a non-empty string');
    const error = await startSandbox({ webhookUrl: 'not a url', webhookSecret: 'whsec_do_not_print' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SandboxError);
    expect(String((error as Error).message)).not.toContain('whsec_do_not_print');
  });
});

describe('rate limit', () => {
  test('every token of one account shares the bucket', async () => {
    const { ManualClock } = await import('../src/testing/index.js');
    const sandbox = await start({ clock: new ManualClock('2025-01-01T00:00:00Z'), rateLimit: 3 });
    const other = await fetch(`${sandbox.url}/oauth/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: sandbox.app.refreshToken,
        client_id: sandbox.app.clientId,
        client_secret: sandbox.app.clientSecret,
      }),
    });
    const second = ((await other.json()) as { access_token: string }).access_token;
    const call = (token: string) =>
      fetch(`${sandbox.url}/customers?limit=1`, { headers: { authorization: `Bearer ${token}` } }).then(
        (r) => r.status,
      );
    expect([
      await call(sandbox.app.accessToken),
      await call(second),
      await call(sandbox.app.accessToken),
      await call(second),
    ]).toEqual([200, 200, 200, 429]);
  });
});
