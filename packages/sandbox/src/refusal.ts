/**
 * A request the sandbox refuses: one error class, {@link Refusal}, carrying the status, the platform's
 * error body and the headers that go with it (`Retry-After`, `WWW-Authenticate`). Services, control
 * operations, handlers and middleware throw it; the HTTP app turns it into the response in one place
 * (its `onError`, as Hono's `HTTPException` is), and the JavaScript test controls into a
 * `SandboxControlError`. It never leaves the package.
 */
import { SandboxError } from './errors.js';
import type { FieldErrors } from './validation/field-errors.js';

/** Error `type` values the sandbox answers with (only `invalid_request_error` is documented). */
export type RefusalType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'not_found_error'
  | 'rate_limit_error'
  | 'api_error';

/** The JSON body of a refused request: the API's `{ type, errors }`, or the token endpoint's `{ error, error_description }`. */
export type RefusalBody = {
  readonly type?: string;
  readonly errors?: FieldErrors;
  readonly [extra: string]: unknown;
};

/** A refused request: its status, error body and headers. */
export class Refusal extends SandboxError {
  static override readonly brand: string = '@commerce-kit/sandbox:Refusal';
  readonly status: number;
  readonly body: RefusalBody;
  readonly headers: Readonly<Record<string, string>>;

  /**
   * @param message what the JavaScript controls' `SandboxControlError` says (default: the first field's
   *   messages, else `refused (<status>)`)
   */
  constructor(
    status: number,
    body: RefusalBody,
    options: { readonly headers?: Readonly<Record<string, string>> | undefined; readonly message?: string } = {},
  ) {
    super(options.message ?? (Object.values(body.errors ?? {})[0]?.join('; ') || `refused (${status})`));
    this.status = status;
    this.body = body;
    this.headers = options.headers ?? {};
  }

  /** The field at fault: the first one of the error body (`body` when it names none). */
  get field(): string {
    return Object.keys(this.body.errors ?? {})[0] ?? 'body';
  }
}

/** 400 `invalid_request_error` with one field's message. */
export function invalidRequest(field: string, message: string): Refusal {
  return new Refusal(400, { type: 'invalid_request_error', errors: { [field]: [message] } });
}

/**
 * A bad control input (400 `invalid_request_error`): `detail` is the message without the field's name
 * (the error body puts it under the field); the JavaScript controls say `<field> <detail>`.
 */
export function invalidInput(field: string, detail: string): Refusal {
  return new Refusal(
    400,
    { type: 'invalid_request_error', errors: { [field]: [detail] } },
    { message: `${field} ${detail}` },
  );
}

/** 400 `invalid_request_error` with a field map. */
export function invalidFields(errors: FieldErrors): Refusal {
  return new Refusal(400, { type: 'invalid_request_error', errors });
}

/** 404 `not_found_error`: something named does not exist (an object, a snapshot, a delivery, a fault). */
export function notFound(field: string, message: string): Refusal {
  return new Refusal(404, { type: 'not_found_error', errors: { [field]: [message] } });
}

/** 409 `invalid_request_error`: a valid request the current state cannot satisfy (not enough stock). */
export function outOfStock(field: string, message: string): Refusal {
  return new Refusal(409, { type: 'invalid_request_error', errors: { [field]: [message] } });
}

/** 401 `authentication_error`. */
export function unauthenticated(message: string): Refusal {
  return new Refusal(
    401,
    { type: 'authentication_error', errors: { authorization: [message] } },
    { headers: { 'www-authenticate': 'Bearer' } },
  );
}
