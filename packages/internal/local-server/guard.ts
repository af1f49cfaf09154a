/**
 * What every local HTTP server of commerce-kit checks before it answers (Node only): the `Host` a request
 * names (against DNS rebinding), whether a browser sent it from another site (against cross-site writes),
 * and the limits a server is created with (against slow or oversized requests). docs/house-style.md
 * ("Local servers") states the rules; the sandbox, its storefront, `theme-kit dev` and the example app
 * all answer through these functions.
 *
 * The Host rule follows Vite's `server.allowedHosts` (its fix of CVE-2025-24010): the name is compared
 * without its port; an IP literal is always allowed (DNS rebinding needs a name); `localhost` and every
 * name under `.localhost` are loopback (RFC 6761 §6.3); the name the server was bound to and the names
 * the user adds are allowed; an added name starting with a dot allows that domain and every name under it.
 */
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import { isIP } from 'node:net';

/** The names a server answers to besides loopback and IP literals, normalised (lower case, no trailing dot). */
export type AllowedHosts = readonly string[];

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const bare = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(bare) === 4) return bare.split('.')[0] === '127';
  return bare === '::1' || bare === '0:0:0:0:0:0:0:1';
}

/** `localhost`, a name under `.localhost`, or a loopback address (brackets allowed around IPv6). */
export function isLoopbackName(hostname: string): boolean {
  const name = normaliseName(hostname);
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return isLoopbackAddress(name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name);
}

function normaliseName(name: string): string {
  const lower = name.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

/**
 * The host name of a `Host` header value (`name`, `name:port`, `[v6]`, `[v6]:port`), lower case and
 * without a trailing dot; undefined when the value is not a host (empty, a path, user info, a bad port).
 */
export function hostnameOf(host: string): string | undefined {
  let name: string;
  let rest: string;
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end < 0) return undefined;
    name = host.slice(1, end);
    if (isIP(name) !== 6) return undefined;
    rest = host.slice(end + 1);
  } else {
    const colon = host.indexOf(':');
    name = colon < 0 ? host : host.slice(0, colon);
    rest = colon < 0 ? '' : host.slice(colon);
  }
  if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return undefined;
  if (name === '' || !/^[A-Za-z0-9._:-]+$/.test(name)) return undefined;
  return normaliseName(name);
}

/** One `--allowed-host` / `allowedHosts` entry, checked: a host name (a leading dot for a domain), no scheme or port. */
export function allowedHostProblem(entry: unknown): string | undefined {
  if (typeof entry !== 'string' || entry.trim() === '') return 'must be a non-empty host name';
  const name = entry.startsWith('.') ? entry.slice(1) : entry;
  if (!/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*\.?$/.test(name))
    return `must be a host name such as app.test or .example.test (no scheme, port or path), not ${JSON.stringify(entry.slice(0, 80))}`;
  return undefined;
}

/**
 * The allow-list of a server bound to `boundHost` with the user's `extra` names (already checked with
 * {@link allowedHostProblem}). A wildcard bind address (`0.0.0.0`, `::`) adds no name.
 */
export function allowedHosts(boundHost: string, extra: readonly string[] = []): AllowedHosts {
  const names = new Set<string>();
  const bound = normaliseName(boundHost.replace(/^\[(.*)\]$/, '$1'));
  if (bound !== '' && isIP(bound) === 0) names.add(bound);
  for (const entry of extra) names.add(normaliseName(entry));
  return Object.freeze([...names]);
}

/** Whether a request's `Host` header names this server: loopback, an IP literal, the bound name or an added one. */
export function isHostAllowed(host: string | undefined, allowed: AllowedHosts): boolean {
  if (host === undefined) return false;
  const name = hostnameOf(host);
  if (name === undefined) return false;
  if (isIP(name) !== 0 || isLoopbackName(name)) return true;
  return allowed.some((entry) =>
    entry.startsWith('.') ? name === entry.slice(1) || name.endsWith(entry) : name === entry,
  );
}

/** The one-line answer to a refused `Host`, naming the flag (or option) that allows it. */
export function hostRefusal(host: string | undefined, flag: string): string {
  if (host === undefined || host === '')
    return `a request must name this server in its Host header (add names with ${flag})\n`;
  const name = hostnameOf(host);
  const shown = JSON.stringify((name ?? host).slice(0, 100));
  return name === undefined
    ? `the Host header ${shown} is not a host name\n`
    : `the host ${shown} is not allowed: this server answers loopback names and addresses; allow another name with ${flag} ${name}\n`;
}

/** Methods that change nothing: a browser may send them from anywhere (navigation, a link). */
export function isSafeMethod(method: string | undefined): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}

function header(headers: IncomingHttpHeaders | Headers, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const value = (headers as IncomingHttpHeaders)[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether a browser sent the request from another origin. `Sec-Fetch-Site` decides when a browser sent
 * it: `cross-site` or `same-site` (another port of the same machine is `same-site`) is another origin
 * unless `Origin` is this server's own; `same-origin` and `none` are not (a page with
 * `Referrer-Policy: no-referrer` posts its own forms with `Origin: null`). Without it, an `Origin` that
 * is not `http://<Host>` (`null` included) is another origin. A request with neither header (curl, a
 * server, a test's `fetch`) is not a browser page's and is not cross-site.
 */
export function isCrossSite(headers: IncomingHttpHeaders | Headers): boolean {
  const origin = header(headers, 'origin');
  const host = header(headers, 'host');
  const own = origin !== undefined && host !== undefined && sameOrigin(origin, host);
  const site = header(headers, 'sec-fetch-site');
  if (site === 'same-origin' || site === 'none') return false;
  if (site === 'cross-site' || site === 'same-site') return !own;
  return origin !== undefined && !own;
}

function sameOrigin(origin: string, host: string): boolean {
  const expected = hostnameOf(host);
  if (expected === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const port = /:(\d+)$/.exec(host.startsWith('[') ? host.slice(host.indexOf(']') + 1) : host)?.[1];
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  const originName = normaliseName(url.hostname.replace(/^\[(.*)\]$/, '$1'));
  return originName === expected && (url.port || defaultPort) === (port ?? defaultPort);
}

/** The one-line answer to a refused cross-site write. */
export const CROSS_SITE_REFUSAL =
  'a page of another site cannot change this server: the request came from another origin (Origin / Sec-Fetch-Site)\n';

/** The limits every local server is created with (node:http's `createServer` options). */
export const SERVER_LIMITS = {
  /** Bytes of request line and headers together (Node's default is 16 KiB). */
  maxHeaderSize: 16 * 1024,
  /** A client must have sent its headers within this (ms): a client trickling them is cut off. */
  headersTimeout: 10_000,
  /** A whole request (headers and body) must arrive within this (ms). */
  requestTimeout: 30_000,
  /** An idle kept-alive connection is closed after this (ms). */
  keepAliveTimeout: 5_000,
  /** How often Node looks for connections past those timeouts (ms; Node's default is 30 s). */
  connectionsCheckingInterval: 2_000,
  /** A request without `Host` reaches the guard, which answers it 403 naming the flag (Node would answer 400). */
  requireHostHeader: false,
} as const satisfies ServerOptions;

/** The longest request target (path and query) a local server reads; a longer one is answered 414. */
export const MAX_URL_LENGTH = 8 * 1024;

/**
 * What every local server checks before its own routes, in this order: the request target (414 when too
 * long, 404 for a NUL, invalid percent-encoding or invalid UTF-8 in the path), the `Host` (403 naming
 * `flag`), then `sameOriginOnly(request)`: true for a state-changing (or private) route, which a cross-site request may not
 * use (403). Resolves true when it answered (the caller stops); false to go on.
 */
export function refuseRequest(
  request: IncomingMessage,
  response: ServerResponse,
  options: {
    readonly allowed: AllowedHosts;
    readonly flag: string;
    readonly sameOriginOnly: (request: IncomingMessage) => boolean;
  },
): boolean {
  const target = request.url ?? '/';
  if (target.length > MAX_URL_LENGTH)
    return answer(response, 414, `the request target is longer than ${MAX_URL_LENGTH} bytes\n`);
  // 404 as for any path nothing is served at (the file rules answer traversal with a NUL so too).
  if (!isValidPath(target))
    return answer(response, 404, 'nothing is served at a path with a NUL, invalid percent-encoding or invalid UTF-8\n');
  const host = request.headers.host;
  if (!isHostAllowed(host, options.allowed)) return answer(response, 403, hostRefusal(host, options.flag));
  if (options.sameOriginOnly(request) && isCrossSite(request.headers)) return answer(response, 403, CROSS_SITE_REFUSAL);
  return false;
}

/**
 * A request target in origin form whose path decodes to valid UTF-8 without a NUL; raw bytes outside
 * printable ASCII (a client sends them percent-encoded) and `*` or absolute forms are refused.
 */
export function isValidPath(target: string): boolean {
  if (!target.startsWith('/') || /[^\x21-\x7e]/.test(target)) return false;
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  return !decoded.includes('\0');
}

function answer(response: ServerResponse, status: number, text: string): true {
  const body = Buffer.from(text, 'utf8');
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': body.length,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    connection: 'close',
  });
  response.end(body);
  return true;
}

/**
 * Parse errors (a malformed request line or header, bad chunked encoding, headers over the limit, a
 * client that timed out) answered with the status Node chose and the connection closed, never a crash:
 * Node's own default does the same, this makes it explicit for a server that has its own listener.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket) => {
    if (!socket.writable || (socket as { _httpMessage?: unknown })._httpMessage !== undefined) {
      socket.destroy();
      return;
    }
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? '431 Request Header Fields Too Large'
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? '408 Request Timeout'
          : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  });
}
