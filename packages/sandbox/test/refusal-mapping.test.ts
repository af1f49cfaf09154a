// One refusal error, answered in one place: a `Refusal` thrown by a handler, a pipeline step, a control
// route or a middleware comes out of the app's `onError` as its status, error body and headers; anything
// else is a 500 with the documented body that says nothing of the error.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { systemClock } from '../src/clock.js';
import { CONTROL_KEY_HEADER } from '../src/control/access.js';
import { createApp, type AppDeps } from '../src/http/app.js';
import { notFound, Refusal, unauthenticated } from '../src/refusal.js';

const CONTROL_KEY = 'control-key-for-the-test';
const SECRET = 'sk_test_do_not_print_me';
const SERVER_ERROR = {
  type: 'api_error',
  errors: { server: ['the sandbox failed to answer this request (see its log)'] },
};

/**
 * The app over stand-ins of its services: a customer read refuses (404) or fails (an unexpected error
 * whose message holds a secret), depending on the id; the log is kept.
 */
function missingOrBroken(_kind: string, id: string): never {
  if (id === 'cus_broken') throw new Error(`the database is gone (password ${SECRET})`);
  throw notFound('id', `no customer with id ${JSON.stringify(id)}`);
}

function appWithStandIns(): { readonly app: Hono; readonly logged: string[] } {
  const logged: string[] = [];
  const deps = {
    clock: systemClock,
    log: { info: (line: string) => logged.push(line), warn: () => {}, error: (line: string) => logged.push(line) },
    logRequests: false,
    onResponseMismatch: 'error',
    strict: false,
    controlKey: CONTROL_KEY,
    webhookUrl: undefined,
    faults: { active: false, latencyMs: 0 },
    violations: { checked: () => {}, record: () => {} },
    rateLimiter: { take: () => ({ allowed: true }) },
    services: {
      oauth: {
        authenticate: (authorization: string | undefined) => {
          if (authorization === undefined)
            throw unauthenticated('is missing: send Authorization: Bearer <ACCESS_TOKEN>');
          return { accountId: 'acc_1', clientId: 'app_1' };
        },
      },
      // `document` is what a retrieve reads (the stored JSON), `read` the parsed object.
      resources: { read: missingOrBroken, document: missingOrBroken },
    },
  } as unknown as AppDeps;
  return { app: createApp(deps), logged };
}

const bodyOf = async (response: Response): Promise<unknown> => JSON.parse(await response.text()) as unknown;

describe('a refusal is answered by the one mapping', () => {
  test('thrown by a handler: its status and error body, checked against the operation', async () => {
    const { app } = appWithStandIns();
    const response = await app.request('/customers/cus_missing', { headers: { authorization: 'Bearer t' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await bodyOf(response)).toEqual({
      type: 'not_found_error',
      errors: { id: ['no customer with id "cus_missing"'] },
    });
  });

  test('thrown by a pipeline step: a 401 keeps its WWW-Authenticate', async () => {
    const { app } = appWithStandIns();
    const response = await app.request('/customers/cus_missing');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(await bodyOf(response)).toEqual({
      type: 'authentication_error',
      errors: { authorization: ['is missing: send Authorization: Bearer <ACCESS_TOKEN>'] },
    });
  });

  test('thrown by a control route: a bad input is a 400 naming the field', async () => {
    const { app } = appWithStandIns();
    const response = await app.request('/_sandbox/faults', {
      method: 'POST',
      headers: { [CONTROL_KEY_HEADER]: CONTROL_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'status' }),
    });
    expect(response.status).toBe(400);
    expect(await bodyOf(response)).toEqual({
      type: 'invalid_request_error',
      errors: { status: ['is required for a status fault: 429, 500 or 503'] },
    });
  });

  test("thrown by a middleware: the control routes' access rule is a 403", async () => {
    const { app } = appWithStandIns();
    const response = await app.request('/_sandbox/reset', { method: 'POST' });
    expect(response.status).toBe(403);
    expect(await bodyOf(response)).toEqual({
      type: 'authentication_error',
      errors: { control_key: [expect.stringContaining(CONTROL_KEY_HEADER)] },
    });
  });

  test('a 405 keeps its Allow header', async () => {
    const { app } = appWithStandIns();
    const response = await app.request('/customers/cus_1', { method: 'PATCH' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE');
  });

  test('a route or middleware added later needs nothing of its own: the mapping is the app’s, not the route’s', async () => {
    const { app } = appWithStandIns();
    app.use('/_probe/guarded/*', () => {
      throw new Refusal(
        429,
        { type: 'rate_limit_error', errors: { probe: ['slow down'] } },
        { headers: { 'retry-after': '3' } },
      );
    });
    app.get('/_probe/guarded/x', (c) => c.text('unreachable'));
    app.get('/_probe/handler', () => {
      throw new Refusal(409, { type: 'invalid_request_error', errors: { probe: ['conflict'] } });
    });
    const guarded = await app.request('/_probe/guarded/x');
    expect([guarded.status, guarded.headers.get('retry-after'), await bodyOf(guarded)]).toEqual([
      429,
      '3',
      { type: 'rate_limit_error', errors: { probe: ['slow down'] } },
    ]);
    const handled = await app.request('/_probe/handler');
    expect([handled.status, await bodyOf(handled)]).toEqual([
      409,
      { type: 'invalid_request_error', errors: { probe: ['conflict'] } },
    ]);
  });

  test('only the app turns a refusal into a response: no other module of the sandbox reads its status to answer', () => {
    const root = path.join(import.meta.dirname, '..', 'src');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.startsWith('generated'),
    );
    const answering = files.filter((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return /instanceof Refusal/.test(text) && /\bsend\(/.test(text);
    });
    expect(answering).toEqual([path.join('http', 'app.ts')]);
  });
});

test('an unexpected error is a 500 with the documented body: no message, stack or secret', async () => {
  const { app, logged } = appWithStandIns();
  const response = await app.request('/customers/cus_broken', { headers: { authorization: 'Bearer t' } });
  expect(response.status).toBe(500);
  const text = await response.text();
  expect(JSON.parse(text)).toEqual(SERVER_ERROR);
  expect(text).not.toContain(SECRET);
  expect(text).not.toMatch(/database|\bat\s|\.ts:\d/);
  // The developer's own log says which request failed.
  expect(logged).toEqual([expect.stringMatching(/^internal error on GET \/customers\/cus_broken: /)]);
});
