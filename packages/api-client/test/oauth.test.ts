import fc from 'fast-check';
import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { ApiClientConfigurationError, OAuthError } from '../src/index.js';
import {
  REQUIRED_SCOPES,
  buildAuthorizeUrl,
  exchangeCode,
  refreshAccessToken,
  verifyState,
} from '../src/oauth/index.js';
import { generateState } from '../src/oauth/state.js';
import { basicCredentials } from '../src/oauth/token-request.js';
import { normalizeTokenResponse } from '../src/oauth/token-set.js';
import { ManualClock } from '../src/testing/index.js';
import { useFakeServer } from './support/servers.js';

const server = useFakeServer();

const creds = () => ({ baseUrl: server().url, clientId: 'client_1', clientSecret: 'secret_1' });
const REDIRECT = 'https://app.example.com/callback';

describe('buildAuthorizeUrl', () => {
  it('builds the documented authorization URL with a generated state', () => {
    const { url, state } = buildAuthorizeUrl({
      baseUrl: 'https://shop.example.com/api',
      clientId: 'client_1',
      redirectUri: REDIRECT,
      scopes: [...REQUIRED_SCOPES, 'offline_access'],
    });
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe('https://shop.example.com/api/oauth/connect/authorize');
    expect(u.searchParams.get('response_type')).toBe('code');
    expect(u.searchParams.get('client_id')).toBe('client_1');
    expect(u.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(u.searchParams.get('scope')).toBe('api_basic api_readwrite openid offline_access');
    expect(u.searchParams.get('state')).toBe(state);
    expect(state).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('uses a given state of printable ASCII, refuses one with a control character (see oauth-authorize.test.ts)', () => {
    expect(
      buildAuthorizeUrl({
        baseUrl: server().url,
        clientId: 'c',
        redirectUri: REDIRECT,
        scopes: REQUIRED_SCOPES,
        state: 'abc123',
      }).state,
    ).toBe('abc123');
    expect(
      buildAuthorizeUrl({
        baseUrl: server().url,
        clientId: 'c',
        redirectUri: REDIRECT,
        scopes: REQUIRED_SCOPES,
        state: 'a-b',
      }).state,
    ).toBe('a-b');
    expect(() =>
      buildAuthorizeUrl({
        baseUrl: server().url,
        clientId: 'c',
        redirectUri: REDIRECT,
        scopes: REQUIRED_SCOPES,
        state: 'a\nb',
      }),
    ).toThrow(ApiClientConfigurationError);
  });

  it('checks the required scopes', () => {
    for (const missing of REQUIRED_SCOPES) {
      const scopes = REQUIRED_SCOPES.filter((s) => s !== missing);
      let error: unknown;
      try {
        buildAuthorizeUrl({ baseUrl: server().url, clientId: 'c', redirectUri: REDIRECT, scopes });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ApiClientConfigurationError);
      expect((error as Error).message).toBe(`scopes: missing required scope(s): ${missing}`);
    }
  });

  it('takes the scopes as one space-separated string too', () => {
    const { url } = buildAuthorizeUrl({
      baseUrl: server().url,
      clientId: 'c',
      redirectUri: REDIRECT,
      scopes: 'api_basic  api_readwrite openid offline_access',
    });
    expect(new URL(url).searchParams.get('scope')).toBe('api_basic api_readwrite openid offline_access');
    expect(() =>
      buildAuthorizeUrl({ baseUrl: server().url, clientId: 'c', redirectUri: REDIRECT, scopes: 'api_basic openid' }),
    ).toThrow(/api_readwrite/);
    expect(() =>
      buildAuthorizeUrl({ baseUrl: server().url, clientId: 'c', redirectUri: REDIRECT, scopes: [1] as never }),
    ).toThrow(ApiClientConfigurationError);
  });

  it('generates the state with crypto.getRandomValues', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    try {
      buildAuthorizeUrl({ baseUrl: server().url, clientId: 'c', redirectUri: REDIRECT, scopes: REQUIRED_SCOPES });
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('generated states are distinct and alphanumeric', () => {
    const states = new Set(Array.from({ length: 200 }, () => generateState()));
    expect(states.size).toBe(200);
    for (const s of states) expect(s).toMatch(/^[A-Za-z0-9]{32}$/);
  });
});

describe('verifyState', () => {
  it('matches equal strings only', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), (a, b) => {
        expect(verifyState(a, a)).toBe(true);
        expect(verifyState(a, b)).toBe(a === b);
      }),
    );
  });

  it('never matches missing values or an empty expectation', () => {
    expect(verifyState('abc', undefined)).toBe(false);
    expect(verifyState('abc', null)).toBe(false);
    expect(verifyState('', '')).toBe(false);
    expect(verifyState('abc', 'abcd')).toBe(false);
  });
});

describe('exchangeCode', () => {
  it.each(['body', 'basic'] as const)('exchanges a code with client auth %s', async (clientAuth) => {
    server().issueCode('code_1', REDIRECT);
    const tokens = await exchangeCode({
      ...creds(),
      clientAuth,
      code: 'code_1',
      redirectUri: REDIRECT,
      clock: new ManualClock(1_000),
    });
    expect(tokens.tokenType).toBe('Bearer');
    expect(tokens.accessToken).toMatch(/^at_/);
    expect(tokens.refreshToken).toMatch(/^rt_/);
    expect(tokens.idToken).toMatch(/^idt_/);
    expect(tokens.expiresAt).toBe(1_000 + 7_776_000 * 1000);
    expect(tokens.raw['token_type']).toBe('Bearer');
    const req = server().requests[0];
    expect(req?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(req?.body);
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('client_id')).toBe('client_1');
    expect(form.get('code')).toBe('code_1');
    expect(form.get('redirect_uri')).toBe(REDIRECT);
    if (clientAuth === 'body') {
      expect(form.get('client_secret')).toBe('secret_1');
      expect(req?.headers.authorization).toBeUndefined();
    } else {
      expect(form.has('client_secret')).toBe(false);
      expect(req?.headers.authorization).toBe(`Basic ${Buffer.from('client_1:secret_1').toString('base64')}`);
    }
  });

  it('normalizes the other documented variant (token_type bearer, scope, no id_token)', async () => {
    server().tokenVariant = 'scope';
    server().issueCode('code_2', REDIRECT);
    const tokens = await exchangeCode({ ...creds(), code: 'code_2', redirectUri: REDIRECT, clock: new ManualClock(0) });
    expect(tokens.tokenType).toBe('Bearer');
    expect(tokens.scope).toBe('api_all');
    expect(tokens.idToken).toBeUndefined();
    expect(tokens.expiresAt).toBe(43_199_000);
  });

  it('an error body (RFC 6749 JSON) gives OAuthError with the code and status', async () => {
    const error = await exchangeCode({ ...creds(), code: 'unknown', redirectUri: REDIRECT }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({ error: 'invalid_grant', status: 400 });
  });

  it('bad client credentials give OAuthError invalid_client, and the secret is never shown', async () => {
    const secret = 'wrong_secret_value';
    const error = await exchangeCode({
      ...creds(),
      clientSecret: secret,
      clientAuth: 'basic',
      code: 'c',
      redirectUri: REDIRECT,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ error: 'invalid_client', status: 401 });
    const e = error as OAuthError;
    for (const shown of [e.message, String(e), inspect(e, { depth: 10, showHidden: true }), JSON.stringify(e)]) {
      expect(shown).not.toContain(secret);
      expect(shown).not.toContain(Buffer.from(`client_1:${secret}`).toString('base64'));
    }
  });

  it('a non-JSON error body gives OAuthError with the raw text', async () => {
    server().script.push({
      match: (r) => r.path === '/oauth/connect/token',
      status: 503,
      body: 'Service Unavailable',
      headers: { 'content-type': 'text/plain' },
    });
    const error = await exchangeCode({ ...creds(), code: 'c', redirectUri: REDIRECT }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({ error: 'token_request_failed', status: 503, rawBody: 'Service Unavailable' });
  });

  it('an API-style error body ({type, errors}) gives OAuthError with that type', async () => {
    server().script.push({
      match: (r) => r.path === '/oauth/connect/token',
      status: 400,
      body: '{"type":"invalid_request_error","errors":{"code":["missing"]}}',
    });
    const error = await exchangeCode({ ...creds(), code: 'c', redirectUri: REDIRECT }).catch((e: unknown) => e);
    expect(error).toMatchObject({ error: 'invalid_request_error', status: 400 });
  });

  it('a 200 with a malformed or incomplete token response gives OAuthError', async () => {
    for (const body of [
      'not json',
      '{"token_type":"Bearer","expires_in":10}',
      '{"access_token":"a","token_type":"mac","expires_in":1}',
      '{"access_token":"a","token_type":"Bearer"}',
    ]) {
      server().script.push({ match: (r) => r.path === '/oauth/connect/token', status: 200, body });
      const error = await exchangeCode({ ...creds(), code: 'c', redirectUri: REDIRECT }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OAuthError);
      expect((error as OAuthError).error).toBe('invalid_token_response');
    }
  });

  it('a 200 answer with an RFC 6749 error body is an OAuthError too', async () => {
    server().script.push({
      match: (r) => r.path === '/oauth/connect/token',
      status: 200,
      body: '{"error":"invalid_grant","error_description":"expired code"}',
    });
    const error = await exchangeCode({ ...creds(), code: 'c', redirectUri: REDIRECT }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({ error: 'invalid_grant', description: 'expired code', status: 200 });
  });

  it('an error body that echoes the secret, code or refresh token is redacted', async () => {
    const echo = (r: { body: string }) =>
      JSON.stringify({ error: 'invalid_request', error_description: `got ${r.body}` });
    server().script.push({
      match: (r) => r.path === '/oauth/connect/token',
      status: 400,
      body: echo({ body: 'client_secret=secret_1&code=the_code_123' }),
    });
    const error = (await exchangeCode({ ...creds(), code: 'the_code_123', redirectUri: REDIRECT }).catch(
      (e: unknown) => e,
    )) as OAuthError;
    server().script.push({
      match: (r) => r.path === '/oauth/connect/token',
      status: 502,
      body: 'upstream saw refresh_token=rt_very_secret',
    });
    const raw = (await refreshAccessToken({ ...creds(), refreshToken: 'rt_very_secret' }).catch(
      (e: unknown) => e,
    )) as OAuthError;
    for (const e of [error, raw]) {
      for (const shown of [e.message, String(e), JSON.stringify(e), inspect(e, { showHidden: true, depth: 10 })]) {
        expect(shown).not.toMatch(/secret_1|the_code_123|rt_very_secret/);
      }
    }
    expect(raw.rawBody).toBe('upstream saw refresh_token=[redacted]');
  });

  it('a network failure gives OAuthError network_error', async () => {
    const error = await exchangeCode({
      ...creds(),
      baseUrl: 'http://127.0.0.1:1',
      code: 'c',
      redirectUri: REDIRECT,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ error: 'network_error' });
  });

  it('a missing code (from the callback) rejects with OAuthError invalid_request', async () => {
    await expect(exchangeCode({ ...creds(), code: '', redirectUri: REDIRECT })).rejects.toMatchObject({
      error: 'invalid_request',
    });
    await expect(refreshAccessToken({ ...creds(), refreshToken: '' })).rejects.toBeInstanceOf(OAuthError);
  });

  it('missing or invalid options are configuration errors, and nothing is sent', async () => {
    for (const options of [
      { ...creds(), clientId: '' },
      { ...creds(), clientSecret: undefined as unknown as string },
      { ...creds(), clientAuth: 'jwt' as never },
      { ...creds(), clock: { now: () => 0 } as never },
    ]) {
      const error = await exchangeCode({ ...options, code: 'c', redirectUri: REDIRECT }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiClientConfigurationError);
    }
    await expect(exchangeCode({ ...creds(), code: 'c', redirectUri: '' })).rejects.toThrow(/redirectUri is required/);
    expect(() =>
      buildAuthorizeUrl({ baseUrl: server().url, clientId: '', redirectUri: REDIRECT, scopes: REQUIRED_SCOPES }),
    ).toThrow(ApiClientConfigurationError);
    expect(server().requests).toHaveLength(0);
  });

  it('a base URL that is not absolute, or not HTTPS to a remote host, is a configuration error, not a network error', async () => {
    for (const baseUrl of ['api.example.com', '', undefined as unknown as string, 'http://api.example.com']) {
      const error = await exchangeCode({ ...creds(), baseUrl, code: 'c', redirectUri: REDIRECT }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiClientConfigurationError);
      expect((error as Error).message).toMatch(/^baseUrl must/);
      expect(() =>
        buildAuthorizeUrl({ baseUrl, clientId: 'c', redirectUri: REDIRECT, scopes: REQUIRED_SCOPES }),
      ).toThrow(/baseUrl/);
    }
    expect(server().requests).toHaveLength(0);
  });
});

describe('refreshAccessToken', () => {
  it.each(['body', 'basic'] as const)(
    'refreshes with client auth %s and gets a new refresh token',
    async (clientAuth) => {
      server().issueRefreshToken('rt_old');
      const tokens = await refreshAccessToken({ ...creds(), clientAuth, refreshToken: 'rt_old' });
      expect(tokens.refreshToken).toMatch(/^rt_/);
      expect(tokens.refreshToken).not.toBe('rt_old');
      const form = new URLSearchParams(server().requests[0]?.body);
      expect(form.get('grant_type')).toBe('refresh_token');
      expect(form.get('refresh_token')).toBe('rt_old');
      await expect(refreshAccessToken({ ...creds(), clientAuth, refreshToken: 'rt_old' })).rejects.toMatchObject({
        error: 'invalid_grant',
      });
    },
  );
});

describe('TokenSet', () => {
  it('is redacted in inspect and toString but persists with JSON.stringify', () => {
    const set = normalizeTokenResponse(
      { access_token: 'at_secret', token_type: 'bearer', expires_in: '60', refresh_token: 'rt_secret' },
      0,
    );
    expect(inspect(set)).not.toContain('secret');
    expect(String(set)).not.toContain('secret');
    expect(JSON.parse(JSON.stringify(set))).toMatchObject({
      accessToken: 'at_secret',
      refreshToken: 'rt_secret',
      expiresAt: 60_000,
    });
  });

  it('drops prototype-polluting keys from raw', () => {
    const set = normalizeTokenResponse(
      JSON.parse('{"access_token":"a","token_type":"Bearer","expires_in":1,"__proto__":{"polluted":true}}'),
      0,
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(set.raw)).toBe(Object.prototype);
  });

  it('basicCredentials form-encodes id and secret (RFC 6749 2.3.1)', () => {
    expect(basicCredentials('id', 'a:b c')).toBe(`Basic ${Buffer.from('id:a%3Ab+c').toString('base64')}`);
  });
});
