/**
 * The HTTP server: Node's, through `@hono/node-server` as the sandbox runs. It listens before the app
 * exists, because the platform must be told the app's address (its redirect URI and webhook URL) and
 * the app must be told the platform's credentials: `serve(app.fetch)` once both are known.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';

export interface Listening {
  /** `http://host:port`, with the real port when 0 was asked for. */
  readonly url: string;
  /** Answers every request with this Fetch API handler from now on. */
  serve(fetch: (request: Request) => Response | Promise<Response>): void;
  /** Stops listening and ends open connections (a live page's event stream among them). */
  close(): Promise<void>;
}

/** Listens on `host:port`; rejects with a clear message when the port is taken. */
export async function listen(port: number, host: string): Promise<Listening> {
  let listener = (_request: IncomingMessage, response: ServerResponse): void => {
    response.writeHead(503, { 'content-type': 'text/plain' }).end('starting');
  };
  const server = createServer((request, response) => void listener(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${port} on ${host} is in use`, { cause: error }) : error),
    );
    server.listen(port, host, resolve);
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}`,
    serve(fetch) {
      // Leaves globalThis.Request and Response as they are (the sandbox, in the same process, does too).
      listener = getRequestListener(fetch, { overrideGlobalObjects: false });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
