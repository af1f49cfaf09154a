/**
 * OpenID Connect discovery and the key set, at the well-known paths standard clients fetch. Not in the
 * platform's spec (the document shows no discovery): the sandbox's own, so that openid-client and its
 * peers work with no manual configuration (docs/spec-gaps.md).
 */
import type { Context, Hono } from 'hono';
import { DISCOVERY_PATH, discoveryDocument, JWKS_PATH, OAUTH_METADATA_PATH } from '../services/oidc.js';
import { KNOWN_SCOPES, type OAuthService } from '../services/oauth.js';
import type { Reply } from './reply.js';
import { send } from './send.js';

export interface OidcRouteDeps {
  readonly oauth: OAuthService;
  readonly baseUrl: () => string;
}

const json = (body: unknown): Reply => ({ status: 200, body, headers: { 'cache-control': 'no-cache' } });

export function registerOidcRoutes(app: Hono, deps: OidcRouteDeps): void {
  const metadata = (c: Context): Response => send(c, json(discoveryDocument(deps.baseUrl(), KNOWN_SCOPES)));
  app.get(DISCOVERY_PATH, metadata);
  app.get(OAUTH_METADATA_PATH, metadata);
  app.get(JWKS_PATH, (c) => send(c, json(deps.oauth.idTokens.jwks())));
}
