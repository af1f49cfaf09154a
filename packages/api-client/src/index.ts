/**
 * `@commerce-kit/api-client`: a typed, zero-dependency client for the commerce platform REST API.
 * The OAuth grant helpers live at `@commerce-kit/api-client/oauth`, test helpers at
 * `@commerce-kit/api-client/testing`.
 *
 * @packageDocumentation
 */
export { createClient } from './client.js';
export type { AuthProvider, Client, ClientOptions } from './client.js';
export type { CallOptions } from './call-options.js';
export type { PathsWithMethod, RequestOptions, ResponseOf } from './openapi-types.js';
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
export type { FieldErrors } from './errors/api-error.js';
export { OAuthError } from './oauth/oauth-error.js';
export { ListPromise } from './pagination.js';
export type { CursorParams, ListEnvelope, ListParams } from './pagination.js';
export type { RateLimitOptions } from './rate-limit/limiter.js';
export { MemoryRateLimitStore } from './rate-limit/store.js';
export type { RateLimitRequest, RateLimitStore } from './rate-limit/store.js';
export { createTokenSession, TokenSession } from './token-session.js';
export type { TokenSessionOptions } from './token-session.js';
export type { TokenSet } from './oauth/token-set.js';
export { systemClock } from '@commerce-kit/internal/clock';
export type { Clock } from '@commerce-kit/internal/clock';
