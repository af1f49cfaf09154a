/**
 * `@commerce-kit/api-client`: a typed, zero-dependency client for the commerce platform REST API.
 * OAuth helpers live at `@commerce-kit/api-client/oauth`.
 *
 * @packageDocumentation
 */
export { createClient, DEFAULT_USER_AGENT } from './client.js';
export type {
  AccessTokenSource,
  Client,
  ClientAuth,
  ClientAuthOptions,
  ClientOptions,
  ListEnvelopeOf,
  ListItemOf,
  ListParamsOf,
  ListPath,
  ListResource,
  RateLimitOptions,
} from './client.js';
export {
  ApiError,
  AuthenticationError,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from './errors.js';
export type { ApiErrorInit, FieldErrors } from './errors.js';
export { ListPromise } from './pagination.js';
export type { CursorParams, ListEnvelope, ListParams, PageFetcher, ToArrayOptions, UndefinedAllowed } from './pagination.js';
export {
  BASE_BACKOFF_MS,
  DEFAULT_MAX_RETRIES,
  MAX_BACKOFF_MS,
  MAX_RETRY_AFTER_MS,
  backoffDelay,
  decideRetry,
  parseRetryAfter,
} from './retry.js';
export type { AttemptOutcome, RetryDecision, RetryInput, RetryReason } from './retry.js';
export {
  DOCUMENTED_REQUESTS_PER_WINDOW,
  DOCUMENTED_WINDOW_MS,
  RateLimiter,
  resetSharedRateLimiters,
  sharedRateLimiter,
} from './rate-limiter.js';
export type { RateLimiterOptions } from './rate-limiter.js';
export { StaticToken, TokenFunction } from './auth.js';
export type { AuthProvider } from './auth.js';
export { systemClock } from './clock.js';
export type { Clock } from './clock.js';
export { createTokenSession, TokenSession, DEFAULT_REFRESH_MARGIN_MS } from './token-session.js';
export type { LooseTokensStart, TokenSessionOptions, TokenSessionSettings, TokenSetStart } from './token-session.js';
export type { TokenSet } from './oauth/token-set.js';
export { OAuthError } from './oauth/oauth-error.js';
export type { OAuthErrorInit } from './oauth/oauth-error.js';
export type {
  CallArgs,
  CallHeaders,
  CallOptions,
  HttpMethod,
  MethodName,
  MethodOf,
  OperationOf,
  PathsWithMethod,
  RequestBodyOf,
  RequestOptions,
  ResponseOf,
  SuccessBodyOf,
} from './openapi-types.js';
export type { FetchFunction } from './request.js';
