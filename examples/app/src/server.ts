/**
 * The HTTP server: Node's, through `@hono/node-server` as the sandbox runs. It listens before the app
 * exists, because the platform must be told the app's address (its redirect URI and webhook URL) and
 * the app must be told the platform's credentials: `serve(app.fetch)` once both are known.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
// The checks every commerce-kit local server makes (docs/house-style.md, "Local servers"): the Host
// allow-list against DNS rebinding, no cross-site writes, limits. A copy of the app takes them along.
import {
  allowedHosts,
  answerClientErrors,
  isSafeMethod,
  refuseRequest,
  SERVER_LIMITS,
} from '@commerce-kit/internal/local-server/guard';

export interface Listening {
  /** `http://host:port`, with the real port when 0 was asked for. */
  readonly url: string;
  /** Answers every request with this Fetch API handler from now on. */
  serve(fetch: (request: Request) => Response | Promise<Response>): void;
  /** Stops listening and ends open connections (a live page's event stream among them). */
  close(): Promise<void>;
}

/**
 * A request whose answer failed (the adapter's listener threw or rejected): logged, then answered 500, or
 * its connection ended when the answer had already begun.
 */
function answerFailed(response: ServerResponse, error: unknown): void {
  console.error('example app: answering a request failed:', error);
  if (response.headersSent) response.destroy();
  else response.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
}

/**
 * Listens on `host:port`; rejects with a clear message when the port is taken. Answers only requests
 * naming a loopback host, an IP literal, `host` or one of `extraHosts` (403 otherwise), and refuses a
 * POST a page of another site sends (403), before the app sees either: the forms' CSRF token stays the
 * app's second line.
 */
export async function listen(port: number, host: string, extraHosts: readonly string[] = []): Promise<Listening> {
  const allowed = allowedHosts(host, extraHosts);
  let listener = (_request: IncomingMessage, response: ServerResponse): void | Promise<void> => {
    response.writeHead(503, { 'content-type': 'text/plain' }).end('starting');
  };
  // The adapter's listener is async. Its failure is answered here: left unhandled, a rejection would end
  // the process, and the sandbox running in it.
  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    await listener(request, response);
  };
  const server = createServer({ ...SERVER_LIMITS }, (request, response) => {
    const sameOriginOnly = (r: IncomingMessage): boolean => !isSafeMethod(r.method);
    if (refuseRequest(request, response, { allowed, flag: '--allowed-host', sameOriginOnly })) return;
    answer(request, response).catch((error: unknown) => answerFailed(response, error));
  });
  answerClientErrors(server);
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
