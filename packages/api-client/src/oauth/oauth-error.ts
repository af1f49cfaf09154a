/**
 * The error of an OAuth step: a token endpoint that refused, could not be reached, or answered
 * something that is not a token response.
 */
import { ApiClientError } from '../errors/api-client-error.js';
import type { ErrorResponseInit } from '../errors/error-response-init.js';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** What an {@link OAuthError} is built from. */
export interface OAuthErrorInit extends ErrorResponseInit {
  /** Machine-readable code: the server's `error` (`invalid_grant`, ...) or a client-side one (`invalid_token_response`, `network_error`, ...). */
  readonly error: string;
  /** Human-readable detail (never contains a secret). */
  readonly description?: string | undefined;
  /** HTTP status of the token endpoint's answer, when there was one. */
  readonly status?: number | undefined;
}

/**
 * An OAuth step failed: a network failure, an error body of the token endpoint (JSON in any shape, or
 * not JSON at all), a token response that cannot be normalized, or a missing `code`/`refreshToken`.
 * Never carries a client secret, code or token in its message, `toString()` or `util.inspect()` output.
 */
export class OAuthError extends ApiClientError {
  static override readonly brand: string = '@commerce-kit/api-client:OAuthError';

  /** Machine-readable error code (RFC 6749 `error`). */
  readonly error: string;
  /** Human-readable detail, if any (RFC 6749 `error_description`). */
  readonly description: string | undefined;
  /** HTTP status, when the token endpoint answered. */
  readonly status: number | undefined;
  /** Response headers (empty when there was no response). */
  readonly headers: Headers;
  /** Body text when the error body was not JSON. */
  readonly rawBody: string | undefined;
  /** Parsed JSON body, when the error body was JSON. */
  readonly body: unknown;

  /** Builds the error; the message is made from `error`, `status` and `description` only. */
  constructor(init: OAuthErrorInit) {
    const status = init.status === undefined ? '' : ` (HTTP ${init.status})`;
    super(`OAuth error ${init.error}${status}${init.description ? `: ${init.description}` : ''}`, {
      cause: init.cause,
    });
    this.error = init.error;
    this.description = init.description;
    this.status = init.status;
    this.headers = init.headers ?? new Headers();
    this.rawBody = init.rawBody;
    this.body = init.body;
  }

  /** A compact view for `util.inspect`/`console.log`. */
  [INSPECT](): string {
    return `OAuthError [${this.error}${this.status === undefined ? '' : ` ${this.status}`}]: ${this.message}`;
  }
}
