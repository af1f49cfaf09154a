/**
 * Base addresses: the HTTPS rule, and joining a base with an API path (a path prefix such as `/v1` is kept).
 */
import { ApiClientConfigurationError } from './errors/api-client-error.js';

/** `localhost`, 127.0.0.0/8 and ::1 (the WHATWG URL parser has already normalised `127.1`, `[0::1]`, ...). */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * Checks a base address once, where it is configured: absolute, and HTTPS (the platform serves every
 * request over HTTPS), except `http://` to a loopback host (a local sandbox or test server).
 *
 * @param option - the option's name, for the message (`baseUrl`).
 * @throws {ApiClientConfigurationError} otherwise; the message never repeats credentials in the URL.
 */
export function checkBaseUrl(value: unknown, option = 'baseUrl'): URL {
  let url: URL;
  try {
    url = new URL(typeof value === 'string' ? value : '');
  } catch {
    throw new ApiClientConfigurationError(`${option} must be an absolute URL, e.g. https://api.example.com`);
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return url;
  const shown = `${url.protocol}//${url.host}`;
  throw new ApiClientConfigurationError(
    url.protocol === 'http:'
      ? `${option} must use https:// (the platform serves every request over HTTPS; http:// is accepted only for a loopback host: localhost, 127.0.0.0/8, ::1): got ${shown}`
      : `${option} must be an https:// URL: got ${shown}`,
  );
}

/** Joins a base URL and an absolute API path, keeping any path prefix of the base. */
export function joinUrl(baseUrl: string | URL, path: string): string {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  base.pathname = `${prefix}${path.startsWith('/') ? path : `/${path}`}`;
  base.search = '';
  base.hash = '';
  return base.toString();
}

/**
 * Characters the URL parser keeps as they are in a path (no `%`, backslash, `?`, `#`, space or
 * non-ASCII), and no `.`/`..` segment it would resolve: such a path can be appended to the base as text.
 */
const PLAIN_PATH = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

/**
 * {@link joinUrl} for one base, with the base parsed once: a plain path (the usual case: a template
 * filled with URL-encoded parameters) is appended as text, anything else goes through the URL parser.
 * Both give the same string.
 */
export function urlJoiner(baseUrl: URL): (path: string) => string {
  const base = new URL(baseUrl);
  base.search = '';
  base.hash = '';
  base.pathname = base.pathname.replace(/\/+$/, '');
  // An empty path serialises as `/`, which the API path brings itself.
  const prefix = base.toString().replace(/\/$/, '');
  return (path) => {
    if (!PLAIN_PATH.test(path) || DOT_SEGMENT.test(path)) return joinUrl(baseUrl, path);
    return path.startsWith('/') ? prefix + path : `${prefix}/${path}`;
  };
}
