/**
 * A request the sandbox refuses: status plus the platform's error body. Thrown by services and the
 * HTTP pipeline, answered by the pipeline; never leaves the package.
 */
import type { FieldErrors } from '../validation/field-errors.js';

/** Error `type` values the sandbox answers with (only `invalid_request_error` is documented). */
export type ProblemType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'not_found_error'
  | 'rate_limit_error'
  | 'api_error';

/** The JSON body of a refused request: the API's `{ type, errors }`, or the token endpoint's `{ error, error_description }`. */
export interface ProblemBody {
  readonly type?: string;
  readonly errors?: FieldErrors;
  readonly [extra: string]: unknown;
}

export class Problem extends Error {
  readonly status: number;
  readonly body: ProblemBody;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, body: ProblemBody, headers: Readonly<Record<string, string>> = {}) {
    super(`${status} ${String(body.type ?? body['error'])}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** 400 `invalid_request_error` with one field's message. */
export function invalidRequest(field: string, message: string): Problem {
  return new Problem(400, { type: 'invalid_request_error', errors: { [field]: [message] } });
}

/** 400 `invalid_request_error` with a field map. */
export function invalidFields(errors: FieldErrors): Problem {
  return new Problem(400, { type: 'invalid_request_error', errors });
}

/** 404 `not_found_error`. */
export function notFound(field: string, message: string): Problem {
  return new Problem(404, { type: 'not_found_error', errors: { [field]: [message] } });
}

/** 409 `invalid_request_error`: a valid request the current state cannot satisfy (not enough stock). */
export function outOfStock(field: string, message: string): Problem {
  return new Problem(409, { type: 'invalid_request_error', errors: { [field]: [message] } });
}

/** 401 `authentication_error`. */
export function unauthenticated(message: string): Problem {
  return new Problem(
    401,
    { type: 'authentication_error', errors: { authorization: [message] } },
    { 'www-authenticate': 'Bearer' },
  );
}
