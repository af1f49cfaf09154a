import { readLimited } from '@commerce-kit/internal/read-limited';
import { tooLargeResponse, type DeliveryProcessor, type WebhookResponse } from './types.js';

/** The `ctx` argument of Cloudflare Workers' `fetch(request, env, ctx)`; other runtimes omit it. */
export interface WaitUntilContext {
  waitUntil(promise: Promise<unknown>): void;
}

/**
 * A Fetch API handler: `(request) => Promise<Response>`, usable as a Next.js route handler, a Hono
 * handler via `c.req.raw`, or a Cloudflare Worker's `fetch` (where it keeps processing alive with
 * `ctx.waitUntil`).
 */
export type FetchWebhookHandler = (request: Request, env?: unknown, ctx?: WaitUntilContext) => Promise<Response>;

async function readBody(request: Request, limit: number): Promise<Uint8Array | undefined> {
  const length = request.headers.get('content-length');
  const declared = length !== null && /^[0-9]+$/.test(length) ? Number(length) : undefined;
  if (declared !== undefined && declared > limit) return undefined;
  if (request.body === null) return new Uint8Array(0);
  if (declared !== undefined) {
    // A declared length within the limit: one arrayBuffer() call is cheaper than a reader loop.
    // The length is checked again, since a Request built by hand may declare less than it holds.
    const body = new Uint8Array(await request.arrayBuffer());
    return body.length > limit ? undefined : body;
  }
  return readLimited(request.body, limit);
}

function toResponse(response: WebhookResponse): Response {
  return new Response(JSON.stringify(response.body), {
    status: response.status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Wraps a handler as a Fetch API handler. @internal Use `handler.fetch`. */
export function createFetchHandler(processor: DeliveryProcessor): FetchWebhookHandler {
  return async (request, _env, ctx) => {
    let response: WebhookResponse;
    try {
      const body = await readBody(request, processor.maxBodyBytes);
      response = body === undefined ? tooLargeResponse() : await processor.handle(body, request.headers);
    } catch {
      response = { status: 500, body: { received: false, reason: 'internal_error' }, processed: Promise.resolve() };
    }
    if (ctx !== undefined && typeof ctx.waitUntil === 'function') ctx.waitUntil(response.processed);
    return toResponse(response);
  };
}
