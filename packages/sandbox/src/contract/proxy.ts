/**
 * The validating proxy: forwards an app's API and token calls to an upstream (the real platform, or a
 * sandbox) and checks every exchange against the spec (`exchange-check.ts`). Its departures are served at
 * `GET /_sandbox/violations` in the sandbox's own answer shape, so `commerce-sandbox report --url <proxy>`
 * writes the same contract report; `--record FILE` keeps the exchanges as HAR 1.2, secrets redacted.
 */
import { writeFileSync } from 'node:fs';
import {
  createServer,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Clock } from '@commerce-kit/internal/clock';
import { VERSION } from '../cli/version.js';
import { UNKNOWN_ROUTE_KEY } from '../control/violations.js';
import { checkExchange, type Exchange, matchRoute } from './exchange-check.js';
import type { ContractCase, ContractFinding } from './findings.js';
import { violationsAnswer } from './findings.js';
import { type HarEntry, harLog } from './har.js';

/** Hop-by-hop headers (RFC 9110 §7.6.1) and those the proxy's own transport sets. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'content-length',
]);
/** Paths outside the spec that an app talking to a sandbox calls: the control API, OpenID Connect discovery. */
const UNCHECKED_PREFIXES = ['/_sandbox/', '/.well-known/'];
/** A request body larger than this is refused (413) rather than buffered. */
const MAX_PROXY_BODY = 16 * 1024 * 1024;

export interface ProxyOptions {
  readonly upstream: string;
  readonly port?: number | undefined;
  readonly host?: string | undefined;
  readonly clock: Clock;
  /** Where to write the exchanges as HAR 1.2 (at close). */
  readonly record?: string | undefined;
}

export interface RunningProxy {
  readonly url: string;
  /** The checks so far: one case per operation, with its departures. */
  cases(): ContractCase[];
  close(): Promise<void>;
}

function readRequest(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_PROXY_BODY) {
        resolve(undefined);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

interface UpstreamAnswer {
  readonly status: number;
  readonly statusText: string;
  readonly headers: IncomingMessage['headers'];
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
}

/** One request to the upstream over a kept-alive connection (node:http: fetch costs a millisecond more per call). */
function requestUpstream(
  agent: HttpAgent | HttpsAgent,
  upstream: URL,
  method: string,
  path: string,
  headers: readonly string[],
  body: Buffer,
): Promise<UpstreamAnswer> {
  const secure = upstream.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname.replace(/^\[|\]$/g, ''),
        port: upstream.port,
        method,
        path,
        headers: [...headers],
        agent,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({
            status: answer.statusCode ?? 502,
            statusText: answer.statusMessage ?? '',
            headers: answer.headers,
            rawHeaders: answer.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
        answer.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body.length > 0 ? body : undefined);
  });
}

/** The body the checker reads: decompressed when the upstream compressed it. */
function decoded(body: Buffer, encoding: string | string[] | undefined): Buffer {
  try {
    switch (String(encoding ?? '').toLowerCase()) {
      case 'gzip':
      case 'x-gzip':
        return gunzipSync(body);
      case 'deflate':
        return inflateSync(body);
      case 'br':
        return brotliDecompressSync(body);
      default:
        return body;
    }
  } catch {
    return body;
  }
}

const flat = (headers: IncomingMessage['headers']): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers)
      .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
  );

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  const base = upstream.href.replace(/\/$/, '');
  const basePath = upstream.pathname.replace(/\/$/, '');
  const agent =
    upstream.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const { clock } = options;
  const checked = new Map<string, number>();
  const found = new Map<string, ContractFinding[]>();
  const har: HarEntry[] = [];

  const violations = (res: ServerResponse): void => {
    // Every departure, warnings (unknown query parameters) included, as the sandbox lists them.
    const answer = { ...violationsAnswer(cases(), true, new Date(clock.now()).toISOString()), strict: false };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  };

  /**
   * Exchanges answered but not yet checked. The check of an exchange runs after its answer is written
   * and after the I/O already waiting (other calls' requests and answers are forwarded first), in the
   * same turn of the event loop; anything that reads the results checks what is queued first.
   */
  const unchecked: Exchange[] = [];
  const checkQueued = (): void => {
    // One at a time from the front: a failing check (a bug) leaves the rest queued, not lost.
    while (unchecked.length > 0) check(unchecked.shift()!);
  };
  const check = (exchange: Exchange): void => {
    const path = exchange.url.split('?')[0]!;
    let operation = UNKNOWN_ROUTE_KEY;
    let findings: ContractFinding[];
    try {
      findings = checkExchange(exchange);
      operation = matchRoute(exchange.method, path)?.route.operationId ?? UNKNOWN_ROUTE_KEY;
    } catch (error) {
      // Never a crash of the proxy (a path with malformed percent-encoding, say): the exchange is reported.
      findings = [
        {
          severity: 'error',
          operation: '(unknown route)',
          method: exchange.method.toUpperCase(),
          path,
          in: 'route',
          pointer: '',
          expected: 'an exchange the proxy can check',
          actual: `${exchange.method.toUpperCase()} ${path}`,
          status: exchange.status,
          message: `the proxy could not check this exchange: ${error instanceof Error ? error.message : String(error)}`,
        },
      ];
    }
    checked.set(operation, (checked.get(operation) ?? 0) + 1);
    if (findings.length > 0) found.set(operation, [...(found.get(operation) ?? []), ...findings]);
  };

  function cases(): ContractCase[] {
    checkQueued();
    return [...checked.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, count]) => ({ name, checked: count, findings: found.get(name) ?? [], log: [] }));
  }

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    if (req.method === 'GET' && url.split('?')[0] === '/_sandbox/violations') return violations(res);
    if (req.method === 'DELETE' && url.split('?')[0] === '/_sandbox/violations') {
      unchecked.length = 0;
      checked.clear();
      found.clear();
      res.writeHead(204).end();
      return;
    }
    const started = clock.now();
    const body = await readRequest(req);
    if (body === undefined) {
      res
        .writeHead(413, { 'content-type': 'application/json' })
        .end('{"type":"invalid_request_error","errors":{"body":["is too large for the proxy"]}}');
      return;
    }
    // The request as it came, but for the hop-by-hop headers; the body whole (its length is known now).
    const headers: string[] = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i]!;
      if (!HOP_BY_HOP.has(name.toLowerCase())) headers.push(name, req.rawHeaders[i + 1]!);
    }
    headers.push('host', upstream.host);
    if (body.length > 0 || req.headers['content-length'] !== undefined)
      headers.push('content-length', String(body.length));
    const method = req.method ?? 'GET';
    let answer: UpstreamAnswer;
    try {
      answer = await requestUpstream(agent, upstream, method, `${basePath}${url}`, headers, body);
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error);
      res
        .writeHead(502, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ type: 'api_error', errors: { upstream: [`the proxy could not reach ${base}: ${cause}`] } }),
        );
      return;
    }
    // The answer as it came (compressed or not), but for the hop-by-hop headers.
    const forwarded: string[] = [];
    for (let i = 0; i < answer.rawHeaders.length; i += 2) {
      const name = answer.rawHeaders[i]!;
      if (!HOP_BY_HOP.has(name.toLowerCase())) forwarded.push(name, answer.rawHeaders[i + 1]!);
    }
    forwarded.push('content-length', String(answer.body.length));
    res.writeHead(answer.status, answer.statusText, forwarded);
    res.end(answer.body);
    const time = clock.now() - started;
    const responseHeaders = flat(answer.headers);
    delete responseHeaders['content-encoding'];
    const exchange: Exchange = {
      method,
      url,
      requestHeaders: flat(req.headers),
      requestBody: body.toString('utf8'),
      status: answer.status,
      responseHeaders,
      responseBody: decoded(answer.body, answer.headers['content-encoding']).toString('utf8'),
    };
    if (options.record !== undefined)
      har.push({ started, time, upstream: base, statusText: answer.statusText, exchange });
    // The sandbox's own control API and OpenID Connect discovery are not the platform's API: forwarded, not checked.
    if (UNCHECKED_PREFIXES.some((prefix) => url.startsWith(prefix))) return;
    if (unchecked.push(exchange) === 1) setImmediate(checkQueued);
  }

  const server = createServer((req, res) => {
    forward(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else
        res
          .writeHead(502, { 'content-type': 'application/json' })
          .end(JSON.stringify({ type: 'api_error', errors: { proxy: [String(error)] } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    cases,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      agent.destroy();
      if (options.record !== undefined)
        writeFileSync(options.record, `${JSON.stringify(harLog(har, VERSION), null, 2)}\n`);
    },
  };
}
