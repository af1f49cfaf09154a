/**
 * `@commerce-kit/api-client/oauth`: the OAuth 2.0 authorization code grant of the platform (state, PKCE,
 * both client authentication variants, refresh), with no dependency and on any runtime with `fetch` and
 * Web Crypto. It does not verify `id_token`s: for OpenID Connect identity (signature, `nonce`, discovery)
 * use an OpenID Connect library such as openid-client. The token session that keeps a client's tokens
 * fresh, `TokenSet` and `OAuthError` are in the main entry.
 *
 * @packageDocumentation
 */
export { buildAuthorizeUrl, REQUIRED_SCOPES } from './authorize-url.js';
export type { AuthorizeUrl, AuthorizeUrlOptions, OAuthScope } from './authorize-url.js';
export { verifyState } from './state.js';
export { createPkcePair } from './pkce.js';
export type { PkcePair } from './pkce.js';
export { exchangeCode, refreshAccessToken } from './token-request.js';
export type { ExchangeCodeOptions, RefreshAccessTokenOptions } from './token-request.js';
