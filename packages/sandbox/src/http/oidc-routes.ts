/**
 * OpenID Connect discovery and the key set, at the well-known paths standard clients fetch. Not in the
 * platform's spec (the document shows no discovery): the sandbox's own, so that openid-client and its
 * peers work with no manual configuration (docs/spec-gaps.md).
 */
import type { Hono } from 'hono';
import { DISCOVERY_PATH, discoveryDocument, JWKS_PATH, OAUTH_METADATA_PATH } from '../services/oidc.js';
import { KNOWN_SCOPES, type OAuthService } from '../services/oauth.js';

export interface OidcRouteDeps {
  readonly oauth: OAuthService;
  readonly baseUrl: () => string;
}

const json = (body: unknown): Response =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-cache' } });

export function registerOidcRoutes(app: Hono, deps: OidcRouteDeps): void {
  const metadata = (): Response => json(discoveryDocument(deps.baseUrl(), KNOWN_SCOPES));
  app.get(DISCOVERY_PATH, metadata);
  app.get(OAUTH_METADATA_PATH, metadata);
  app.get(JWKS_PATH, () => json(deps.oauth.idTokens.jwks()));
}
