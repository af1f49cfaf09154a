/**
 * The one error type of the OAuth helpers.
 */

const KIND = Symbol.for('@commerce-kit/api-client.oauth-error');
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** What an {@link OAuthError} is built from. */
export interface OAuthErrorInit {
  /** Machine-readable code: the server's `error` (`invalid_grant`, ...) or a client-side one (`invalid_scope`, `invalid_token_response`, `network_error`, ...). */
  readonly error: string;
  /** Human-readable detail (never contains a secret). */
  readonly description?: string | undefined;
  /** HTTP status of the token endpoint's answer, when there was one. */
  readonly status?: number | undefined;
  /** Response headers, when there was a response. */
  readonly headers?: Headers | undefined;
  /** Response body text when it was not a JSON object. */
  readonly rawBody?: string | undefined;
  /** The parsed JSON error body, when it was JSON. */
  readonly body?: unknown;
  /** Underlying cause. */
  readonly cause?: unknown;
}

/**
 * An OAuth step failed: bad input to a helper, a network failure, an error body of
 * the token endpoint (JSON in any shape, or not JSON at all), or a token response
 * that cannot be normalized. Never carries a client secret, code or token in its
 * message, `toString()` or `util.inspect()` output.
 */
export class OAuthError extends Error {
  /** Machine-readable error code. */
  readonly error: string;
  /** Human-readable detail, if any. */
  readonly description: string | undefined;
  /** HTTP status, when the token endpoint answered. */
  readonly status: number | undefined;
  /** Response headers (empty when there was no response). */
  readonly headers: Headers;
  /** Body text when the error body was not JSON. */
  readonly rawBody: string | undefined;
  /** Parsed JSON body, when the error body was JSON. */
  readonly body: unknown;

  /** The same as {@link OAuthError.description} (RFC 6749 `error_description`). */
  get errorDescription(): string | undefined {
    return this.description;
  }

  /** Builds the error; the message is made from `error`, `status` and `description` only. */
  constructor(init: OAuthErrorInit) {
    const status = init.status === undefined ? '' : ` (HTTP ${init.status})`;
    super(`OAuth error ${init.error}${status}${init.description ? `: ${init.description}` : ''}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'OAuthError';
    this.error = init.error;
    this.description = init.description;
    this.status = init.status;
    this.headers = init.headers ?? new Headers();
    this.rawBody = init.rawBody;
    this.body = init.body;
    Object.defineProperty(this, KIND, { value: true, enumerable: false });
  }

  /** Brand check, so copies of this class from another bundle (ESM/CJS, subpath) are recognised. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as { [KIND]?: unknown })[KIND] === true;
  }

  /** A compact view for `util.inspect`/`console.log`. */
  [INSPECT](): string {
    return `OAuthError [${this.error}${this.status === undefined ? '' : ` ${this.status}`}]: ${this.message}`;
  }
}
