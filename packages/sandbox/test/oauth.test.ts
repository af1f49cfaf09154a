// OAuth as the platform documents it, checked over HTTP.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { ManualClock } from '../src/testing/index.js';
import { describe, expect, test } from 'vitest';
import { testTempDir } from '../../../tools/testing/temp-dir.mjs';
import { ALL_SCOPES, consent } from './support/oauth.js';
import { start } from './support/start.js';

type Sandbox = Awaited<ReturnType<typeof start>>;
const execFileAsync = promisify(execFile);

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

async function token(
  sandbox: Sandbox,
  fields: Record<string, string>,
  basic?: [string, string],
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
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

const creds = (sandbox: Sandbox): Record<string, string> => ({
  client_id: sandbox.app.clientId,
  client_secret: sandbox.app.clientSecret,
});

describe('authorize', () => {
  test('a missing or unknown client_id or redirect_uri: 400 of its own, JSON when asked, a page for a browser', async () => {
    const sandbox = await start();
    const cases: Array<[Record<string, string | undefined>, string]> = [
      [{ client_id: 'app_unknown' }, 'client_id'],
      [{ client_id: undefined }, 'client_id'],
      [{ client_id: '' }, 'client_id'],
      [{ redirect_uri: `${sandbox.app.redirectUri}/other` }, 'redirect_uri'],
      [{ redirect_uri: 'not a uri' }, 'redirect_uri'],
      [{ redirect_uri: undefined }, 'redirect_uri'],
      // The client is checked first: a bad scope as well does not send the browser anywhere.
      [{ client_id: 'app_unknown', scope: 'admin' }, 'client_id'],
    ];
    for (const [overrides, field] of cases) {
      const res = await fetch(authorizeUrl(sandbox, overrides), {
        redirect: 'manual',
        headers: { accept: 'application/json' },
      });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      const body = (await res.json()) as { type: string; errors: Record<string, string[]> };
      expect(body.type).toBe('invalid_request_error');
      expect(Object.keys(body.errors), JSON.stringify(overrides)).toEqual([field]);
    }
    const browser = await fetch(authorizeUrl(sandbox, { client_id: 'app_<unknown>' }), {
      redirect: 'manual',
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(browser.status).toBe(400);
    expect(browser.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await browser.text();
    expect(html).toContain('<code>client_id</code> is not the client id of a registered application');
    expect(html).not.toContain('app_<unknown>');
  });

  test('every other error goes back to the app: error, error_description and state (RFC 6749 §4.1.2.1)', async () => {
    const sandbox = await start();
    const cases: Array<[Record<string, string | undefined>, string, RegExp]> = [
      [{ response_type: 'token' }, 'unsupported_response_type', /response_type must be "code"/],
      [{ response_type: undefined }, 'invalid_request', /response_type is required/],
      [{ scope: 'api_basic openid' }, 'invalid_scope', /must include api_readwrite/],
      [{ scope: 'api_basic api_readwrite openid admin' }, 'invalid_scope', /unknown scope "admin"/],
      [{ scope: undefined }, 'invalid_request', /scope is required/],
      [{ code_challenge: 'short' }, 'invalid_request', /code_challenge/],
      [{ code_challenge_method: 'S256' }, 'invalid_request', /code_challenge_method is given without code_challenge/],
      [
        { code_challenge: 'a'.repeat(43), code_challenge_method: 'S512' },
        'invalid_request',
        /code_challenge_method must be one of "S256", "plain"/,
      ],
    ];
    for (const [overrides, error, description] of cases) {
      const res = await fetch(authorizeUrl(sandbox, { state: 'xyz-._~ABC', ...overrides }), { redirect: 'manual' });
      expect(res.status, JSON.stringify(overrides)).toBe(302);
      const location = new URL(res.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(sandbox.app.redirectUri);
      expect(Object.fromEntries(location.searchParams), JSON.stringify(overrides)).toEqual({
        error,
        error_description: expect.stringMatching(description),
        state: 'xyz-._~ABC',
      });
    }
    // A parameter given twice is invalid_request too; a state that is not printable ASCII is not echoed.
    const twice = await fetch(`${authorizeUrl(sandbox)}&scope=openid`, { redirect: 'manual' });
    expect(Object.fromEntries(new URL(twice.headers.get('location')!).searchParams)).toEqual({
      error: 'invalid_request',
      error_description: 'scope is given more than once',
      state: 'abc123',
    });
    const badState = await fetch(authorizeUrl(sandbox, { state: 'tab\there' }), { redirect: 'manual' });
    const params = Object.fromEntries(new URL(badState.headers.get('location')!).searchParams);
    expect(params).toMatchObject({ error: 'invalid_request', error_description: expect.stringMatching(/^state /) });
    expect(params).not.toHaveProperty('state');
    const longState = await fetch(authorizeUrl(sandbox, { state: 'a'.repeat(1025) }), { redirect: 'manual' });
    expect(new URL(longState.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
  });

  test('state: any printable ASCII up to 1024 characters comes back unchanged', async () => {
    const sandbox = await start();
    for (const state of ['abc123', 'aZ09-._~', 'Zm9v_YmFy-', ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~', 'a'.repeat(1024)]) {
      const location = await consent(sandbox, authorizeUrl(sandbox, { state }), 'allow');
      expect(location.searchParams.get('state')).toBe(state);
    }
  });

  test('--strict refuses unknown parameters by redirecting, never the OpenID Connect and PKCE ones', async () => {
    const sandbox = await start({ strict: true });
    const pkce = {
      nonce: 'n-0S6_WzA2Mj',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    };
    const page = await fetch(authorizeUrl(sandbox, pkce), { redirect: 'manual' });
    expect(page.status).toBe(200);
    const unknown = await fetch(authorizeUrl(sandbox, { ...pkce, prompt: 'login' }), { redirect: 'manual' });
    expect(unknown.status).toBe(302);
    expect(new URL(unknown.headers.get('location')!).searchParams.get('error_description')).toBe(
      'prompt is not a query parameter of this operation (strict mode)',
    );
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
      fetch(`${sandbox.url}/_sandbox/consent`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `consent=${id}&decision=${decision}`,
      });
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

  test("the callback page's command sets the variables it uses and exchanges the code", async () => {
    const sandbox = await start();
    const location = await consent(sandbox, authorizeUrl(sandbox), 'allow');
    const page = await (await fetch(location)).text();
    const command = unescapeHtml(/<code id="exchange">([^<]+)<\/code>/.exec(page)![1]!);
    expect(command).toContain(`CLIENT_ID=${sandbox.app.clientId}`);
    const fakeCurl = await curlStandIn();
    // The command runs in a shell with a `curl` stand-in that sends what curl would (-u, -d, --data-urlencode).
    const { stdout } = await execFileAsync('sh', ['-c', command], {
      env: { ...process.env, PATH: `${fakeCurl}:${process.env['PATH']}` },
    });
    expect(JSON.parse(stdout), `${command}\n${stdout}`).toMatchObject({
      token_type: 'Bearer',
      access_token: expect.stringMatching(/^at_/),
    });
  });
});

describe('token endpoint', () => {
  test('authorization_code with credentials in the body, or as HTTP Basic', async () => {
    const sandbox = await start();
    const body = await token(sandbox, {
      grant_type: 'authorization_code',
      code: await codeFor(sandbox),
      redirect_uri: sandbox.app.redirectUri,
      ...creds(sandbox),
    });
    expect(body.status).toBe(200);
    expect(body.headers.get('cache-control')).toBe('no-store');
    expect(body.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 7_776_000,
      access_token: expect.stringMatching(/^at_/),
      refresh_token: expect.stringMatching(/^rt_/),
      id_token: expect.any(String),
    });
    const claims = JSON.parse(
      Buffer.from(String(body.body['id_token']).split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({ iss: sandbox.url, aud: sandbox.app.clientId });

    const basic = await token(
      sandbox,
      {
        grant_type: 'authorization_code',
        code: await codeFor(sandbox),
        redirect_uri: sandbox.app.redirectUri,
        client_id: sandbox.app.clientId,
      },
      [sandbox.app.clientId, sandbox.app.clientSecret],
    );
    expect(basic.status).toBe(200);
  });

  test('the other documented response shape: token_type bearer, expires_in 43199, scope', async () => {
    const sandbox = await start({ tokenResponse: 'scope' });
    const { status, body } = await token(sandbox, {
      grant_type: 'authorization_code',
      code: await codeFor(sandbox),
      redirect_uri: sandbox.app.redirectUri,
      ...creds(sandbox),
    });
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
    expect((await fetch(`${sandbox.url}/customers`, { headers: { authorization: `Bearer ${access}` } })).status).toBe(
      200,
    );
    const replay = await token(sandbox, form);
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await fetch(`${sandbox.url}/customers`, { headers: { authorization: `Bearer ${access}` } })).status).toBe(
      401,
    );
  });

  test('codes expire after 10 minutes; access tokens when expires_in has passed', async () => {
    const clock = new ManualClock('2025-03-01T00:00:00Z');
    const sandbox = await start({ clock });
    const code = await codeFor(sandbox);
    await clock.advance(10 * 60_000);
    expect(
      await token(sandbox, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: sandbox.app.redirectUri,
        ...creds(sandbox),
      }),
    ).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'the authorization code has expired' },
    });
    await clock.advance(7_776_000 * 1000);
    expect(
      (await fetch(`${sandbox.url}/customers`, { headers: { authorization: `Bearer ${sandbox.app.accessToken}` } }))
        .status,
    ).toBe(401);
  });

  test('redirect_uri must match the authorization request; the code belongs to its client', async () => {
    const sandbox = await start();
    expect(
      await token(sandbox, {
        grant_type: 'authorization_code',
        code: await codeFor(sandbox),
        redirect_uri: 'http://127.0.0.1/other',
        ...creds(sandbox),
      }),
    ).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
  });

  test('refresh tokens only with offline_access; refresh rotates them', async () => {
    const sandbox = await start();
    const online = await token(sandbox, {
      grant_type: 'authorization_code',
      code: await codeFor(sandbox, 'api_basic api_readwrite openid'),
      redirect_uri: sandbox.app.redirectUri,
      ...creds(sandbox),
    });
    expect(online.status).toBe(200);
    expect(online.body).not.toHaveProperty('refresh_token');

    const refresh = sandbox.app.refreshToken;
    const next = await token(sandbox, { grant_type: 'refresh_token', refresh_token: refresh }, [
      sandbox.app.clientId,
      sandbox.app.clientSecret,
    ]);
    expect(next.status).toBe(200);
    expect(next.body['refresh_token']).not.toBe(refresh);
    expect(
      await token(sandbox, { grant_type: 'refresh_token', refresh_token: refresh, ...creds(sandbox) }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(
      (
        await token(sandbox, {
          grant_type: 'refresh_token',
          refresh_token: String(next.body['refresh_token']),
          ...creds(sandbox),
        })
      ).status,
    ).toBe(200);
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
      expect(body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
      expect(JSON.stringify(body)).not.toContain(sandbox.app.clientSecret);
      expect(headers.get('cache-control')).toBe('no-store');
    }
  });

  test('bad token requests: 400 in the RFC 6749 §5.2 shape, naming the real problem', async () => {
    const sandbox = await start();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ ...creds(sandbox) }, 'invalid_request', 'grant_type is required ("authorization_code" or "refresh_token")'],
      [
        { grant_type: 'password', ...creds(sandbox) },
        'unsupported_grant_type',
        'grant_type "password" is not supported: use "authorization_code" or "refresh_token"',
      ],
      [
        { grant_type: 'authorization_code', redirect_uri: sandbox.app.redirectUri, ...creds(sandbox) },
        'invalid_request',
        'code is required',
      ],
      [
        { grant_type: 'authorization_code', code: 'c', ...creds(sandbox) },
        'invalid_request',
        'redirect_uri is required',
      ],
      [{ grant_type: 'refresh_token', ...creds(sandbox) }, 'invalid_request', 'refresh_token is required'],
      [
        {
          grant_type: 'authorization_code',
          code: 'c',
          redirect_uri: sandbox.app.redirectUri,
          code_verifier: 'short',
          ...creds(sandbox),
        },
        'invalid_request',
        'code_verifier must match ^[A-Za-z0-9\\-._~]{43,128}$',
      ],
    ];
    for (const [form, error, description] of cases) {
      const answer = await token(sandbox, form);
      expect(answer.status, JSON.stringify(form)).toBe(400);
      expect(answer.body, JSON.stringify(form)).toEqual({ error, error_description: description });
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    const json = await fetch(`${sandbox.url}/oauth/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    expect(Object.keys((await json.json()) as object).sort()).toEqual(['error', 'error_description']);
  });

  test('client_secret_basic without client_id in the body (RFC 6749 §2.3.1), the id form-encoded', async () => {
    const sandbox = await start();
    const basic = await token(
      sandbox,
      { grant_type: 'authorization_code', code: await codeFor(sandbox), redirect_uri: sandbox.app.redirectUri },
      [sandbox.app.clientId, sandbox.app.clientSecret],
    );
    expect(basic.status).toBe(200);
    const other = await token(
      sandbox,
      {
        grant_type: 'authorization_code',
        code: await codeFor(sandbox),
        redirect_uri: sandbox.app.redirectUri,
        client_id: 'app_other',
      },
      [sandbox.app.clientId, sandbox.app.clientSecret],
    );
    expect(other).toMatchObject({
      status: 400,
      body: {
        error: 'invalid_request',
        error_description: 'client_id in the body differs from the HTTP Basic credentials',
      },
    });
  });
});

describe('PKCE (RFC 7636)', () => {
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const s256 = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'; // RFC 7636 Appendix B

  async function pkceCode(sandbox: Sandbox, challenge: Record<string, string>): Promise<string> {
    return (await consent(sandbox, authorizeUrl(sandbox, challenge), 'allow')).searchParams.get('code')!;
  }
  const exchange = (sandbox: Sandbox, code: string, extra: Record<string, string> = {}) =>
    token(sandbox, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: sandbox.app.redirectUri,
      ...creds(sandbox),
      ...extra,
    });

  test('S256 and plain: only the matching verifier gets tokens; a wrong one leaves the code usable', async () => {
    const sandbox = await start();
    const code = await pkceCode(sandbox, { code_challenge: s256, code_challenge_method: 'S256' });
    expect(await exchange(sandbox, code)).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: expect.stringMatching(/code_verifier is required/) },
    });
    expect(await exchange(sandbox, code, { code_verifier: `${verifier.slice(0, -1)}Y` })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: expect.stringMatching(/does not match/) },
    });
    expect(await exchange(sandbox, code, { code_verifier: s256 })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect((await exchange(sandbox, code, { code_verifier: verifier })).status).toBe(200);

    const plain = await pkceCode(sandbox, { code_challenge: verifier }); // method absent: plain
    expect((await exchange(sandbox, plain, { code_verifier: s256 })).status).toBe(400);
    expect((await exchange(sandbox, plain, { code_verifier: verifier })).status).toBe(200);
  });

  test('a verifier for a code issued without a challenge is refused (no downgrade)', async () => {
    const sandbox = await start();
    expect(await exchange(sandbox, await codeFor(sandbox), { code_verifier: verifier })).toMatchObject({
      status: 400,
      body: {
        error: 'invalid_grant',
        error_description: 'code_verifier is given but the authorization request carried no code_challenge',
      },
    });
  });
});

describe('OpenID Connect', () => {
  test('discovery and the key set; the id_token is RS256 with iss, sub, aud, exp, iat and the nonce, verified with the published key', async () => {
    const clock = new ManualClock('2025-03-01T00:00:00Z');
    const sandbox = await start({ clock });
    const discovery = (await (await fetch(`${sandbox.url}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(discovery).toMatchObject({
      issuer: sandbox.url,
      authorization_endpoint: `${sandbox.url}/oauth/connect/authorize`,
      token_endpoint: `${sandbox.url}/oauth/connect/token`,
      jwks_uri: `${sandbox.url}/.well-known/jwks.json`,
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256', 'plain'],
    });
    expect(await (await fetch(`${sandbox.url}/.well-known/oauth-authorization-server`)).json()).toEqual(discovery);
    const code = (await consent(sandbox, authorizeUrl(sandbox, { nonce: 'n-0S6_WzA2Mj' }), 'allow')).searchParams.get(
      'code',
    )!;
    const { body } = await token(sandbox, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: sandbox.app.redirectUri,
      ...creds(sandbox),
    });
    const jwks = createRemoteJWKSet(new URL(String(discovery['jwks_uri'])));
    const { payload, protectedHeader } = await jwtVerify(String(body['id_token']), jwks, {
      issuer: sandbox.url,
      audience: sandbox.app.clientId,
      currentDate: new Date(clock.now()),
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    expect(payload).toEqual({
      iss: sandbox.url,
      sub: expect.any(String),
      aud: sandbox.app.clientId,
      iat: clock.now() / 1000,
      exp: clock.now() / 1000 + 7_776_000,
      nonce: 'n-0S6_WzA2Mj',
    });
  });

  test('a start makes no signing key (an RSA key costs a start 0.2 s of CPU): the first ID token does', async () => {
    const dir = testTempDir('sandbox-oidc-');
    const signingKey = (data: string): unknown => {
      const db = new Database(data, { readonly: true });
      try {
        return db.prepare("SELECT value FROM meta WHERE key = 'oidc_signing_key'").get();
      } finally {
        db.close();
      }
    };
    const data = join(dir, 'sandbox.db');
    const sandbox = await start({ data });
    expect(signingKey(data)).toBeUndefined();
    const code = (await consent(sandbox, authorizeUrl(sandbox, { nonce: 'n' }), 'allow')).searchParams.get('code')!;
    const { body } = await token(sandbox, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: sandbox.app.redirectUri,
      ...creds(sandbox),
    });
    expect(body['id_token']).toEqual(expect.any(String));
    expect(signingKey(data)).toEqual({ value: expect.stringContaining('"kty":"RSA"') });
    await sandbox.close();
  });

  test('the signing key is kept in the data file: an id_token verifies after a restart', async () => {
    const data = join(testTempDir('sandbox-oidc-'), 'sandbox.db');
    const first = await start({ data });
    const keys = await (await fetch(`${first.url}/.well-known/jwks.json`)).json();
    await first.close();
    const second = await start({ data });
    expect(await (await fetch(`${second.url}/.well-known/jwks.json`)).json()).toEqual(keys);
    await second.close();
  });
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
const unescapeHtml = (text: string): string =>
  text.replace(/&(#\d+|[a-z]+);/g, (_, name: string) =>
    name.startsWith('#') ? String.fromCharCode(Number(name.slice(1))) : ENTITIES[name]!,
  );

/**
 * A directory with a `curl` that sends what the page's command asks for, with fetch (curl may not be installed);
 * removed when the test ends.
 */
async function curlStandIn(): Promise<string> {
  const dir = testTempDir('sandbox-curl-');
  const script = `#!/usr/bin/env node
const args = process.argv.slice(2); let url, user; const form = new URLSearchParams();
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '-s') continue;
  if (a === '-u') user = args[++i];
  else if (a === '-d') { const [k, ...v] = args[++i].split('='); form.append(k, v.join('=')); }
  else if (a === '--data-urlencode') { const [k, ...v] = args[++i].split('='); form.append(k, v.join('=')); }
  else url = a;
}
const headers = { 'content-type': 'application/x-www-form-urlencoded' };
if (user) headers.authorization = 'Basic ' + Buffer.from(user).toString('base64');
fetch(url, { method: 'POST', headers, body: form }).then(async (r) => process.stdout.write(await r.text()));
`;
  writeFileSync(join(dir, 'curl'), script, { mode: 0o755 });
  return dir;
}
