/**
 * The test bench over HTTP, under `/_sandbox/`: reset, snapshots, faults, webhook modes, triggers,
 * deliveries and the contract report. Answered only to a caller on this machine or one sending the
 * control key; bodies and answers are JSON with snake_case keys.
 */
import { parseJson } from '@commerce-kit/internal/safe-json';
import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono } from 'hono';
import { controlKeyMatches, CONTROL_KEY_HEADER, isLoopbackAddress } from '../control/access.js';
import { DELIVERIES_DEFAULT_LIMIT, type Bench } from '../control/bench.js';
import { snakeCaseKeys } from '../control/deliveries.js';
import { latencyOf, readFaultInput, type FaultBoard } from '../control/faults.js';
import { InputProblem, InputReader, NotFound } from '../control/input.js';
import type { Snapshots } from '../control/snapshots.js';
import type { ViolationLog } from '../control/violations.js';
import type { Dispatcher } from '../events/dispatcher.js';
import { RELEASE_ORDERS } from '../events/mode.js';
import { readModeChange } from '../control/mode-change.js';
import { readBody } from './body.js';
import type { Reply } from './reply.js';
import { send } from './send.js';
import { CALLBACK_PATH, CONSENT_PATH } from './pages.js';

export interface BenchRouteDeps {
  readonly bench: Bench;
  readonly snapshots: Snapshots;
  readonly faults: FaultBoard;
  readonly violations: ViolationLog;
  readonly dispatcher: Dispatcher;
  readonly controlKey: string;
  readonly strict: boolean;
  readonly webhookUrl: string | undefined;
}

/** Control request bodies are small. */
const MAX_CONTROL_BODY = 256 * 1024;

const json = (status: number, body: unknown): Reply => ({ status, body: snakeCaseKeys(body), headers: { 'cache-control': 'no-store' } });

const error = (status: number, type: string, field: string, message: string): Reply => ({ status, body: { type, errors: { [field]: [message] } } });

const noContent = (): Reply => ({ status: 204 });

function remoteAddress(c: Context): string | undefined {
  return (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket.remoteAddress;
}

async function jsonBody(c: Context): Promise<unknown> {
  const read = await readBody(c.req.raw, 'application/json', MAX_CONTROL_BODY);
  if (!read.ok) throw new InputProblem('body', read.failure.message);
  if (read.text === '') return {};
  const parsed = parseJson(read.text, 'error');
  if (!parsed.ok) throw new InputProblem('body', parsed.reason === 'syntax' ? `is not valid JSON: ${parsed.message}` : parsed.message);
  return parsed.value;
}

/** Runs a control operation and sends its reply, answering its input problems with 400 and missing things with 404. */
async function answer(c: Context, run: () => Promise<Reply> | Reply): Promise<Response> {
  try {
    return send(c, await run());
  } catch (caught) {
    if (caught instanceof InputProblem) return send(c, error(400, 'invalid_request_error', caught.field, caught.detail));
    if (caught instanceof NotFound) return send(c, error(404, 'not_found_error', caught.field, caught.message));
    throw caught;
  }
}

export function registerBenchRoutes(app: Hono, deps: BenchRouteDeps): void {
  const { bench, snapshots, faults, violations, dispatcher } = deps;

  app.use('/_sandbox/*', async (c, next) => {
    const path = new URL(c.req.url).pathname;
    // The consent form and the callback page are part of the OAuth flow a browser walks through.
    if (path === CONSENT_PATH || path === CALLBACK_PATH) return next();
    if (isLoopbackAddress(remoteAddress(c)) || controlKeyMatches(c.req.header(CONTROL_KEY_HEADER), deps.controlKey)) return next();
    return send(c, error(403, 'authentication_error', 'control_key', `the control API answers callers on this machine, or with the ${CONTROL_KEY_HEADER} header printed at start`));
  });

  app.post('/_sandbox/reset', (c) => answer(c, async () => json(200, await bench.reset())));

  app.get('/_sandbox/snapshots', (c) => answer(c, () => json(200, { data: snapshots.list() })));
  app.post('/_sandbox/snapshots', (c) =>
    answer(c, async () => {
      const reader = new InputReader(await jsonBody(c), true, 'body');
      const name = reader.raw('name');
      reader.done();
      return json(201, await snapshots.take(name));
    }),
  );
  app.post('/_sandbox/snapshots/:name/restore', (c) => answer(c, async () => json(200, await snapshots.restore(c.req.param('name')))));
  app.delete('/_sandbox/snapshots/:name', (c) =>
    answer(c, () => {
      snapshots.delete(c.req.param('name'));
      return noContent();
    }),
  );

  app.get('/_sandbox/faults', (c) => answer(c, () => json(200, { latencyMs: faults.latencyMs, data: faults.list() })));
  app.post('/_sandbox/faults', (c) => answer(c, async () => json(201, faults.add(readFaultInput(await jsonBody(c), true)))));
  app.delete('/_sandbox/faults', (c) =>
    answer(c, () => {
      faults.clear();
      return noContent();
    }),
  );
  app.delete('/_sandbox/faults/:id', (c) =>
    answer(c, () => {
      if (!faults.remove(c.req.param('id'))) throw new NotFound('id', `no active fault with id ${JSON.stringify(c.req.param('id'))}`);
      return noContent();
    }),
  );
  app.put('/_sandbox/latency', (c) =>
    answer(c, async () => {
      const reader = new InputReader(await jsonBody(c), true, 'body');
      const latency = latencyOf(reader.raw('latencyMs'), 'latency_ms');
      reader.done();
      faults.setLatency(latency);
      return json(200, { latencyMs: latency });
    }),
  );

  const modeJson = () => ({ ...dispatcher.mode, held: dispatcher.held });
  app.get('/_sandbox/webhooks/mode', (c) => answer(c, () => json(200, modeJson())));
  app.patch('/_sandbox/webhooks/mode', (c) =>
    answer(c, async () => {
      dispatcher.setMode(readModeChange(await jsonBody(c), true));
      return json(200, modeJson());
    }),
  );
  app.post('/_sandbox/webhooks/release', (c) =>
    answer(c, async () => {
      const reader = new InputReader(await jsonBody(c), true, 'body');
      const order = reader.oneOf('order', RELEASE_ORDERS) ?? 'sent';
      const seed = reader.integer('seed', 0, 0xffff_ffff) ?? 1;
      reader.done();
      return json(200, { released: await dispatcher.release(order, seed) });
    }),
  );
  app.post('/_sandbox/webhooks/trigger', (c) =>
    answer(c, async () => {
      const reader = new InputReader(await jsonBody(c), true, 'body');
      const type = reader.raw('type');
      const data = reader.raw('data');
      reader.done();
      return json(202, bench.trigger(type, data));
    }),
  );

  app.get('/_sandbox/deliveries', (c) =>
    answer(c, () => {
      const limitText = c.req.query('limit');
      const limit = limitText === undefined ? DELIVERIES_DEFAULT_LIMIT : Number(limitText);
      return json(200, { webhookUrl: deps.webhookUrl ?? null, limit, ...bench.deliveries(limit, c.req.query('ending_before')) });
    }),
  );
  app.get('/_sandbox/deliveries/:id', (c) => answer(c, () => json(200, bench.delivery(c.req.param('id')))));
  app.post('/_sandbox/deliveries/:id/redeliver', (c) => answer(c, () => json(202, bench.redeliver(c.req.param('id')))));

  app.get('/_sandbox/violations', (c) =>
    answer(c, () => json(200, { strict: deps.strict, checked: violations.counts(), dropped: violations.dropped, data: violations.list() })),
  );
  app.delete('/_sandbox/violations', (c) =>
    answer(c, () => {
      violations.clear();
      return noContent();
    }),
  );
}
