/**
 * Errors of an API call: the HTTP error statuses, and the failures that leave no response.
 */
import { ApiClientError } from './api-client-error.js';
import type { ErrorResponseInit } from './error-response-init.js';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** The `errors` map of an API error body: field name to messages. */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

/** What every {@link ApiError} is built from. */
export interface ApiErrorInit extends ErrorResponseInit {
  /** HTTP status; `0` when no response was received (refused before sending, connection failure, timeout). */
  readonly status: number;
  /** The `type` of the error body, or a client-side kind such as `connection_error`. */
  readonly type?: string | undefined;
  /** Field errors from the error body. */
  readonly errors?: FieldErrors | undefined;
  /** Overrides the generated message. Must never contain a secret. */
  readonly message?: string | undefined;
}

/** Longest excerpt of a non-JSON body quoted in a message. */
const BODY_EXCERPT_LENGTH = 200;

function defaultType(status: number): string {
  if (status === 400) return 'invalid_request_error';
  if (status === 401) return 'authentication_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  return 'api_error';
}

function describe(status: number, type: string, errors: FieldErrors, rawBody: string | undefined): string {
  let detail = Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join('; ')}`)
    .join(', ');
  if (detail === '' && rawBody !== undefined) {
    // A proxy's "Bad Gateway" page says more than the status alone; one line, bounded.
    const text = rawBody.replace(/\s+/g, ' ').trim();
    detail = text.length > BODY_EXCERPT_LENGTH ? `${text.slice(0, BODY_EXCERPT_LENGTH)}…` : text;
  }
  return `API request failed with status ${status} (${type})${detail ? `: ${detail}` : ''}`;
}

/**
 * A failed API call. Carries the HTTP `status`, the error body's `type` and field `errors`, the
 * response `headers`, and the request id the server sent, if any. Messages are built only from those
 * server-supplied fields (secrets the server echoed are redacted), never from request headers, so an
 * access token cannot leak into logs.
 */
export class ApiError extends ApiClientError {
  static override readonly brand: string = '@commerce-kit/api-client:ApiError';

  /** HTTP status; `0` when no response was received. */
  readonly status: number;
  /** Error kind from the body (`invalid_request_error`, ...) or a client-side kind. */
  readonly type: string;
  /** Field name to error messages, from the body's `errors` object (empty when absent). */
  readonly errors: FieldErrors;
  /** Response headers; empty when no response was received. */
  readonly headers: Headers;
  /** Value of the `request-id` / `x-request-id` response header, if sent. */
  readonly requestId: string | undefined;
  /** Raw response text when the body was not a JSON error object (or `undefined`). */
  readonly rawBody: string | undefined;
  /** The parsed JSON body when the body was JSON, whatever its shape (else `undefined`). */
  readonly body: unknown;

  /** Builds the error; the message is generated from status, type and field errors unless given. */
  constructor(init: ApiErrorInit) {
    const type = init.type ?? defaultType(init.status);
    const errors = init.errors ?? {};
    super(init.message ?? describe(init.status, type, errors, init.rawBody), { cause: init.cause });
    this.status = init.status;
    this.type = type;
    this.errors = errors;
    this.headers = init.headers ?? new Headers();
    this.requestId = this.headers.get('request-id') ?? this.headers.get('x-request-id') ?? undefined;
    this.rawBody = init.rawBody;
    this.body = init.body;
  }

  /** What `util.inspect`/`console.log` show: the stack and the server's fields, never the headers. */
  [INSPECT](): string {
    const id = this.requestId === undefined ? '' : ` requestId=${this.requestId}`;
    const fields = Object.keys(this.errors).length === 0 ? '' : `\n  errors: ${JSON.stringify(this.errors)}`;
    const stack = (this.stack ?? `${this.name}: ${this.message}`).replace(
      /^[^\n]*/,
      `${this.name} [${this.status} ${this.type}${id}]: ${this.message}`,
    );
    return `${stack}${fields}`;
  }
}

/**
 * 400: the request was unacceptable, often a missing or invalid parameter; `errors` names the fields.
 * Also thrown with `status` 0, before anything is sent, for parameters the spec rules out (a `limit`
 * outside 1-100, both cursors, a missing path parameter).
 */
export class InvalidRequestError extends ApiError {
  static override readonly brand: string = '@commerce-kit/api-client:InvalidRequestError';
}

/** 401: no valid access token. */
export class AuthenticationError extends ApiError {
  static override readonly brand: string = '@commerce-kit/api-client:AuthenticationError';
}

/** 404: the resource does not exist. */
export class NotFoundError extends ApiError {
  static override readonly brand: string = '@commerce-kit/api-client:NotFoundError';
}

/**
 * 429: the account's rate limit was reached and the client did not retry (retries used up, or the
 * server asked to wait longer than `maxRetryAfterSeconds`). The message says how long the server asked
 * to wait.
 */
export class RateLimitError extends ApiError {
  static override readonly brand: string = '@commerce-kit/api-client:RateLimitError';
  /** Seconds the server asked to wait (`Retry-After`), if it said. */
  readonly retryAfter: number | undefined;

  /** As {@link ApiError}, plus the `Retry-After` in seconds. */
  constructor(init: ApiErrorInit & { readonly retryAfter?: number | undefined }) {
    super(init);
    this.retryAfter = init.retryAfter;
  }
}

/** 5xx: the service failed. Retried for idempotent methods before being thrown. */
export class ServerError extends ApiError {
  static override readonly brand: string = '@commerce-kit/api-client:ServerError';
}

/** No response: DNS, connection refused/reset, TLS... (`status` is `0`). */
export class ConnectionError extends ApiError {
  static override readonly brand: string = '@commerce-kit/api-client:ConnectionError';

  /** Status is always `0`; pass the `fetch` failure as `cause`. */
  constructor(init: Omit<ApiErrorInit, 'status'> = {}) {
    super({ message: 'Could not reach the API (connection failed)', type: 'connection_error', ...init, status: 0 });
  }
}

/** The call did not finish within its `timeoutMs` (`status` is `0`). */
export class TimeoutError extends ApiError {
  static override readonly brand: string = '@commerce-kit/api-client:TimeoutError';
  /** The limit that was exceeded, in milliseconds. */
  readonly timeoutMs: number;

  /** `timeoutMs`: the deadline that passed. */
  constructor(timeoutMs: number) {
    super({ status: 0, type: 'timeout_error', message: `The request timed out after ${timeoutMs} ms` });
    this.timeoutMs = timeoutMs;
  }
}
