/**
 * Installing the app: the OAuth 2.0 authorization code grant with `@commerce-kit/api-client/oauth`.
 * `POST /install` sends the browser to the platform's consent page with a fresh `state` and a PKCE
 * challenge; the platform sends it back to `GET /oauth/callback` with a code, which is exchanged for
 * tokens once the state proves the answer belongs to this browser's request.
 */
import { OAuthError, systemClock, type TokenSet } from '@commerce-kit/api-client';
import { buildAuthorizeUrl, createPkcePair, exchangeCode, verifyState } from '@commerce-kit/api-client/oauth';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { CALLBACK_PATH, redirectUriOf, type AppConfig } from './config.js';
import type { Db } from './db.js';
import type { Sessions } from './sessions.js';
import type { Installations } from './tokens.js';
import { installPage, messagePage } from './views.js';

/** `offline_access` brings a refresh token, so the app keeps working after the access token expires. */
const SCOPES = ['api_basic', 'api_readwrite', 'openid', 'offline_access'];
/** The state cookie: only sent back to the callback, gone after ten minutes (as the pending row). */
const STATE_COOKIE = 'install_state';
const INSTALL_TTL_MS = 10 * 60_000;

export function installRoutes(config: AppConfig, db: Db, installations: Installations, sessions: Sessions): Hono {
  const clock = config.clock ?? systemClock;
  const redirectUri = redirectUriOf(config);
  const cookie = {
    path: CALLBACK_PATH,
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.appUrl.startsWith('https:'),
  } as const;
  const app = new Hono();

  app.get('/', (c) => c.html(installPage(sessions.of(c) !== undefined)));

  // 1. Start: a state and a PKCE pair, kept until the callback; the browser goes to the consent page.
  app.post('/install', async (c) => {
    const pkce = await createPkcePair();
    const { url, state } = buildAuthorizeUrl({
      baseUrl: config.platformUrl,
      clientId: config.clientId,
      redirectUri,
      scopes: SCOPES,
      codeChallenge: pkce.codeChallenge, // S256
    });
    db.prepare('DELETE FROM pending_installs WHERE created_at < ?').run(clock.now() - INSTALL_TTL_MS); // abandoned ones
    db.prepare('INSERT INTO pending_installs (state, code_verifier, created_at) VALUES (?, ?, ?)').run(
      state,
      pkce.codeVerifier,
      clock.now(),
    );
    setCookie(c, STATE_COOKIE, state, { ...cookie, maxAge: INSTALL_TTL_MS / 1000 });
    return c.redirect(url, 303);
  });

  // 2. Back from the platform: the state must be the one this browser was given, and still pending.
  app.get(CALLBACK_PATH, async (c) => {
    const expected = getCookie(c, STATE_COOKIE);
    deleteCookie(c, STATE_COOKIE, cookie);
    const state = c.req.query('state');
    if (expected === undefined || !verifyState(expected, state)) {
      return c.html(
        messagePage(
          'Install not started here',
          'This answer from the platform does not belong to an install this browser started. Start again.',
        ),
        400,
      );
    }
    // Single use: the row goes whatever happens next.
    const pending = db
      .prepare('DELETE FROM pending_installs WHERE state = ? RETURNING code_verifier, created_at')
      .get(expected) as { code_verifier: string; created_at: number } | undefined;
    if (pending === undefined || clock.now() - pending.created_at > INSTALL_TTL_MS) {
      return c.html(
        messagePage(
          'Install expired',
          'This install took longer than ten minutes, or was finished already. Start again.',
        ),
        400,
      );
    }
    const error = c.req.query('error');
    if (error !== undefined) {
      const text =
        error === 'access_denied'
          ? 'You did not allow the app on the consent page.'
          : `The platform answered ${error}: ${c.req.query('error_description') ?? ''}`;
      return c.html(messagePage('Install cancelled', text), 400);
    }

    // 3. The code for tokens, with the verifier the challenge was made from.
    let tokens: TokenSet;
    try {
      tokens = await exchangeCode({
        baseUrl: config.platformUrl,
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        clientAuth: 'basic',
        code: c.req.query('code') ?? '',
        redirectUri,
        codeVerifier: pending.code_verifier,
        clock,
      });
    } catch (cause) {
      if (!(cause instanceof OAuthError)) throw cause;
      return c.html(messagePage('Install failed', `The platform refused the code (${cause.error}). Start again.`), 502);
    }
    const installationId = installations.add(tokens);
    sessions.start(c, installationId, clock.now());
    config.log?.(`installed: ${installationId}`);
    return c.redirect('/customers', 303);
  });

  return app;
}
