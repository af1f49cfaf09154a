/**
 * Type machinery that reads an openapi-typescript `paths` interface: which paths have a given method,
 * and the path params, query, body and success response of an operation. Purely types.
 */
import type { CallOptions } from './call-options.js';
import type { UndefinedAllowed } from './pagination.js';

/** HTTP methods the path-based call supports (the API uses GET, POST, PUT, DELETE). */
export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** A method as `client.request` accepts it: lower case as in `paths`, or upper case as on the wire (`'GET'`). */
export type MethodName = HttpMethod | Uppercase<HttpMethod>;

/** The `paths` key of a {@link MethodName}: `'GET'` and `'get'` both give `'get'`. */
export type MethodOf<M extends MethodName> = Extract<Lowercase<M>, HttpMethod>;

/** Paths of `Paths` that define `Method` (openapi-typescript marks absent methods `?: never`). */
export type PathsWithMethod<Paths, Method extends HttpMethod> = {
  [P in keyof Paths]-?: Paths[P] extends { [M in Method]: infer Op } ? ([Op] extends [never] ? never : P) : never;
}[keyof Paths] &
  string;

/** The operation object at `Paths[Path][Method]`. */
export type OperationOf<Paths, Path extends keyof Paths, Method extends HttpMethod> = Paths[Path] extends {
  [M in Method]: infer Op;
}
  ? Op
  : never;

type ParametersOf<Op> = Op extends { parameters: infer P } ? P : Record<never, never>;

/** True when an object type has no required key. */
type AllOptional<T> = Record<never, never> extends T ? true : false;

type IsNever<T> = [T] extends [never] ? true : false;

/** `{ query?: Q }`, `{ query: Q }` or nothing, following the operation's `parameters.query`. */
type QueryOption<Op> =
  ParametersOf<Op> extends { query?: infer Q }
    ? IsNever<Exclude<Q, undefined>> extends true
      ? { readonly query?: never }
      : AllOptional<Exclude<Q, undefined>> extends true
        ? { readonly query?: UndefinedAllowed<Exclude<Q, undefined>> | undefined }
        : { readonly query: UndefinedAllowed<Exclude<Q, undefined>> }
    : { readonly query?: never };

/** `{ path: P }` when the operation has path parameters. */
type PathOption<Op> =
  ParametersOf<Op> extends { path?: infer P }
    ? IsNever<Exclude<P, undefined>> extends true
      ? { readonly path?: never }
      : { readonly path: Exclude<P, undefined> }
    : { readonly path?: never };

type BodyContentOf<Op> = Op extends { requestBody?: infer B }
  ? Exclude<B, undefined> extends { content: infer C }
    ? C
    : never
  : never;

/** The request body type: the JSON schema, or `URLSearchParams` for a form-only operation. */
export type RequestBodyOf<Op> =
  BodyContentOf<Op> extends infer C
    ? IsNever<C> extends true
      ? never
      : C extends { 'application/json': infer J }
        ? J
        : C extends { 'application/x-www-form-urlencoded': unknown }
          ? URLSearchParams
          : never
    : never;

type BodyOption<Op> =
  IsNever<RequestBodyOf<Op>> extends true
    ? { readonly body?: never }
    : Op extends { requestBody: unknown }
      ? { readonly body: RequestBodyOf<Op> }
      : { readonly body?: RequestBodyOf<Op> | undefined };

/** The options object of a call to `Path` with `Method`: path params, query and body as the spec says. */
export type RequestOptions<Paths, Path extends keyof Paths, Method extends HttpMethod> = QueryOption<
  OperationOf<Paths, Path, Method>
> &
  PathOption<OperationOf<Paths, Path, Method>> &
  BodyOption<OperationOf<Paths, Path, Method>> &
  CallOptions;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206 | '200' | '201' | '202' | '203' | '204' | '206' | '2XX';

type JsonOf<R> = R extends { content: infer C }
  ? C extends { 'application/json': infer J }
    ? J
    : undefined
  : undefined;

/** The parsed body of a success (2xx) answer; `undefined` for 204 / no content. */
export type SuccessBodyOf<Op> = Op extends { responses: infer Rs }
  ? { [S in keyof Rs & SuccessStatus]: JsonOf<Rs[S]> }[keyof Rs & SuccessStatus]
  : never;

/** The success body of `Method Path`. */
export type ResponseOf<Paths, Path extends keyof Paths, Method extends HttpMethod> = SuccessBodyOf<
  OperationOf<Paths, Path, Method>
>;

/** Arguments of a call: the options object is optional exactly when nothing in it is required. */
export type CallArgs<Paths, Path extends keyof Paths, Method extends HttpMethod> =
  AllOptional<RequestOptions<Paths, Path, Method>> extends true
    ? [options?: RequestOptions<Paths, Path, Method>]
    : [options: RequestOptions<Paths, Path, Method>];
