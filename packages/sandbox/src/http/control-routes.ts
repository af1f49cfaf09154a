/**
 * The sandbox's own routes under `/_sandbox/` (not part of the platform's API): the consent decision,
 * the test app's callback page, and the webhook deliveries (list, one, re-send).
 */
import type { Clock } from '@commerce-kit/internal/clock';
import type { Hono } from 'hono';
import type { Dispatcher } from '../events/dispatcher.js';
import type { OAuthService } from '../services/oauth.js';
import type { AttemptRow, OutboxRow } from '../store/outbox.js';
import type { Store } from '../store/store.js';
import { readBody } from './body.js';
import { CALLBACK_PATH, callbackPage, CONSENT_PATH } from './pages.js';
import { Problem } from './problem.js';
import type { Reply } from './reply.js';

export interface ControlDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly dispatcher: Dispatcher;
  readonly oauth: OAuthService;
  readonly webhookUrl: string | undefined;
  /** The base URL and the test app's redirect URI, known once the server listens. */
  readonly baseUrl: () => string;
  readonly redirectUri: () => string;
}

/** Deliveries listed per page by default, and at most. */
export const DELIVERIES_DEFAULT_LIMIT = 20;
export const DELIVERIES_MAX_LIMIT = 100;

const iso = (ms: number): string => new Date(ms).toISOString();

function attemptJson(attempt: AttemptRow): Record<string, unknown> {
  return {
    started_time: iso(attempt.started_at),
    duration_ms: attempt.duration_ms,
    url: attempt.url,
    status: attempt.status,
    response_body: attempt.response_body,
    error: attempt.error,
  };
}

function deliveryJson(row: OutboxRow, attempts: AttemptRow[], all: boolean): Record<string, unknown> {
  const last = attempts.at(-1);
  return {
    id: String(row.seq),
    event_type: row.event_type,
    object_id: row.object_id,
    status: row.status,
    attempt_count: row.attempts,
    created_time: iso(row.created_at),
    updated_time: iso(row.updated_at),
    data: JSON.parse(row.data) as unknown,
    last_attempt: last ? attemptJson(last) : null,
    ...(all ? { attempts: attempts.map(attemptJson) } : {}),
  };
}

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function problem(p: Problem): Response {
  return new Response(JSON.stringify(p.body), { status: p.status, headers: { 'content-type': 'application/json', ...p.headers } });
}

// Always a fresh headers object: the Node adapter may add to the one it is given.
function replyToResponse(reply: Reply): Response {
  if (reply.html !== undefined) return new Response(reply.html, { status: reply.status, headers: { ...reply.headers } });
  if (reply.body !== undefined) return json(reply.status, reply.body);
  return new Response(null, { status: reply.status, headers: { ...reply.headers } });
}

const invalid = (field: string, message: string): Response =>
  problem(new Problem(400, { type: 'invalid_request_error', errors: { [field]: [message] } }));

/** @param checkRedirect checks the consent redirect against the authorize operation's documented 302 */
export function registerControlRoutes(app: Hono, deps: ControlDeps, checkRedirect: (reply: Reply) => Reply): void {
  const { store, dispatcher, oauth } = deps;

  app.post(CONSENT_PATH, async (c) => {
    const read = await readBody(c.req.raw, 'application/x-www-form-urlencoded', 64 * 1024);
    if (!read.ok) return invalid('body', read.failure.message);
    const form = new URLSearchParams(read.text);
    const decision = form.get('decision');
    if (decision !== 'allow' && decision !== 'deny') return invalid('decision', 'must be "allow" or "deny"');
    try {
      const location = oauth.decide(form.get('consent') ?? '', decision === 'allow');
      return replyToResponse(checkRedirect({ status: 302, headers: { location, 'cache-control': 'no-store' } }));
    } catch (error) {
      if (error instanceof Problem) return problem(error);
      throw error;
    }
  });

  app.get(CALLBACK_PATH, (c) => replyToResponse(callbackPage(deps.baseUrl(), deps.redirectUri(), new URL(c.req.url).searchParams)));

  app.get('/_sandbox/deliveries', (c) => {
    const limitText = c.req.query('limit');
    const limit = limitText === undefined ? DELIVERIES_DEFAULT_LIMIT : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > DELIVERIES_MAX_LIMIT) return invalid('limit', `must be an integer from 1 to ${DELIVERIES_MAX_LIMIT}`);
    const beforeText = c.req.query('ending_before');
    const before = beforeText === undefined ? undefined : Number(beforeText);
    if (before !== undefined && !Number.isInteger(before)) return invalid('ending_before', 'must be a delivery id');
    const rows = store.outbox.list(limit + 1, before);
    const page = rows.slice(0, limit);
    return json(200, {
      webhook_url: deps.webhookUrl ?? null,
      limit,
      has_more: rows.length > limit,
      data: page.map((row) => deliveryJson(row, store.outbox.attempts(row.seq), false)),
    });
  });

  app.get('/_sandbox/deliveries/:id', (c) => {
    const row = store.outbox.get(Number(c.req.param('id')));
    if (!row) return problem(new Problem(404, { type: 'not_found_error', errors: { id: ['no delivery with this id'] } }));
    return json(200, deliveryJson(row, store.outbox.attempts(row.seq), true));
  });

  app.post('/_sandbox/deliveries/:id/resend', (c) => {
    const seq = Number(c.req.param('id'));
    const row = store.outbox.get(seq);
    if (!row) return problem(new Problem(404, { type: 'not_found_error', errors: { id: ['no delivery with this id'] } }));
    if (deps.webhookUrl === undefined) return invalid('webhook_url', 'no webhook URL is configured: start the sandbox with --webhook-url');
    if (row.status === 'pending') return invalid('id', 'the delivery is already waiting to be sent');
    store.write(() => store.outbox.requeue(seq, deps.clock.now()));
    dispatcher.wake();
    return json(202, deliveryJson(store.outbox.get(seq)!, store.outbox.attempts(seq), true));
  });
}
