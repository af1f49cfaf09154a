/**
 * Parameters the spec rules out are refused before anything is sent: a bounded number out of range
 * (`limit` outside 1-100), both cursors of a list at once.
 */
import { InvalidRequestError } from './errors/api-error.js';
import type { OperationEntry, QueryBound } from './resource-table.js';

/** The error for a parameter refused before sending (`status` 0, `errors` naming it). */
export function refusedBeforeSending(field: string, message: string): InvalidRequestError {
  return new InvalidRequestError({
    status: 0,
    type: 'invalid_request_error',
    errors: Object.freeze({ [field]: Object.freeze([message]) }),
    message: `Refused before sending: ${field} ${message}`,
  });
}

/** @throws {InvalidRequestError} (`status` 0) naming the parameter and what is wrong with it. */
export function checkQuery(operation: OperationEntry, query: Readonly<Record<string, unknown>> | undefined): void {
  if (query === undefined) return;
  for (const name of Object.keys(operation.bounds)) {
    const value = query[name];
    if (value === undefined || value === null) continue;
    const bound = operation.bounds[name]!;
    const ok =
      typeof value === 'number' &&
      Number.isFinite(value) &&
      (!bound.integer || Number.isInteger(value)) &&
      (bound.min === undefined || value >= bound.min) &&
      (bound.max === undefined || value <= bound.max);
    if (!ok)
      throw refusedBeforeSending(
        name,
        `${expectation(bound)} (got ${typeof value === 'string' ? JSON.stringify(value) : String(value)})`,
      );
  }
  if (operation.list && query['starting_after'] !== undefined && query['ending_before'] !== undefined) {
    throw refusedBeforeSending(
      'starting_after',
      'cannot be given with ending_before: pass one cursor (starting_after pages forward, ending_before backward)',
    );
  }
}

/** What a bound asks for, as the refusal says it: `must be an integer between 1 and 100`. */
function expectation(bound: QueryBound): string {
  const range =
    bound.min !== undefined && bound.max !== undefined
      ? ` between ${bound.min} and ${bound.max}`
      : bound.min !== undefined
        ? ` of at least ${bound.min}`
        : bound.max !== undefined
          ? ` of at most ${bound.max}`
          : '';
  return `must be ${bound.integer ? 'an integer' : 'a number'}${range}`;
}
