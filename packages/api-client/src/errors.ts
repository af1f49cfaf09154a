/**
 * The typed error hierarchy of the client.
 *
 * Every failure the client reports is one of these classes. `instanceof` is
 * checked through a brand rather than prototype identity, so an error thrown by
 * one copy of the package (ESM vs CJS build, or the `oauth` subpath bundle) is
 * still recognised by the classes of another copy.
 *
 * @packageDocumentation
 */
import { redactSecrets } from './redact.js';
import { safeJsonParse, isPlainRecord } from './safe-json.js';

const KINDS = Symbol.for('@commerce-kit/api-client.error-kinds');
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** The `errors` map of an API error body: field name to messages. */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

/** What every {@link ApiError} is built from. */
export interface ApiErrorInit {
  /** HTTP status; `0` when no response was received (connection failure, timeout). */
  readonly status: number;
  /** The `type` of the error body, or a client-side kind such as `connection_error`. */
  readonly type?: string | undefined;
  /** Field errors from the error body. */
  readonly errors?: FieldErrors | undefined;
  /** Response headers (empty when no response was received). */
  readonly headers?: Headers | undefined;
  /** The response body as text, kept when it was not the documented JSON shape. */
  readonly rawBody?: string | undefined;
  /** The parsed JSON body, when the body was JSON (any shape). */
  readonly body?: unknown;
  /** Underlying cause, e.g. the `TypeError` thrown by `fetch`. */
  readonly cause?: unknown;
  /** Overrides the generated message. Must never contain a secret. */
  readonly message?: string | undefined;
}

/**
 * Base class of every error the API client throws for a failed call.
 *
 * Carries the HTTP `status`, the error body's `type` and field `errors`, the
 * response `headers`, and the request id the server sent, if any. Messages are
 * built only from those server-supplied fields, never from request headers, so
 * an access token cannot leak into logs.
 */
export class ApiError extends Error {
  /** Brand checked by `instanceof`; one per class. */
  static readonly kind: string = 'ApiError';

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
    super(init.message ?? describe(init.status, type, errors, init.rawBody), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.kind;
    this.status = init.status;
    this.type = type;
    this.errors = errors;
    this.headers = init.headers ?? new Headers();
    this.requestId = this.headers.get('request-id') ?? this.headers.get('x-request-id') ?? undefined;
    this.rawBody = init.rawBody;
    this.body = init.body;
    Object.defineProperty(this, KINDS, { value: collectKinds(new.target), enumerable: false });
  }

  /** Brand check, so copies of this class from another bundle (ESM/CJS) are recognised. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (typeof value !== 'object' || value === null) return false;
    const kinds = (value as { [KINDS]?: unknown })[KINDS];
    return Array.isArray(kinds) && kinds.includes(this.kind);
  }

  /** What `util.inspect`/`console.log` show: the stack and the server's fields, never the headers. */
  [INSPECT](): string {
    const id = this.requestId === undefined ? '' : ` requestId=${this.requestId}`;
    const fields = Object.keys(this.errors).length === 0 ? '' : `\n  errors: ${JSON.stringify(this.errors)}`;
    const stack = (this.stack ?? `${this.name}: ${this.message}`).replace(/^[^\n]*/, `${this.name} [${this.status} ${this.type}${id}]: ${this.message}`);
    return `${stack}${fields}`;
  }
}

/** 400: the request was unacceptable, often a missing or invalid parameter. See `errors`. */
export class InvalidRequestError extends ApiError {
  static override readonly kind: string = 'InvalidRequestError';
}

/** 401: no valid access token. */
export class AuthenticationError extends ApiError {
  static override readonly kind: string = 'AuthenticationError';
}

/** 404: the resource does not exist. */
export class NotFoundError extends ApiError {
  static override readonly kind: string = 'NotFoundError';
}

/** 429: the account's rate limit was reached and the retries were used up. */
export class RateLimitError extends ApiError {
  static override readonly kind: string = 'RateLimitError';
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
  static override readonly kind: string = 'ServerError';
}

/** No response: DNS, connection refused/reset, TLS... (`status` is `0`). */
export class ConnectionError extends ApiError {
  static override readonly kind: string = 'ConnectionError';

  /** Status is always `0`; pass the `fetch` failure as `cause`. */
  constructor(init: Omit<ApiErrorInit, 'status'> = {}) {
    super({ message: 'Could not reach the API (connection failed)', type: 'connection_error', ...init, status: 0 });
  }
}

/** The call did not finish within the client's `timeoutMs` (`status` is `0`). */
export class TimeoutError extends ApiError {
  static override readonly kind: string = 'TimeoutError';
  /** The limit that was exceeded, in milliseconds. */
  readonly timeoutMs: number;

  /** `timeoutMs`: the deadline that passed. */
  constructor(timeoutMs: number) {
    super({ status: 0, type: 'timeout_error', message: `The request timed out after ${timeoutMs} ms` });
    this.timeoutMs = timeoutMs;
  }
}

/** The error classes by status, for {@link errorFromResponse}. */
function classFor(status: number): typeof ApiError {
  if (status === 400) return InvalidRequestError;
  if (status === 401) return AuthenticationError;
  if (status === 404) return NotFoundError;
  if (status >= 500 && status <= 599) return ServerError;
  return ApiError;
}

/**
 * Builds the typed error for a non-2xx response from its status, headers and body text.
 * A body that is not the documented JSON shape still gives a typed error, with `rawBody` set.
 */
export function errorFromResponse(
  status: number,
  headers: Headers,
  responseText: string,
  retryAfterSeconds?: number | undefined,
  secrets: readonly string[] = [],
): ApiError {
  // A server that echoes the request (a debug page, a proxy) must not carry the token into logs.
  const bodyText = redactSecrets(responseText, secrets);
  const parsed = safeJsonParse(bodyText);
  let type: string | undefined;
  let errors: FieldErrors | undefined;
  let wellFormed = false;
  if (parsed.ok && isPlainRecord(parsed.value)) {
    const body = parsed.value;
    if (typeof body['type'] === 'string') type = body['type'];
    errors = fieldErrorsFrom(body['errors']);
    wellFormed = type !== undefined;
  }
  const init: ApiErrorInit = {
    status,
    type,
    errors,
    headers,
    rawBody: wellFormed ? undefined : bodyText,
    body: parsed.ok ? parsed.value : undefined,
  };
  if (status === 429) return new RateLimitError({ ...init, retryAfter: retryAfterSeconds });
  const Class = classFor(status);
  return new Class(init);
}

/** Keeps only string-array entries; anything else in `errors` is ignored rather than trusted. */
function fieldErrorsFrom(value: unknown): FieldErrors | undefined {
  if (!isPlainRecord(value)) return undefined;
  const out: Record<string, readonly string[]> = Object.create(null) as Record<string, readonly string[]>;
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) {
      out[field] = Object.freeze(messages.filter((m): m is string => typeof m === 'string'));
    } else if (typeof messages === 'string') {
      out[field] = Object.freeze([messages]);
    }
  }
  return Object.freeze(out);
}

function defaultType(status: number): string {
  if (status === 400) return 'invalid_request_error';
  if (status === 401) return 'authentication_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'api_error';
  return 'api_error';
}

/** Longest excerpt of a non-JSON body quoted in a message. */
const BODY_EXCERPT_LENGTH = 200;

function describe(status: number, type: string, errors: FieldErrors, rawBody: string | undefined): string {
  const fields = Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join('; ')}`)
    .join(', ');
  let detail = fields;
  if (detail === '' && rawBody !== undefined) {
    // A proxy's "Bad Gateway" page says more than the status alone; one line, bounded.
    const text = rawBody.replace(/\s+/g, ' ').trim();
    detail = text.length > BODY_EXCERPT_LENGTH ? `${text.slice(0, BODY_EXCERPT_LENGTH)}…` : text;
  }
  return `API request failed with status ${status} (${type})${detail ? `: ${detail}` : ''}`;
}


function collectKinds(ctor: unknown): string[] {
  const kinds: string[] = [];
  let current: unknown = ctor;
  while (typeof current === 'function' && typeof (current as { kind?: unknown }).kind === 'string') {
    const kind = (current as unknown as { kind: string }).kind;
    if (!kinds.includes(kind)) kinds.push(kind);
    current = Object.getPrototypeOf(current);
  }
  return kinds;
}
