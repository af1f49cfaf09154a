// OAuth as the platform documents it, checked over HTTP.
import { ManualClock } from '../src/testing.js';
import { describe, expect, test } from 'vitest';
import { ALL_SCOPES, consent } from './support/oauth.js';
import { start } from './support/start.js';

type Sandbox = Awaited<ReturnType<typeof start>>;

function authorizeUrl(sandbox: Sandbox, overrides: Record<string, string | undefined> = {}): string {
  const url = new URL('/oauth/connect/authorize', sandbox.url);
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: sandbox.app.clientId,
    redirect_uri: sandbox.app.redirectUri,
    scope: ALL_SCOPES.join(' '),
    state: 'abc123',
    ...overrides,
  };
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.href;
}

async function token(sandbox: Sandbox, fields: Record<string, string>, basic?: [string, string]): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${sandbox.url}/oauth/connect/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(basic ? { authorization: `Basic ${Buffer.from(`${basic[0]}:${basic[1]}`).toString('base64')}` } : {}),
    },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

async function codeFor(sandbox: Sandbox, scope = ALL_SCOPES.join(' ')): Promise<string> {
  const location = await consent(sandbox, authorizeUrl(sandbox, { scope }), 'allow');
  return location.searchParams.get('code')!;
}

const creds = (sandbox: Sandbox): Record<string, string> => ({ client_id: sandbox.app.clientId, client_secret: sandbox.app.clientSecret });

describe('authorize', () => {
  test('every documented parameter is checked: 400 with the JSON error body naming it', async () => {
    const sandbox = await start();
    const cases: Array<[Record<string, string | undefined>, string]> = [
      [{ response_type: 'token' }, 'response_type'],
      [{ response_type: undefined }, 'response_type'],
      [{ client_id: 'app_unknown' }, 'client_id'],
      [{ client_id: undefined }, 'client_id'],
      [{ redirect_uri: `${sandbox.app.redirectUri}/other` }, 'redirect_uri'],
      [{ redirect_uri: 'not a uri' }, 'redirect_uri'],
      [{ scope: 'api_basic openid' }, 'scope'],
      [{ scope: 'api_basic api_readwrite openid admin' }, 'scope'],
      [{ scope: undefined }, 'scope'],
      [{ state: 'not-alphanumeric!' }, 'state'],
    ];
    for (const [overrides, field] of cases) {
      const res = await fetch(authorizeUrl(sandbox, overrides), { redirect: 'manual' });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      const body = (await res.json()) as { type: string; errors: Record<string, string[]> };
      expect(body.type).toBe('invalid_request_error');
      expect(Object.keys(body.errors), JSON.stringify(overrides)).toContain(field);
    }
    const missing = await fetch(authorizeUrl(sandbox, { scope: 'api_basic' }));
    expect(await missing.json()).toEqual({ type: 'invalid_request_error', errors: { scope: ['must include api_readwrite', 'must include openid'] } });
  });

  test('the consent page: Allow redirects with code and state; Deny with error=access_denied; each consent answers once', async () => {
    const sandbox = await start();
    const page = await fetch(authorizeUrl(sandbox));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const html = await page.text();
    expect(html).toContain('<button type="submit" name="decision" value="allow">Allow</button>');
    expect(html).not.toContain(sandbox.app.clientSecret);

    const allowed = await consent(sandbox, authorizeUrl(sandbox), 'allow');
    expect(allowed.searchParams.get('code')).toMatch(/^code_[A-Za-z0-9_-]{43}$/);
    expect(allowed.searchParams.get('state')).toBe('abc123');
    const denied = await consent(sandbox, authorizeUrl(sandbox, { state: undefined }), 'deny');
    expect(Object.fromEntries(denied.searchParams)).toEqual({ error: 'access_denied' });

    const id = /name="consent" value="([^"]+)"/.exec(await (await fetch(authorizeUrl(sandbox))).text())![1]!;
    const answer = (decision: string) =>
      fetch(`${sandbox.url}/_sandbox/consent`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `consent=${id}&decision=${decision}` });
    expect((await answer('maybe')).status).toBe(400);
    expect((await answer('allow')).status).toBe(302);
    expect((await answer('allow')).status).toBe(400);
  });

  test('the callback page shows the code', async () => {
    const sandbox = await start();
    const location = await consent(sandbox, authorizeUrl(sandbox), 'allow');
    const page = await (await fetch(location)).text();
    expect(page).toContain(`<code id="code">${location.searchParams.get('code')}</code>`);
  });
});

describe('token endpoint', () => {
  test('authorization_code with credentials in the body, or as HTTP Basic', async () => {
    const sandbox = await start();
    const body = await token(sandbox, { grant_type: 'authorization_code', code: await codeFor(sandbox), redirect_uri: sandbox.app.redirectUri, ...creds(sandbox) });
    expect(body.status).toBe(200);
    expect(body.headers.get('cache-control')).toBe('no-store');
    expect(body.body).toMatchObject({ token_type: 'Bearer', expires_in: 7_776_000, access_token: expect.stringMatching(/^at_/), refresh_token: expect.stringMatching(/^rt_/), id_token: expect.any(String) });
    const claims = JSON.parse(Buffer.from(String(body.body['id_token']).split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ iss: sandbox.url, aud: sandbox.app.clientId });

    const basic = await token(
      sandbox,
      { grant_type: 'authorization_code', code: await codeFor(sandbox), redirect_uri: sandbox.app.redirectUri, client_id: sandbox.app.clientId },
      [sandbox.app.clientId, sandbox.app.clientSecret],
    );
    expect(basic.status).toBe(200);
  });

  test('the other documented response shape: token_type bearer, expires_in 43199, scope', async () => {
    const sandbox = await start({ tokenResponse: 'scope' });
    const { status, body } = await token(sandbox, { grant_type: 'authorization_code', code: await codeFor(sandbox), redirect_uri: sandbox.app.redirectUri, ...creds(sandbox) });
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 43_199, scope: ALL_SCOPES.join(' ') });
    expect(body).not.toHaveProperty('id_token');
  });

  test('codes are single-use: a replay fails and revokes the tokens the code gave', async () => {
    const sandbox = await start();
    const code = await codeFor(sandbox);
    const form = { grant_type: 'authorization_code', code, redirect_uri: sandbox.app.redirectUri, ...creds(sandbox) };
    const first = await token(sandbox, form);
    const access = String(first.body['access_token']);
    expect((await fetch(`${sandbox.url}/customers`, { headers: { authorization: `Bearer ${access}` } })).status).toBe(200);
    const replay = await token(sandbox, form);
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await fetch(`${sandbox.url}/customers`, { headers: { authorization: `Bearer ${access}` } })).status).toBe(401);
  });

  test('codes expire after 10 minutes; access tokens when expires_in has passed', async () => {
    const clock = new ManualClock('2025-03-01T00:00:00Z');
    const sandbox = await start({ clock });
    const code = await codeFor(sandbox);
    clock.advance(10 * 60_000);
    expect(await token(sandbox, { grant_type: 'authorization_code', code, redirect_uri: sandbox.app.redirectUri, ...creds(sandbox) })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'the authorization code has expired' },
    });
    clock.advance(7_776_000 * 1000);
    expect((await fetch(`${sandbox.url}/customers`, { headers: { authorization: `Bearer ${sandbox.app.accessToken}` } })).status).toBe(401);
  });

  test('redirect_uri must match the authorization request; the code belongs to its client', async () => {
    const sandbox = await start();
    expect(await token(sandbox, { grant_type: 'authorization_code', code: await codeFor(sandbox), redirect_uri: 'http://127.0.0.1/other', ...creds(sandbox) })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
  });

  test('refresh tokens only with offline_access; refresh rotates them', async () => {
    const sandbox = await start();
    const online = await token(sandbox, { grant_type: 'authorization_code', code: await codeFor(sandbox, 'api_basic api_readwrite openid'), redirect_uri: sandbox.app.redirectUri, ...creds(sandbox) });
    expect(online.status).toBe(200);
    expect(online.body).not.toHaveProperty('refresh_token');

    const refresh = sandbox.app.refreshToken;
    const next = await token(sandbox, { grant_type: 'refresh_token', refresh_token: refresh }, [sandbox.app.clientId, sandbox.app.clientSecret]);
    expect(next.status).toBe(200);
    expect(next.body['refresh_token']).not.toBe(refresh);
    expect(await token(sandbox, { grant_type: 'refresh_token', refresh_token: refresh, ...creds(sandbox) })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await token(sandbox, { grant_type: 'refresh_token', refresh_token: String(next.body['refresh_token']), ...creds(sandbox) })).status).toBe(200);
  });

  test('client authentication failures: 401 invalid_client, no secret in the answer', async () => {
    const sandbox = await start();
    const form = { grant_type: 'refresh_token', refresh_token: sandbox.app.refreshToken };
    for (const attempt of [
      token(sandbox, { ...form, client_id: sandbox.app.clientId, client_secret: 'wrong' }),
      token(sandbox, { ...form, client_id: 'app_other', client_secret: sandbox.app.clientSecret }),
      token(sandbox, { ...form, client_id: sandbox.app.clientId }),
      token(sandbox, form, [sandbox.app.clientId, 'wrong']),
    ]) {
      const { status, body, headers } = await attempt;
      expect(status).toBe(401);
      expect(body).toMatchObject({ type: 'authentication_error', error: 'invalid_client' });
      expect(JSON.stringify(body)).not.toContain(sandbox.app.clientSecret);
      expect(headers.get('cache-control')).toBe('no-store');
    }
  });

  test('bad token requests: 400 in OAuth format', async () => {
    const sandbox = await start();
    expect(await token(sandbox, { ...creds(sandbox) })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await token(sandbox, { grant_type: 'password', ...creds(sandbox) })).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
    expect(await token(sandbox, { grant_type: 'authorization_code', ...creds(sandbox) })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    const json = await fetch(`${sandbox.url}/oauth/connect/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ error: 'invalid_request' });
  });
});
