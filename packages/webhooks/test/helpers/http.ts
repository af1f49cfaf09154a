// Real loopback servers for receiver tests: one for Node listeners, one bridging node:http to a
// Fetch handler through Node's global Request/Response.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  readonly url: string;
  /** What the listener threw or rejected with, in order (each such request was answered 500). */
  readonly failures: readonly unknown[];
  /** Closes the server; rejects with the listener's failures, if there were any. */
  close(): Promise<void>;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * A server whose listener may be async: a throw or a rejection is recorded, answered with a 500 so
 * the client is not left waiting, and reported again by `close()`, so a test sees it fail (rather
 * than an unhandled rejection that hangs the request until the test times out).
 */
async function listen(listener: Listener): Promise<RunningServer> {
  const failures: unknown[] = [];
  const fail = (res: ServerResponse, error: unknown): void => {
    failures.push(error);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  };
  const server: Server = createServer((req, res) => {
    try {
      Promise.resolve(listener(req, res)).catch((error: unknown) => fail(res, error));
    } catch (error) {
      fail(res, error);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    failures,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else if (failures.length > 0) reject(new AggregateError(failures, "the server's listener failed"));
          else resolve();
        });
      }),
  };
}

export function startNodeServer(listener: Listener): Promise<RunningServer> {
  return listen(listener);
}

export function startFetchServer(
  handler: (request: Request, env?: unknown, ctx?: { waitUntil(p: Promise<unknown>): void }) => Promise<Response>,
  ctx?: { waitUntil(p: Promise<unknown>): void },
): Promise<RunningServer> {
  return listen(async (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
      method: req.method ?? 'POST',
      headers,
      ...(hasBody ? { body: req as unknown as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    const response = await handler(request, undefined, ctx);
    res.statusCode = response.status;
    for (const [name, value] of response.headers) res.setHeader(name, value);
    res.end(Buffer.from(await response.arrayBuffer()));
  });
}

export async function post(
  url: string,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, { method: 'POST', body, headers });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
