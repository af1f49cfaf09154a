/**
 * `@commerce-kit/api-client`: a typed, zero-dependency client for the commerce platform REST API.
 * The OAuth grant helpers live at `@commerce-kit/api-client/oauth`, test helpers at
 * `@commerce-kit/api-client/testing`.
 *
 * @packageDocumentation
 */
export { createClient, DEFAULT_USER_AGENT } from './client.js';
export type {
  AccessTokenSource,
  AuthProvider,
  Client,
  ClientAuth,
  ClientAuthOptions,
  ClientOptions,
} from './client.js';
export type { Resources } from './generated/resources.js';
export type { CallHeaders, CallOptions } from './call-options.js';
export type { HttpMethod, MethodName, PathsWithMethod, RequestOptions, ResponseOf } from './openapi-types.js';
export type { FetchFunction } from './request.js';
export { ApiClientError, ApiClientConfigurationError } from './errors/api-client-error.js';
export {
  ApiError,
  AuthenticationError,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from './errors/api-error.js';
export type { ApiErrorInit, FieldErrors } from './errors/api-error.js';
export { OAuthError } from './oauth/oauth-error.js';
export type { OAuthErrorInit } from './oauth/oauth-error.js';
export { ListPromise } from './pagination.js';
export type { CursorParams, ListEnvelope, ListParams, ToArrayOptions } from './pagination.js';
export {
  BASE_BACKOFF_MS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_AFTER_SECONDS,
  MAX_BACKOFF_MS,
  backoffDelay,
  decideRetry,
  parseRetryAfter,
} from './retry.js';
export type { AttemptOutcome, RetryDecision, RetryInput, RetryReason } from './retry.js';
export { DOCUMENTED_REQUESTS_PER_MINUTE } from './rate-limit/limiter.js';
export type { RateLimitOptions } from './rate-limit/limiter.js';
export { MemoryRateLimitStore } from './rate-limit/store.js';
export type { MemoryRateLimitStoreOptions, RateLimitRequest, RateLimitStore } from './rate-limit/store.js';
export { createTokenSession, TokenSession, DEFAULT_REFRESH_MARGIN_MS } from './token-session.js';
export type { LooseTokensStart, TokenSessionOptions, TokenSessionSettings, TokenSetStart } from './token-session.js';
export type { TokenSet } from './oauth/token-set.js';
export { systemClock } from '@commerce-kit/internal/clock';
export type { Clock } from '@commerce-kit/internal/clock';
