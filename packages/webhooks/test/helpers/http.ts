// Real loopback servers for receiver tests: one for Node listeners, one bridging node:http to a
// Fetch handler through Node's global Request/Response.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  readonly url: string;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<RunningServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export function startNodeServer(
  listener: (req: IncomingMessage, res: ServerResponse) => unknown,
): Promise<RunningServer> {
  return listen(createServer((req, res) => void listener(req, res)));
}

export function startFetchServer(
  handler: (request: Request, env?: unknown, ctx?: { waitUntil(p: Promise<unknown>): void }) => Promise<Response>,
  ctx?: { waitUntil(p: Promise<unknown>): void },
): Promise<RunningServer> {
  return listen(
    createServer(async (req, res) => {
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
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.end(Buffer.from(await response.arrayBuffer()));
    }),
  );
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
