/**
 * The one way the sandbox answers a request: a {@link Reply} written by {@link send}. API routes, the
 * test controls, the OAuth pages and discovery all go through it, so every answer gets the same headers
 * (`content-type`, `content-length`) and the same direct write to Node's response.
 */
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import { ServerResponse } from 'node:http';
import type { Reply } from './reply.js';

/** The Node response under @hono/node-server (`c.env.outgoing`); absent when the app is called with `app.fetch`. */
export function outgoingOf(c: Context): ServerResponse | undefined {
  const env = c.env as Partial<HttpBindings> | undefined;
  return env?.outgoing instanceof ServerResponse ? env.outgoing : undefined;
}

/** Sends `reply`: its JSON body (or HTML page) with its status and headers. */
export function send(c: Context, reply: Reply): Response {
  // Always a fresh headers object: the Node adapter may add to the one it is given.
  const headers: Record<string, string> = { ...reply.headers };
  let payload: string | undefined;
  if (reply.html !== undefined) payload = reply.html;
  else if (reply.json !== undefined || reply.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = reply.json ?? JSON.stringify(reply.body);
  }
  const outgoing = outgoingOf(c);
  if (outgoing) {
    // Written straight to Node's response: one writeHead + end, no web stream in between
    // (the adapter reads a web Response's body stream with a timer between chunks).
    if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
    outgoing.writeHead(reply.status, headers);
    outgoing.end(payload);
    return RESPONSE_ALREADY_SENT;
  }
  return new Response(payload ?? null, { status: reply.status, headers });
}
