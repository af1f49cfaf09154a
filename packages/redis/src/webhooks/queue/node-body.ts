/**
 * The body of a Node request: what body-parsing middleware already read (`req.body`), or the raw
 * bytes from the stream, up to a size limit.
 * @internal
 */
import type { IncomingMessage } from 'node:http';
import type { DeliveryBody } from '@commerce-kit/webhooks';

function fromMiddleware(req: IncomingMessage): DeliveryBody | undefined {
  const body = (req as IncomingMessage & { body?: unknown }).body;
  if (body === undefined || body === null) return undefined;
  // express.json() sets `{}` without reading the stream when the content type does not match.
  if (typeof body === 'object' && !(body instanceof Uint8Array) && Object.keys(body).length === 0 && !req.readableEnded)
    return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array || typeof body === 'object') return body as DeliveryBody;
  return undefined;
}

/** The body, or `undefined` when it is larger than `limit` bytes. */
export function readNodeBody(req: IncomingMessage, limit: number): Promise<DeliveryBody | undefined> {
  const parsed = fromMiddleware(req);
  if (parsed !== undefined) return Promise.resolve(parsed);
  const declared = req.headers['content-length'];
  if (typeof declared === 'string' && /^\d+$/.test(declared) && Number(declared) > limit) {
    req.resume();
    return Promise.resolve(undefined);
  }
  if (req.readableEnded) return Promise.resolve(new Uint8Array(0));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (value: DeliveryBody | undefined): void => {
      if (done) return;
      done = true;
      resolve(value);
    };
    req.on('data', (chunk: Buffer | string) => {
      if (done) return;
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      size += bytes.length;
      if (size > limit) {
        // Stop buffering; the rest is read and dropped so the client gets the 413.
        req.removeAllListeners('data');
        req.resume();
        finish(undefined);
        return;
      }
      chunks.push(bytes);
    });
    req.on('end', () => finish(new Uint8Array(Buffer.concat(chunks, size))));
    // A client that went away mid-body: an empty (hence malformed) body rather than a listener that waits forever.
    req.on('error', () => finish(new Uint8Array(0)));
    req.on('close', () => finish(new Uint8Array(0)));
  });
}
