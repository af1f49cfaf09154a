/**
 * The sandbox's own pages under `/_sandbox/` that the OAuth flow uses (not part of the platform's API):
 * the consent decision and the test app's callback page. The test controls are in `control-routes.ts`.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Hono } from 'hono';
import { isCrossSite, isLoopbackAddress } from '@commerce-kit/internal/local-server/guard';
import type { OAuthService } from '../services/oauth.js';
import { readBody } from './body.js';
import { CALLBACK_PATH, callbackPage, CONSENT_PATH } from './pages.js';
import { invalidRequest } from '../refusal.js';
import type { Reply } from './reply.js';
import { send } from './send.js';

export interface PageDeps {
  readonly oauth: OAuthService;
  /** The base URL and the test app's redirect URI, known once the server listens. */
  readonly baseUrl: () => string;
  readonly redirectUri: () => string;
}

/**
 * Refusals (a bad body or decision, an expired consent) are thrown, answered by the app's `onError`.
 * @param checkRedirect checks the consent redirect against the authorize operation's documented 302 */
export function registerPageRoutes(app: Hono, deps: PageDeps, checkRedirect: (reply: Reply) => Reply): void {
  const { oauth } = deps;

  app.post(CONSENT_PATH, async (c) => {
    const read = await readBody(c.req.raw, 'application/x-www-form-urlencoded', 64 * 1024);
    if (!read.ok) throw invalidRequest('body', read.failure.message);
    const form = new URLSearchParams(read.text);
    const decision = form.get('decision');
    if (decision !== 'allow' && decision !== 'deny') throw invalidRequest('decision', 'must be "allow" or "deny"');
    const location = oauth.decide(form.get('consent') ?? '', decision === 'allow');
    return send(c, checkRedirect({ status: 302, headers: { location, 'cache-control': 'no-store' } }));
  });

  app.get(CALLBACK_PATH, (c) => {
    const testApp = oauth.testApp();
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    // The secret is the test app's, printed in the start banner; still only shown on this machine, to a
    // request of the sandbox's own origin (its Host already allowed: no rebound page of another site).
    const shown =
      incoming !== undefined && isLoopbackAddress(incoming.socket.remoteAddress) && !isCrossSite(incoming.headers);
    const client = { clientId: testApp?.client_id ?? '', clientSecret: shown ? testApp?.client_secret : undefined };
    return send(c, callbackPage(deps.baseUrl(), deps.redirectUri(), client, new URL(c.req.url).searchParams));
  });
}
