/** The signature header as servers that lower-case header names see it. */
export const SIGNATURE_HEADER = 'x-service-signature';

/** The CGI-style name of the same header, as the platform documents it. */
export const CGI_SIGNATURE_HEADER = 'HTTP_X_SERVICE_SIGNATURE';

/** Anything with a Fetch-style `get(name)`: `Headers`, Hono's `c.req.raw.headers`, ... */
export interface HeadersGetter {
  get(name: string): string | null | undefined;
}

/** A plain header record: Node's `IncomingHttpHeaders`, a CGI/Lambda environment, a test object. */
export type HeaderRecord = Readonly<Record<string, string | readonly string[] | number | undefined | null>>;

/** Header name/value pairs, as in Fetch's `HeadersInit` (`[['x-service-signature', '...']]`). */
export type HeaderPairs = ReadonlyArray<readonly [string, string]>;

/**
 * The headers of a delivery, in any shape servers hand them over: a Fetch `Headers` (anything with
 * `get(name)`), Node's `IncomingHttpHeaders` or another plain object (a CGI/Lambda environment), a
 * `Map`, or name/value pairs (`HeadersInit`). The signature header is found case-insensitively under
 * `x-service-signature` or its CGI name `HTTP_X_SERVICE_SIGNATURE`.
 */
export type HeadersInput = HeadersGetter | HeaderRecord | HeaderPairs;

/** Header names compare equal after lower-casing and treating `_` as `-` (CGI renames `-` to `_`). */
function normalise(name: string): string {
  return name.toLowerCase().replaceAll('_', '-');
}

const NAMES = new Set([SIGNATURE_HEADER, normalise(CGI_SIGNATURE_HEADER)]);

function fromValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    // Several signature headers: joined the way Node and Fetch join repeated headers, which then
    // fails as a signature instead of silently picking one.
    const strings = (value as readonly unknown[]).filter((v): v is string => typeof v === 'string');
    return strings.length === 0 ? undefined : strings.join(', ');
  }
  return undefined;
}

/**
 * Reads the signature header case-insensitively from a Fetch `Headers`, Node's
 * `IncomingHttpHeaders`, any plain object, a `Map` or an array of name/value pairs, accepting both `x-service-signature` and the CGI name
 * `HTTP_X_SERVICE_SIGNATURE`. Returns the trimmed value, or `undefined` when absent or empty.
 *
 * @example
 * ```ts
 * import { readSignatureHeader } from '@commerce-kit/webhooks';
 * readSignatureHeader({ HTTP_X_SERVICE_SIGNATURE: 'abc=' }); // 'abc='
 * readSignatureHeader(new Headers({ 'X-Service-Signature': 'abc=' })); // 'abc='
 * ```
 */
export function readSignatureHeader(headers: HeadersInput | null | undefined): string | undefined {
  if (headers === null || headers === undefined || typeof headers !== 'object') return undefined;
  let raw: string | undefined;
  if (Array.isArray(headers) || headers instanceof Map) {
    // Pairs (HeadersInit) or a Map: case-sensitive containers, so every name is normalised.
    const values: string[] = [];
    for (const pair of headers as Iterable<unknown>) {
      if (!Array.isArray(pair) || typeof pair[0] !== 'string') continue;
      if (NAMES.has(normalise(pair[0]))) {
        const value = fromValue(pair[1]);
        if (value !== undefined) values.push(value);
      }
    }
    raw = values.length === 0 ? undefined : values.join(', ');
  } else if (typeof (headers as HeadersGetter).get === 'function') {
    const getter = headers as HeadersGetter;
    raw = getter.get(SIGNATURE_HEADER) ?? getter.get(CGI_SIGNATURE_HEADER) ?? undefined;
  } else {
    const record = headers as HeaderRecord;
    // Fast path for Node, whose header names are already lower-case.
    if (Object.hasOwn(record, SIGNATURE_HEADER)) raw = fromValue(record[SIGNATURE_HEADER]);
    if (raw === undefined) {
      for (const name of Object.keys(record)) {
        if (NAMES.has(normalise(name))) {
          raw = fromValue(record[name]);
          if (raw !== undefined) break;
        }
      }
    }
  }
  if (typeof raw !== 'string') return undefined;
  const value = raw.trim();
  return value.length === 0 ? undefined : value;
}
