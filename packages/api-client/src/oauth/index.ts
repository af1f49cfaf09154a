/**
 * `@commerce-kit/api-client/oauth`: the OAuth 2.0 authorization code grant of the platform.
 *
 * @packageDocumentation
 */
export { buildAuthorizeUrl, REQUIRED_SCOPES } from './authorize-url.js';
export type { AuthorizeUrl, AuthorizeUrlOptions, OAuthScope } from './authorize-url.js';
export { verifyState, generateState, GENERATED_STATE_LENGTH } from './state.js';
export { exchangeCode, refreshAccessToken, basicCredentials } from './token-request.js';
export type {
  ClientAuthMethod,
  ExchangeCodeOptions,
  FetchLike,
  RefreshAccessTokenOptions,
  TokenRequestBaseOptions,
} from './token-request.js';
export { normalizeTokenResponse } from './token-set.js';
export type { TokenSet } from './token-set.js';
export { OAuthError } from './oauth-error.js';
export type { OAuthErrorInit } from './oauth-error.js';
export { createTokenSession, TokenSession, DEFAULT_REFRESH_MARGIN_MS } from '../token-session.js';
export type { LooseTokensStart, TokenSessionOptions, TokenSessionSettings, TokenSetStart } from '../token-session.js';
