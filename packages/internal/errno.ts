/** The `code` of a Node system error (`ENOENT`, `EACCES`, ...), for messages that say why a file could not be used. */

/** The error's `code`, or `unknown error` when it has none. */
export function errnoCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : 'unknown error';
}
