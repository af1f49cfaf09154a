import { utf8 } from '../encoding.js';
import type { DeliveryBody } from '../body.js';
import { tooLargeResponse, type DeliveryProcessor, type WebhookResponse } from './types.js';

/**
 * The parts of Node's `http.IncomingMessage` (and Express's `Request`) the adapter uses. Declared
 * structurally so the package's types do not require `@types/node` on edge projects.
 */
export type NodeRequestLike = {
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** Set by body-parsing middleware (`express.json()`, `express.raw()`, ...). */
  readonly body?: unknown;
  readonly readableEnded?: boolean | undefined;
  on(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  removeAllListeners(event: 'data'): unknown;
  resume(): unknown;
};

/** The parts of Node's `http.ServerResponse` (and Express's `Response`) the adapter uses. */
export type NodeResponseLike = {
  statusCode: number;
  readonly headersSent?: boolean | undefined;
  setHeader(name: string, value: string): unknown;
  end(body?: string): unknown;
};

/** A `(req, res)` listener for `http.createServer`, Express, Fastify's `raw` and similar. */
export type NodeWebhookListener = (req: NodeRequestLike, res: NodeResponseLike) => Promise<void>;

type BodyRead = { ok: true; body: DeliveryBody } | { ok: false };

function contentLengthTooLarge(req: NodeRequestLike, limit: number): boolean {
  const header = req.headers['content-length'];
  if (typeof header !== 'string' || !/^[0-9]+$/.test(header)) return false;
  return Number(header) > limit;
}

function readStream(req: NodeRequestLike, limit: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyRead): void => {
      if (done) return;
      done = true;
      resolve(result);
    };
    req.on('data', (chunk) => {
      if (done) return;
      const bytes = typeof chunk === 'string' ? utf8(chunk) : chunk;
      size += bytes.length;
      if (size > limit) {
        // Stop buffering; the rest is read and discarded so the client can receive the 413.
        req.removeAllListeners('data');
        req.resume();
        finish({ ok: false });
        return;
      }
      chunks.push(bytes);
    });
    req.on('end', () => {
      const body = new Uint8Array(size);
      let offset = 0;
      for (const chunk of chunks) {
        body.set(chunk, offset);
        offset += chunk.length;
      }
      finish({ ok: true, body });
    });
    // A client that disconnects mid-body: settle (as an empty, hence malformed, body) rather than
    // leave the listener waiting for an 'end' that never comes.
    req.on('error', () => finish({ ok: true, body: new Uint8Array(0) }));
    req.on('close', () => finish({ ok: true, body: new Uint8Array(0) }));
  });
}

function parsedByMiddleware(req: NodeRequestLike): DeliveryBody | undefined {
  const body = req.body;
  if (body === undefined || body === null) return undefined;
  const isEmptyObject = typeof body === 'object' && !(body instanceof Uint8Array) && Object.keys(body).length === 0;
  // express.json() sets `{}` without reading the stream when the content type does not match.
  if (isEmptyObject && req.readableEnded !== true) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array || typeof body === 'object') return body as DeliveryBody;
  return undefined;
}

function send(res: NodeResponseLike, response: WebhookResponse): void {
  if (res.headersSent === true) return;
  res.statusCode = response.status;
  res.setHeader('content-type', 'application/json');
  if (response.status === 413) res.setHeader('connection', 'close');
  res.end(JSON.stringify(response.body));
}

/**
 * Wraps a handler as a Node `(req, res)` listener. The raw body is read from the stream (up to the
 * size limit); if middleware already consumed it, `req.body` is used instead.
 * @internal Use `handler.node`.
 */
export function createNodeListener(processor: DeliveryProcessor): NodeWebhookListener {
  return async (req, res) => {
    // Released right after res.end(), which hands the bytes to the socket: onEvent cannot hold the
    // answer back, and no timer is involved.
    let sent!: () => void;
    const acknowledged = new Promise<void>((resolve) => {
      sent = resolve;
    });
    let response: WebhookResponse;
    try {
      const preParsed = parsedByMiddleware(req);
      if (preParsed !== undefined) {
        response = await processor.handle(preParsed, req.headers, acknowledged);
      } else if (contentLengthTooLarge(req, processor.maxBodyBytes)) {
        req.resume();
        response = tooLargeResponse();
      } else if (req.readableEnded === true) {
        response = await processor.handle(new Uint8Array(0), req.headers, acknowledged);
      } else {
        const read = await readStream(req, processor.maxBodyBytes);
        response = read.ok ? await processor.handle(read.body, req.headers, acknowledged) : tooLargeResponse();
      }
    } catch {
      response = { status: 500, body: { received: false, reason: 'internal_error' }, processed: Promise.resolve() };
    }
    try {
      send(res, response);
    } finally {
      sent();
    }
  };
}
