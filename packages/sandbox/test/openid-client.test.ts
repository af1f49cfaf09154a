// openid-client 6 (the most used OAuth/OpenID Connect library on npm) against the sandbox, with only what
// a real app passes: discovery, its own random state, PKCE, nonce, both client authentication methods.
import * as client from 'openid-client';
import { describe, expect, test } from 'vitest';
import { consent } from './support/oauth.js';
import { start } from './support/start.js';

type Sandbox = Awaited<ReturnType<typeof start>>;
const SCOPE = 'openid api_basic api_readwrite offline_access';

/** The app's configuration from discovery; plain HTTP is allowed only because the sandbox is on loopback. */
function discover(sandbox: Sandbox, auth: 'client_secret_post' | 'client_secret_basic'): Promise<client.Configuration> {
  const { clientId, clientSecret } = sandbox.app;
  const clientAuth =
    auth === 'client_secret_basic' ? client.ClientSecretBasic(clientSecret) : client.ClientSecretPost(clientSecret);
  return client.discovery(new URL(sandbox.url), clientId, undefined, clientAuth, {
    execute: [client.allowInsecureRequests],
  });
}

/** The whole code flow as an app runs it; the browser's part (consent) over plain HTTP. */
async function signIn(
  sandbox: Sandbox,
  config: client.Configuration,
): Promise<client.TokenEndpointResponse & client.TokenEndpointResponseHelpers> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: sandbox.app.redirectUri,
    scope: SCOPE,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const callback = await consent(sandbox, url.href, 'allow');
  return client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: codeVerifier,
    expectedState: state,
    expectedNonce: nonce,
    idTokenExpected: true,
  });
}

describe('openid-client against the sandbox', () => {
  for (const auth of ['client_secret_post', 'client_secret_basic'] as const) {
    test(`code flow with PKCE, nonce and ${auth}; the id_token verified; refresh rotates; the old refresh token is refused`, async () => {
      const sandbox = await start();
      const config = await discover(sandbox, auth);
      // Signatures checked against the published key set too (openid-client skips that by default over TLS).
      client.enableNonRepudiationChecks(config);
      const tokens = await signIn(sandbox, config);
      expect(tokens.token_type.toLowerCase()).toBe('bearer');
      expect(tokens.claims()).toMatchObject({ iss: sandbox.url, aud: sandbox.app.clientId, sub: expect.any(String) });

      const customers = await client.fetchProtectedResource(
        config,
        tokens.access_token,
        new URL('/customers?limit=2', sandbox.url),
        'GET',
      );
      expect(customers.status).toBe(200);

      const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
      expect(refreshed.access_token).not.toBe(tokens.access_token);
      expect(refreshed.refresh_token).toBeDefined();
      const refused = await client.refreshTokenGrant(config, tokens.refresh_token!).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(client.ResponseBodyError);
      expect(refused).toMatchObject({ error: 'invalid_grant', status: 400 });
    });
  }

  test("the library's own random state is accepted every time (base64url, not only letters and digits)", async () => {
    const sandbox = await start();
    const config = await discover(sandbox, 'client_secret_post');
    for (let i = 0; i < 25; i++) {
      const tokens = await signIn(sandbox, config);
      expect(tokens.access_token).toMatch(/^at_/);
    }
  });

  test('a wrong PKCE verifier is refused: the app is protected, not only believes it is', async () => {
    const sandbox = await start();
    const config = await discover(sandbox, 'client_secret_basic');
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: sandbox.app.redirectUri,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state,
    });
    const callback = await consent(sandbox, url.href, 'allow');
    const error = await client
      .authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: state,
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(client.ResponseBodyError);
    expect(error).toMatchObject({ error: 'invalid_grant' });
  });

  test('an authorize error comes back to the app as an OAuth error openid-client reads, with the state', async () => {
    const sandbox = await start();
    const config = await discover(sandbox, 'client_secret_post');
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: sandbox.app.redirectUri,
      scope: 'openid api_basic admin',
      state,
    });
    const answer = await fetch(url, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const error = await client
      .authorizationCodeGrant(config, new URL(answer.headers.get('location')!), { expectedState: state })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(client.AuthorizationResponseError);
    expect(error).toMatchObject({ error: 'invalid_scope' });
  });
});
