/**
 * The typed error of a non-2xx answer, from its status, headers and body text.
 */
import { isRecord } from '@commerce-kit/internal/is-record';
import { parseJson } from '@commerce-kit/internal/safe-json';
import { redactSecrets } from '../redact.js';
import {
  ApiError,
  AuthenticationError,
  InvalidRequestError,
  NotFoundError,
  RateLimitError,
  ServerError,
  type ApiErrorInit,
  type FieldErrors,
} from './api-error.js';

/** What the client knows beyond the response itself. */
export interface ErrorContext {
  /** The `Retry-After` of a 429, in seconds. */
  readonly retryAfterSeconds?: number | undefined;
  /** Why a 429 was not retried, appended to its message. */
  readonly rateLimitDetail?: string | undefined;
  /** Secrets to redact from the body (the access token). */
  readonly secrets?: readonly string[] | undefined;
}

function classFor(status: number): typeof ApiError {
  if (status === 400) return InvalidRequestError;
  if (status === 401) return AuthenticationError;
  if (status === 404) return NotFoundError;
  if (status >= 500 && status <= 599) return ServerError;
  return ApiError;
}

/** Keeps only string-array entries; anything else in `errors` is ignored rather than trusted. */
function fieldErrorsFrom(value: unknown): FieldErrors | undefined {
  if (!isRecord(value)) return undefined;
  const out: Record<string, readonly string[]> = Object.create(null) as Record<string, readonly string[]>;
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) out[field] = Object.freeze(messages.filter((m): m is string => typeof m === 'string'));
    else if (typeof messages === 'string') out[field] = Object.freeze([messages]);
  }
  return Object.freeze(out);
}

/**
 * Builds the typed error for a non-2xx response. A body that is not the documented JSON shape still
 * gives a typed error, with `rawBody` set.
 */
export function errorFromResponse(
  status: number,
  headers: Headers,
  responseText: string,
  context: ErrorContext = {},
): ApiError {
  // A server that echoes the request (a debug page, a proxy) must not carry the token into logs.
  const bodyText = redactSecrets(responseText, context.secrets ?? []);
  const parsed = parseJson(bodyText, 'remove');
  const value = parsed.ok ? parsed.value : undefined;
  let type: string | undefined;
  let errors: FieldErrors | undefined;
  if (isRecord(value)) {
    if (typeof value['type'] === 'string') type = value['type'];
    errors = fieldErrorsFrom(value['errors']);
  }
  const init: ApiErrorInit = {
    status,
    type,
    errors,
    headers,
    rawBody: type === undefined ? bodyText : undefined,
    body: value,
  };
  if (status === 429) {
    const asked =
      context.retryAfterSeconds === undefined
        ? 'without a Retry-After'
        : `asking to wait ${context.retryAfterSeconds} s (Retry-After)`;
    const detail = context.rateLimitDetail === undefined ? '' : `; ${context.rateLimitDetail}`;
    return new RateLimitError({
      ...init,
      retryAfter: context.retryAfterSeconds,
      message: `The API's rate limit was reached: the server answered 429 ${asked}${detail}`,
    });
  }
  const Class = classFor(status);
  return new Class(init);
}
