/**
 * The proxy's exchanges as a HAR 1.2 log (http://www.softwareishard.com/blog/har-12-spec/), with every
 * credential redacted: authorization and cookie headers, signature and control-key headers, tokens,
 * codes and secrets in query strings, form bodies and JSON bodies.
 */
import type { Exchange } from './exchange-check.js';

export const REDACTED = '[redacted]';

/** Headers that carry credentials. */
const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-service-signature',
  'x-sandbox-control-key',
]);
/** Query, form and JSON fields that carry credentials. */
const SECRET_FIELDS = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'code_verifier',
  'client_secret',
  'password',
  'token',
  'webhook_secret',
  'secret',
]);

/** JSON fields that carry credentials (`code` is a discount's code there, not an authorization code). */
const SECRET_JSON_FIELDS = new Set([...SECRET_FIELDS].filter((name) => name !== 'code' && name !== 'token'));

export interface HarEntry {
  readonly started: number;
  readonly time: number;
  readonly upstream: string;
  readonly statusText: string;
  readonly exchange: Exchange;
}

type NameValue = { name: string; value: string };

const headerList = (headers: Readonly<Record<string, string>>): NameValue[] =>
  Object.entries(headers).map(([name, value]) => ({ name, value: SECRET_HEADERS.has(name) ? REDACTED : value }));

function redactParams(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of params) out.append(name, SECRET_FIELDS.has(name) ? REDACTED : value);
  return out;
}

function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      SECRET_JSON_FIELDS.has(key) ? REDACTED : redactJson(item),
    ]),
  );
}

/** A body with its credentials redacted, by media type; other bodies are kept as they are. */
export function redactBody(text: string, contentType: string | undefined): string {
  if (text === '') return text;
  if (/application\/x-www-form-urlencoded/i.test(contentType ?? ''))
    return redactParams(new URLSearchParams(text)).toString();
  if (/json/i.test(contentType ?? '')) {
    try {
      return JSON.stringify(redactJson(JSON.parse(text)));
    } catch {
      return text;
    }
  }
  return text;
}

/** A URL with its credentials redacted (the query, and a `location` header's). */
export function redactUrl(url: string): string {
  const parsed = new URL(url);
  parsed.search = redactParams(parsed.searchParams).toString();
  return parsed.href;
}

function entry(e: HarEntry): Record<string, unknown> {
  const { exchange } = e;
  const url = redactUrl(`${e.upstream}${exchange.url}`);
  const requestType = exchange.requestHeaders['content-type'];
  const responseType = exchange.responseHeaders['content-type'];
  const responseHeaders = { ...exchange.responseHeaders };
  const location = responseHeaders['location'];
  if (location !== undefined) {
    try {
      responseHeaders['location'] = redactUrl(new URL(location, url).href);
    } catch {
      // not a URL: kept as it is
    }
  }
  return {
    startedDateTime: new Date(e.started).toISOString(),
    time: e.time,
    request: {
      method: exchange.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(exchange.requestHeaders),
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      ...(exchange.requestBody === ''
        ? {}
        : { postData: { mimeType: requestType ?? '', text: redactBody(exchange.requestBody, requestType) } }),
      headersSize: -1,
      bodySize: Buffer.byteLength(exchange.requestBody),
    },
    response: {
      status: exchange.status,
      statusText: e.statusText,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(responseHeaders),
      content: {
        size: Buffer.byteLength(exchange.responseBody),
        mimeType: responseType ?? '',
        text: redactBody(exchange.responseBody, responseType),
      },
      redirectURL: responseHeaders['location'] ?? '',
      headersSize: -1,
      bodySize: Buffer.byteLength(exchange.responseBody),
    },
    cache: {},
    timings: { send: 0, wait: e.time, receive: 0 },
  };
}

/** The HAR document. */
export function harLog(entries: readonly HarEntry[], version: string): { log: Record<string, unknown> } {
  return {
    log: {
      version: '1.2',
      creator: { name: 'commerce-sandbox proxy', version },
      entries: entries.map(entry),
    },
  };
}
