// The api-client's OAuth helpers (@commerce-kit/api-client/oauth, as built) against the sandbox over
// loopback HTTP: state with punctuation, nonce, PKCE (S256 and plain), both client authentication
// variants, refresh, and the refusals a PKCE server owes the app.
import { randomUUID } from 'node:crypto';
import { createClient, OAuthError, type TokenSet } from '@commerce-kit/api-client';
import {
  buildAuthorizeUrl,
  createPkcePair,
  exchangeCode,
  refreshAccessToken,
  verifyState,
} from '@commerce-kit/api-client/oauth';
import { describe, expect, test } from 'vitest';
import { ALL_SCOPES, consent } from './support/oauth.js';
import { start } from './support/start.js';

type Sandbox = Awaited<ReturnType<typeof start>>;

/** Printable ASCII with every character a URL or an HTML page treats specially, a space included. */
const PUNCTUATED_STATE = `s t+a%20te&x=1#frag?q=/\\'"<b>~!@$^*()[]{}|;:,.\``;

function app(sandbox: Sandbox) {
  return {
    baseUrl: sandbox.url,
    clientId: sandbox.app.clientId,
    clientSecret: sandbox.app.clientSecret,
    redirectUri: sandbox.app.redirectUri,
  };
}

/** The claims of a JWT, unverified (verifying it is an OpenID Connect library's job). */
function claims(jwt: string): Record<string, unknown> {
  const payload = jwt.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Steps 1-3: the authorization URL, the user's consent; returns the callback's code after checking the state. */
async function authorize(
  sandbox: Sandbox,
  options: { state?: string; nonce?: string; codeChallenge?: string; codeChallengeMethod?: 'S256' | 'plain' },
): Promise<string> {
  const { url, state } = buildAuthorizeUrl({ ...app(sandbox), scopes: [...ALL_SCOPES], ...options });
  const callback = await consent(sandbox, url, 'allow');
  expect(`${callback.origin}${callback.pathname}`).toBe(sandbox.app.redirectUri);
  expect(callback.searchParams.get('state')).toBe(state);
  expect(verifyState(state, callback.searchParams.get('state'))).toBe(true);
  const code = callback.searchParams.get('code');
  expect(code).toBeTruthy();
  return code!;
}

describe('@commerce-kit/api-client/oauth against the sandbox', () => {
  for (const clientAuth of ['body', 'basic'] as const) {
    test(`PKCE (S256), nonce and a punctuated state; client auth ${clientAuth}; the API call and the refresh work`, async () => {
      const sandbox = await start();
      const pkce = await createPkcePair();
      const nonce = randomUUID();
      const code = await authorize(sandbox, { state: PUNCTUATED_STATE, nonce, codeChallenge: pkce.codeChallenge });

      const tokens = await exchangeCode({ ...app(sandbox), clientAuth, code, codeVerifier: pkce.codeVerifier });
      expect(tokens.tokenType).toBe('Bearer');
      expect(tokens.idToken).toBeDefined();
      expect(claims(tokens.idToken!)).toMatchObject({ iss: sandbox.url, aud: sandbox.app.clientId, nonce });

      const client = createClient({
        baseUrl: sandbox.url,
        accessToken: tokens.accessToken,
        maxRetries: 0,
        rateLimit: false,
      });
      expect((await client.customers.list({ limit: 2 })).data).toHaveLength(2);

      const refreshed: TokenSet = await refreshAccessToken({
        ...app(sandbox),
        clientAuth,
        refreshToken: tokens.refreshToken!,
      });
      expect(refreshed.accessToken).not.toBe(tokens.accessToken);
      expect(refreshed.refreshToken).toBeDefined();
      expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
      const again = createClient({
        baseUrl: sandbox.url,
        accessToken: refreshed.accessToken,
        maxRetries: 0,
        rateLimit: false,
      });
      expect((await again.customers.list({ limit: 1 })).data).toHaveLength(1);

      // The rotated refresh token is used up.
      const reused = await refreshAccessToken({
        ...app(sandbox),
        clientAuth,
        refreshToken: tokens.refreshToken!,
      }).catch((e: unknown) => e);
      expect(reused).toBeInstanceOf(OAuthError);
      expect(reused).toMatchObject({ error: 'invalid_grant', status: 400 });
    });
  }

  test('a wrong code verifier, or none, is invalid_grant; the right one then gets the tokens', async () => {
    const sandbox = await start();
    const pkce = await createPkcePair();
    const code = await authorize(sandbox, { codeChallenge: pkce.codeChallenge, codeChallengeMethod: 'S256' });

    const wrong = await exchangeCode({
      ...app(sandbox),
      clientAuth: 'basic',
      code,
      codeVerifier: (await createPkcePair()).codeVerifier,
    }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(OAuthError);
    expect(wrong).toMatchObject({ error: 'invalid_grant', status: 400 });
    expect(String((wrong as OAuthError).message)).not.toContain(pkce.codeVerifier);

    const missing = await exchangeCode({ ...app(sandbox), code }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(OAuthError);
    expect(missing).toMatchObject({ error: 'invalid_grant', status: 400 });

    const tokens = await exchangeCode({ ...app(sandbox), code, codeVerifier: pkce.codeVerifier });
    expect(tokens.accessToken).toBeTruthy();
  });

  test("a 'plain' challenge round-trips; a verifier for a code issued without a challenge is refused", async () => {
    const sandbox = await start();
    const verifier = (await createPkcePair()).codeVerifier;
    const plainCode = await authorize(sandbox, { codeChallenge: verifier, codeChallengeMethod: 'plain' });
    expect((await exchangeCode({ ...app(sandbox), code: plainCode, codeVerifier: verifier })).accessToken).toBeTruthy();

    const unbound = await authorize(sandbox, {});
    const downgrade = await exchangeCode({ ...app(sandbox), code: unbound, codeVerifier: verifier }).catch(
      (e: unknown) => e,
    );
    expect(downgrade).toBeInstanceOf(OAuthError);
    expect(downgrade).toMatchObject({ error: 'invalid_grant' });
  });

  test('the generated state (32 letters and digits) and a 1024-character state both come back unchanged', async () => {
    const sandbox = await start();
    await authorize(sandbox, {});
    const longest = Array.from({ length: 1024 }, (_, i) => String.fromCharCode(0x20 + (i % 95))).join('');
    await authorize(sandbox, { state: longest });
  });
});
