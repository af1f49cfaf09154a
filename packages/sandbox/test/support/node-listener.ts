import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A `node:http` request listener for an async one (`handler.node` of `@commerce-kit/webhooks`, a test's
 * own receiver): should it reject, the error is printed and the request answered 500 (the sandbox then
 * logs a failed delivery), or its connection ended when the answer had begun; never an unhandled rejection.
 */
export function nodeListener(
  listener: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    listener(req, res).catch((error: unknown) => {
      console.error('the test receiver failed:', error);
      if (res.headersSent) res.destroy();
      else res.writeHead(500).end();
    });
  };
}
