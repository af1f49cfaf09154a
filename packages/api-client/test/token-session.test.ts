import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../../tools/testing/wait-for.mjs';
import {
  ApiClientConfigurationError,
  AuthenticationError,
  OAuthError,
  TimeoutError,
  createClient,
  createTokenSession,
  type Clock,
  type TokenSet,
} from '../src/index.js';
import { exchangeCode } from '../src/oauth/index.js';
import { ManualClock } from '../src/testing/index.js';
import { useFakeServer } from './support/servers.js';

const server = useFakeServer();

const REDIRECT = 'https://app.example.com/cb';
let codeSeq = 0;

async function freshTokens(clock?: Clock): Promise<TokenSet> {
  const code = `code_${++codeSeq}`;
  server().issueCode(code, REDIRECT);
  return exchangeCode({
    baseUrl: server().url,
    clientId: 'client_1',
    clientSecret: 'secret_1',
    code,
    redirectUri: REDIRECT,
    clock,
  });
}

const sessionOptions = () => ({ baseUrl: server().url, clientId: 'client_1', clientSecret: 'secret_1' });
const tokenRequests = () => server().requests.filter((r) => r.path === '/oauth/connect/token').length;

describe('token session', () => {
  it('uses the current token while it is fresh', async () => {
    const tokens = await freshTokens();
    server().requests.length = 0;
    const session = createTokenSession({ ...sessionOptions(), tokens });
    const client = createClient({ baseUrl: server().url, auth: session });
    await client.customers.list({ limit: 1 });
    expect(server().requests[0]?.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
    expect(tokenRequests()).toBe(0);
  });

  it('refreshes shortly before expiry, and onTokens gets the new set', async () => {
    const clock = new ManualClock(0);
    const tokens = await freshTokens(clock);
    server().requests.length = 0;
    const persisted: TokenSet[] = [];
    const session = createTokenSession({
      ...sessionOptions(),
      tokens,
      clock,
      refreshMarginMs: 60_000,
      onTokens: (t) => void persisted.push(t),
    });
    const client = createClient({ baseUrl: server().url, auth: session });
    await clock.set(tokens.expiresAt - 61_000);
    await client.customers.list({ limit: 1 });
    expect(tokenRequests()).toBe(0);
    await clock.set(tokens.expiresAt - 30_000);
    await client.customers.list({ limit: 1 });
    expect(tokenRequests()).toBe(1);
    expect(persisted).toHaveLength(1);
    expect(persisted[0]?.refreshToken).not.toBe(tokens.refreshToken);
    expect(session.tokens.accessToken).toBe(persisted[0]?.accessToken);
    expect(server().requests.at(-1)?.headers.authorization).toBe(`Bearer ${persisted[0]?.accessToken}`);
  });

  it('concurrent requests share one refresh (single flight)', async () => {
    const clock = new ManualClock(0);
    const tokens = await freshTokens(clock);
    server().requests.length = 0;
    const session = createTokenSession({ ...sessionOptions(), tokens, clock });
    const client = createClient({ baseUrl: server().url, auth: session, rateLimit: false });
    await clock.set(tokens.expiresAt + 1);
    await Promise.all(Array.from({ length: 20 }, () => client.customers.list({ limit: 1 })));
    expect(tokenRequests()).toBe(1);
    const authHeaders = new Set(
      server()
        .requests.filter((r) => r.path === '/customers')
        .map((r) => r.headers.authorization),
    );
    expect(authHeaders).toEqual(new Set([`Bearer ${session.tokens.accessToken}`]));
  });

  it('on a 401 refreshes once and retries; concurrent 401s share the refresh', async () => {
    const tokens = await freshTokens();
    server().validTokens.delete(tokens.accessToken); // revoked server-side, not yet expired
    server().requests.length = 0;
    let calls = 0;
    const session = createTokenSession({ ...sessionOptions(), tokens, onTokens: () => void calls++ });
    const client = createClient({ baseUrl: server().url, auth: session, rateLimit: false });
    const pages = await Promise.all(Array.from({ length: 5 }, () => client.customers.list({ limit: 2 })));
    expect(pages.every((p) => p.data.length === 2)).toBe(true);
    expect(tokenRequests()).toBe(1);
    expect(calls).toBe(1);
  });

  it('a second 401 after the refresh gives AuthenticationError (no loop)', async () => {
    const tokens = await freshTokens();
    server().validTokens.delete(tokens.accessToken);
    const session = createTokenSession({ ...sessionOptions(), tokens });
    const client = createClient({ baseUrl: server().url, auth: session });
    server().requests.length = 0;
    server().script.push(
      { status: 401, body: '{"type":"authentication_error"}', match: (r) => r.path === '/customers' },
      { status: 401, body: '{"type":"authentication_error"}', match: (r) => r.path === '/customers' },
    );
    const error = await client.customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(server().requests.filter((r) => r.path === '/customers')).toHaveLength(2);
    expect(tokenRequests()).toBe(1);
  });

  it('a failed refresh rejects with OAuthError', async () => {
    const clock = new ManualClock(0);
    const tokens = await freshTokens(clock);
    const session = createTokenSession({ ...sessionOptions(), clientSecret: 'wrong', tokens, clock });
    const client = createClient({ baseUrl: server().url, auth: session });
    await clock.set(tokens.expiresAt);
    await expect(client.customers.list()).rejects.toBeInstanceOf(OAuthError);
  });

  it('a custom refresh function replaces the token endpoint', async () => {
    const tokens = await freshTokens();
    server().validTokens.delete(tokens.accessToken);
    const replacement = await freshTokens();
    const session = createTokenSession({ tokens, refresh: async () => replacement });
    const client = createClient({ baseUrl: server().url, auth: session });
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

  it('refreshes through the token endpoint with Basic client auth, and the client never shows the tokens', async () => {
    const tokens = await freshTokens();
    server().validTokens.delete(tokens.accessToken);
    server().requests.length = 0;
    const persisted: TokenSet[] = [];
    const client = createClient({
      baseUrl: server().url,
      auth: createTokenSession({
        tokens,
        baseUrl: server().url,
        clientId: 'client_1',
        clientSecret: 'secret_1',
        clientAuth: 'basic',
        onTokens: (t) => void persisted.push(t),
      }),
    });
    const page = await client.customers.list({ limit: 1 });
    expect(page.data).toHaveLength(1);
    expect(tokenRequests()).toBe(1);
    expect(server().requests.find((r) => r.path === '/oauth/connect/token')?.headers.authorization).toMatch(/^Basic /);
    expect(persisted).toHaveLength(1);
    expect(server().requests.at(-1)?.headers.authorization).toBe(`Bearer ${persisted[0]?.accessToken}`);
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(persisted[0]?.accessToken);
  });

  it('auth may be a function giving the token (called per request)', async () => {
    let calls = 0;
    const client = createClient({
      baseUrl: server().url,
      auth: async () => {
        calls++;
        return 'test_token';
      },
    });
    await client.customers.list({ limit: 1 });
    await client.charges.list({ limit: 1 });
    expect(calls).toBe(2);
    expect(server().requests.at(-1)?.headers.authorization).toBe('Bearer test_token');
    const empty = createClient({ baseUrl: server().url, auth: () => '' });
    await expect(empty.customers.list()).rejects.toThrow(/non-empty access token/);
    expect(() => createClient({ baseUrl: server().url, auth: { nope: true } as never })).toThrow(/auth must be/);
  });

  it('a refresh that hangs does not outlive timeoutMs', async () => {
    const clock = new ManualClock(0);
    const tokens = await freshTokens(clock);
    const session = createTokenSession({ tokens, clock, refresh: () => new Promise<TokenSet>(() => undefined) });
    await clock.set(tokens.expiresAt);
    const client = createClient({ baseUrl: server().url, auth: session, timeoutMs: 50, clock });
    const pending = client.customers.list().catch((e: unknown) => e);
    await waitFor(() => clock.pending === 1);
    await clock.advance(50);
    expect(await pending).toBeInstanceOf(TimeoutError);
  });

  it('a refresh after a 401 that hangs does not outlive timeoutMs either', async () => {
    const clock = new ManualClock(0);
    const tokens = await freshTokens(clock);
    server().validTokens.delete(tokens.accessToken);
    server().requests.length = 0;
    const session = createTokenSession({ tokens, clock, refresh: () => new Promise<TokenSet>(() => undefined) });
    const client = createClient({ baseUrl: server().url, auth: session, timeoutMs: 100, clock });
    const pending = client.customers.list().catch((e: unknown) => e);
    await waitFor(() => server().requests.length === 1);
    await clock.advance(100);
    expect(await pending).toBeInstanceOf(TimeoutError);
  });

  it('takes the tokens one by one too: only a refresh token refreshes before the first request', async () => {
    server().issueRefreshToken('rt_loose_1');
    const persisted: TokenSet[] = [];
    const session = createTokenSession({
      ...sessionOptions(),
      refreshToken: 'rt_loose_1',
      onTokens: (t) => void persisted.push(t),
    });
    expect(String(session)).toContain('expiresAt: 1970-01-01');
    const client = createClient({ baseUrl: server().url, auth: session });
    await client.customers.list({ limit: 1 });
    expect(tokenRequests()).toBe(1);
    expect(server().requests.at(-1)?.headers.authorization).toBe(`Bearer ${persisted[0]?.accessToken}`);
  });

  it('an access token without a known expiry is refreshed only after a 401', async () => {
    const tokens = await freshTokens();
    server().requests.length = 0;
    const session = createTokenSession({
      ...sessionOptions(),
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
    });
    const shown = [inspect(session, { showHidden: true, depth: 10 }), String(session), inspect(session.tokens)];
    expect(shown.join('\n')).not.toContain(tokens.accessToken);
    expect(String(session)).toContain('expiresAt: unknown');
    const client = createClient({ baseUrl: server().url, auth: session });
    await client.customers.list({ limit: 1 });
    expect(tokenRequests()).toBe(0);
    server().validTokens.delete(tokens.accessToken);
    await client.customers.list({ limit: 1 });
    expect(tokenRequests()).toBe(1);
  });

  it('the loose form takes expiresAt as a Date', async () => {
    const clock = new ManualClock(0);
    const tokens = await freshTokens(clock);
    server().requests.length = 0;
    const onTokens = vi.fn();
    const client = createClient({
      baseUrl: server().url,
      auth: createTokenSession({
        ...sessionOptions(),
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        expiresAt: new Date(30_000),
        onTokens,
        clock,
      }),
    });
    await client.customers.list({ limit: 1 });
    expect(tokenRequests()).toBe(1); // 30 s left is within the 60 s margin
    expect(onTokens).toHaveBeenCalledTimes(1);
    expect(() => createTokenSession({ ...sessionOptions() } as never)).toThrow(/accessToken and\/or a refreshToken/);
    expect(() => createTokenSession({ ...sessionOptions(), tokens: 'x' as never })).toThrow(/TokenSet/);
  });

  it('misconfiguration is an ApiClientConfigurationError', async () => {
    const tokens = await freshTokens();
    for (const options of [
      { tokens },
      { ...sessionOptions(), tokens, baseUrl: 'http://auth.example.com' },
      { ...sessionOptions(), tokens, refreshMarginMs: -1 },
      { ...sessionOptions(), tokens, clock: Date.now },
    ]) {
      expect(() => createTokenSession(options as never)).toThrow(ApiClientConfigurationError);
    }
    expect(() => createTokenSession({ ...sessionOptions(), tokens, baseUrl: 'http://auth.example.com' })).toThrow(
      /https/,
    );
  });
});
