import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthenticationError, TimeoutError, createClient, createTokenSession, type TokenSet } from '../src/index.js';
import { OAuthError, exchangeCode } from '../src/oauth/index.js';
import { startFakeServer, type FakeServer } from './support/fake-server.js';

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
  server.script.length = 0;
});

const REDIRECT = 'https://app.example.com/cb';
let codeSeq = 0;

async function freshTokens(now: () => number = Date.now): Promise<TokenSet> {
  const code = `code_${++codeSeq}`;
  server.issueCode(code, REDIRECT);
  return exchangeCode({ baseUrl: server.url, clientId: 'client_1', clientSecret: 'secret_1', code, redirectUri: REDIRECT, now });
}

const sessionOptions = () => ({ baseUrl: server.url, clientId: 'client_1', clientSecret: 'secret_1' });
const tokenRequests = () => server.requests.filter((r) => r.path === '/oauth/connect/token').length;

describe('token session', () => {
  it('uses the current token while it is fresh', async () => {
    const tokens = await freshTokens();
    server.requests.length = 0;
    const session = createTokenSession({ ...sessionOptions(), tokens });
    const client = createClient({ baseUrl: server.url, auth: session });
    await client.customers.list({ limit: 1 });
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
    expect(tokenRequests()).toBe(0);
  });

  it('refreshes shortly before expiry, and onTokens gets the new set', async () => {
    let now = 0;
    const tokens = await freshTokens(() => now);
    server.requests.length = 0;
    const persisted: TokenSet[] = [];
    const session = createTokenSession({ ...sessionOptions(), tokens, now: () => now, refreshMarginMs: 60_000, onTokens: (t) => void persisted.push(t) });
    const client = createClient({ baseUrl: server.url, auth: session });
    now = tokens.expiresAt - 61_000;
    await client.customers.list({ limit: 1 });
    expect(tokenRequests()).toBe(0);
    now = tokens.expiresAt - 30_000;
    await client.customers.list({ limit: 1 });
    expect(tokenRequests()).toBe(1);
    expect(persisted).toHaveLength(1);
    expect(persisted[0]?.refreshToken).not.toBe(tokens.refreshToken);
    expect(session.tokens.accessToken).toBe(persisted[0]?.accessToken);
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${persisted[0]?.accessToken}`);
  });

  it('concurrent requests share one refresh (single flight)', async () => {
    let now = 0;
    const tokens = await freshTokens(() => now);
    server.requests.length = 0;
    const session = createTokenSession({ ...sessionOptions(), tokens, now: () => now });
    const client = createClient({ baseUrl: server.url, auth: session, rateLimit: false });
    now = tokens.expiresAt + 1;
    await Promise.all(Array.from({ length: 20 }, () => client.customers.list({ limit: 1 })));
    expect(tokenRequests()).toBe(1);
    const authHeaders = new Set(server.requests.filter((r) => r.path === '/customers').map((r) => r.headers.authorization));
    expect(authHeaders).toEqual(new Set([`Bearer ${session.tokens.accessToken}`]));
  });

  it('on a 401 refreshes once and retries; concurrent 401s share the refresh', async () => {
    const tokens = await freshTokens();
    server.validTokens.delete(tokens.accessToken); // revoked server-side, not yet expired
    server.requests.length = 0;
    let calls = 0;
    const session = createTokenSession({ ...sessionOptions(), tokens, onTokens: () => void calls++ });
    const client = createClient({ baseUrl: server.url, auth: session, rateLimit: false });
    const pages = await Promise.all(Array.from({ length: 5 }, () => client.customers.list({ limit: 2 })));
    expect(pages.every((p) => p.data.length === 2)).toBe(true);
    expect(tokenRequests()).toBe(1);
    expect(calls).toBe(1);
  });

  it('a second 401 after the refresh gives AuthenticationError (no loop)', async () => {
    const tokens = await freshTokens();
    server.validTokens.delete(tokens.accessToken);
    const session = createTokenSession({ ...sessionOptions(), tokens });
    const client = createClient({ baseUrl: server.url, auth: session });
    server.requests.length = 0;
    server.script.push(
      { status: 401, body: '{"type":"authentication_error"}', match: (r) => r.path === '/customers' },
      { status: 401, body: '{"type":"authentication_error"}', match: (r) => r.path === '/customers' },
    );
    const error = await client.customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(server.requests.filter((r) => r.path === '/customers')).toHaveLength(2);
    expect(tokenRequests()).toBe(1);
  });

  it('a failed refresh rejects with OAuthError', async () => {
    let now = 0;
    const tokens = await freshTokens(() => now);
    const session = createTokenSession({ ...sessionOptions(), clientSecret: 'wrong', tokens, now: () => now });
    const client = createClient({ baseUrl: server.url, auth: session });
    now = tokens.expiresAt;
    await expect(client.customers.list()).rejects.toBeInstanceOf(OAuthError);
  });

  it('a custom refresh function replaces the token endpoint', async () => {
    const tokens = await freshTokens();
    server.validTokens.delete(tokens.accessToken);
    const replacement = await freshTokens();
    const session = createTokenSession({ tokens, refresh: async () => replacement });
    const client = createClient({ baseUrl: server.url, auth: session });
    await client.customers.list({ limit: 1 });
    expect(session.tokens.accessToken).toBe(replacement.accessToken);
  });

  it('never shows tokens in util.inspect or toString', async () => {
    const tokens = await freshTokens();
    const session = createTokenSession({ ...sessionOptions(), tokens });
    for (const shown of [inspect(session, { depth: 10, showHidden: true }), String(session), inspect(session.tokens)]) {
      expect(shown).not.toContain(tokens.accessToken);
      expect(shown).not.toContain(tokens.refreshToken ?? 'x');
    }
  });

  it('auth may be the session options: the client creates the session with its own baseUrl', async () => {
    const tokens = await freshTokens();
    server.validTokens.delete(tokens.accessToken);
    server.requests.length = 0;
    const persisted: TokenSet[] = [];
    const client = createClient({
      baseUrl: server.url,
      auth: { tokens, baseUrl: undefined, clientId: 'client_1', clientSecret: 'secret_1', clientAuth: 'basic', onTokens: (t) => void persisted.push(t) },
    });
    const page = await client.customers.list({ limit: 1 });
    expect(page.data).toHaveLength(1);
    expect(tokenRequests()).toBe(1);
    expect(server.requests.find((r) => r.path === '/oauth/connect/token')?.headers.authorization).toMatch(/^Basic /);
    expect(persisted).toHaveLength(1);
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${persisted[0]?.accessToken}`);
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(persisted[0]?.accessToken);
  });

  it('auth may be a function giving the token (called per request)', async () => {
    let calls = 0;
    const client = createClient({ baseUrl: server.url, auth: async () => (calls++, 'test_token') });
    await client.customers.list({ limit: 1 });
    await client.charges.list({ limit: 1 });
    expect(calls).toBe(2);
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer test_token');
    const empty = createClient({ baseUrl: server.url, auth: () => '' });
    await expect(empty.customers.list()).rejects.toThrow(/non-empty access token/);
    expect(() => createClient({ baseUrl: server.url, auth: { nope: true } as never })).toThrow(/auth must be/);
  });

  it('a refresh that hangs does not outlive timeoutMs', async () => {
    let now = 0;
    const tokens = await freshTokens(() => now);
    const session = createTokenSession({ tokens, now: () => now, refresh: () => new Promise<TokenSet>(() => undefined) });
    now = tokens.expiresAt;
    const client = createClient({ baseUrl: server.url, auth: session, timeoutMs: 50 });
    await expect(client.customers.list()).rejects.toBeInstanceOf(TimeoutError);
  });

  it('a refresh after a 401 that hangs does not outlive timeoutMs either', async () => {
    const tokens = await freshTokens();
    server.validTokens.delete(tokens.accessToken);
    const session = createTokenSession({ tokens, refresh: () => new Promise<TokenSet>(() => undefined) });
    const client = createClient({ baseUrl: server.url, auth: session, timeoutMs: 100 });
    await expect(client.customers.list()).rejects.toBeInstanceOf(TimeoutError);
  });

  it('takes the tokens one by one too: only a refresh token refreshes before the first request', async () => {
    server.issueRefreshToken('rt_loose_1');
    const persisted: TokenSet[] = [];
    const session = createTokenSession({ ...sessionOptions(), refreshToken: 'rt_loose_1', onTokens: (t) => void persisted.push(t) });
    expect(String(session)).toContain('expiresAt: 1970-01-01');
    const client = createClient({ baseUrl: server.url, auth: session });
    await client.customers.list({ limit: 1 });
    expect(tokenRequests()).toBe(1);
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${persisted[0]?.accessToken}`);
  });

  it('an access token without a known expiry is refreshed only after a 401', async () => {
    const tokens = await freshTokens();
    server.requests.length = 0;
    const session = createTokenSession({ ...sessionOptions(), accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    const shown = [inspect(session, { showHidden: true, depth: 10 }), String(session), inspect(session.tokens)];
    expect(shown.join('\n')).not.toContain(tokens.accessToken);
    expect(String(session)).toContain('expiresAt: unknown');
    const client = createClient({ baseUrl: server.url, auth: session });
    await client.customers.list({ limit: 1 });
    expect(tokenRequests()).toBe(0);
    server.validTokens.delete(tokens.accessToken);
    await client.customers.list({ limit: 1 });
    expect(tokenRequests()).toBe(1);
  });

  it('client auth may be the loose form, with expiresAt as a Date', async () => {
    let now = 0;
    const tokens = await freshTokens(() => now);
    server.requests.length = 0;
    const onTokens = vi.fn();
    const client = createClient({
      baseUrl: server.url,
      auth: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: new Date(30_000), clientId: 'client_1', clientSecret: 'secret_1', onTokens, now: () => now },
    });
    await client.customers.list({ limit: 1 });
    expect(tokenRequests()).toBe(1); // 30 s left is within the 60 s margin
    expect(onTokens).toHaveBeenCalledTimes(1);
    expect(() => createTokenSession({ ...sessionOptions() } as never)).toThrow(/accessToken and\/or a refreshToken/);
    expect(() => createTokenSession({ ...sessionOptions(), tokens: 'x' as never })).toThrow(/TokenSet/);
  });

  it('needs token endpoint settings or a refresh function', async () => {
    const tokens = await freshTokens();
    expect(() => createTokenSession({ tokens })).toThrow(TypeError);
  });
});
