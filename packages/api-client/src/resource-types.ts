/**
 * Types of the generated resource methods, read from an openapi-typescript `operations` entry.
 */
import type { RequestBodyOf, SuccessBodyOf } from './openapi-types.js';
import type { ListEnvelope, ListParams, UndefinedAllowed } from './pagination.js';

type ParametersOf<Op> = Op extends { parameters: infer P } ? P : never;

/** The JSON body an operation takes. */
export type OperationBody<Op> = RequestBodyOf<Op>;

/** The query parameters of an operation; optional ones may be `undefined` (not sent). */
export type OperationQuery<Op> = UndefinedAllowed<
  NonNullable<ParametersOf<Op> extends { query?: infer Q } ? Q : never>
>;

/** The type of the path parameter `Name` of an operation. */
export type OperationPathParam<Op, Name extends string> =
  ParametersOf<Op> extends { path: infer P } ? (Name extends keyof P ? P[Name] : never) : never;

/** The parsed body of an operation's success answer; `undefined` for 204 No Content. */
export type OperationResult<Op> = SuccessBodyOf<Op>;

/** The objects listed by a list operation. */
export type OperationListItem<Op> = SuccessBodyOf<Op> extends ListEnvelope<infer T> ? T : never;

/** The parameters of a list operation: its query, with at most one cursor. */
export type OperationListParams<Op> = ListParams<NonNullable<ParametersOf<Op> extends { query?: infer Q } ? Q : never>>;
