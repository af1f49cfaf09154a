/**
 * The test controls over HTTP (the control API), under `/_sandbox/`: reset, snapshots, faults, webhook modes, triggers,
 * deliveries and the contract report. Answered only to a caller sending the control key (on this machine
 * too: a web page is a caller on this machine); bodies and answers are JSON with snake_case keys.
 */
import type { Hono } from 'hono';
import { controlKeyMatches, CONTROL_KEY_HEADER } from '../control/access.js';
import { DELIVERIES_DEFAULT_LIMIT, type ControlOperations } from '../control/operations.js';
import { latencyOf, readFaultInput, type FaultBoard } from '../control/faults.js';
import { InputReader } from '../control/input.js';
import { notFound, Refusal } from '../refusal.js';
import type { Snapshots } from '../control/snapshots.js';
import type { ViolationLog } from '../control/violations.js';
import type { Dispatcher } from '../events/dispatcher.js';
import { RELEASE_ORDERS } from '../events/mode.js';
import { readModeChange } from '../control/mode-change.js';
import { answer, json, jsonBody, noContent } from './control-reply.js';
import { CALLBACK_PATH, CONSENT_PATH } from './pages.js';
import { DOCS_PATH } from './docs-routes.js';

export interface ControlRouteDeps {
  readonly operations: ControlOperations;
  readonly snapshots: Snapshots;
  readonly faults: FaultBoard;
  readonly violations: ViolationLog;
  readonly dispatcher: Dispatcher;
  readonly controlKey: string;
  readonly strict: boolean;
  readonly webhookUrl: string | undefined;
}

/** The sandbox's pages under `/_sandbox/` a browser walks through: the OAuth flow's, and the API reference. */
const PAGES = new Set([CONSENT_PATH, CALLBACK_PATH, DOCS_PATH]);

export function registerControlRoutes(app: Hono, deps: ControlRouteDeps): void {
  const { operations, snapshots, faults, violations, dispatcher } = deps;

  app.use('/_sandbox/*', async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (PAGES.has(path)) return next();
    if (controlKeyMatches(c.req.header(CONTROL_KEY_HEADER), deps.controlKey)) return next();
    throw new Refusal(403, {
      type: 'authentication_error',
      errors: {
        control_key: [
          `the control API answers callers that send the ${CONTROL_KEY_HEADER} header (the key printed at start; the commerce-sandbox commands find it themselves)`,
        ],
      },
    });
  });

  app.post('/_sandbox/reset', (c) => answer(c, async () => json(200, await operations.reset())));

  app.get('/_sandbox/snapshots', (c) => answer(c, () => json(200, { data: snapshots.list() })));
  app.post('/_sandbox/snapshots', (c) =>
    answer(c, async () => {
      const reader = new InputReader(await jsonBody(c), true, 'body');
      const name = reader.raw('name');
      reader.done();
      return json(201, await snapshots.take(name));
    }),
  );
  app.post('/_sandbox/snapshots/:name/restore', (c) =>
    answer(c, async () => json(200, await snapshots.restore(c.req.param('name')))),
  );
  app.delete('/_sandbox/snapshots/:name', (c) =>
    answer(c, () => {
      snapshots.delete(c.req.param('name'));
      return noContent();
    }),
  );

  app.get('/_sandbox/faults', (c) => answer(c, () => json(200, { latencyMs: faults.latencyMs, data: faults.list() })));
  app.post('/_sandbox/faults', (c) =>
    answer(c, async () => json(201, faults.add(readFaultInput(await jsonBody(c), true)))),
  );
  app.delete('/_sandbox/faults', (c) =>
    answer(c, () => {
      faults.clear();
      return noContent();
    }),
  );
  app.delete('/_sandbox/faults/:id', (c) =>
    answer(c, () => {
      if (!faults.remove(c.req.param('id')))
        throw notFound('id', `no active fault with id ${JSON.stringify(c.req.param('id'))}`);
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
      return json(202, operations.trigger(type, data));
    }),
  );

  app.get('/_sandbox/deliveries', (c) =>
    answer(c, () => {
      const limitText = c.req.query('limit');
      const limit = limitText === undefined ? DELIVERIES_DEFAULT_LIMIT : Number(limitText);
      return json(200, {
        webhookUrl: deps.webhookUrl ?? null,
        limit,
        ...operations.deliveries(limit, c.req.query('ending_before')),
      });
    }),
  );
  app.get('/_sandbox/deliveries/:id', (c) => answer(c, () => json(200, operations.delivery(c.req.param('id')))));
  app.post('/_sandbox/deliveries/:id/redeliver', (c) =>
    answer(c, () => json(202, operations.redeliver(c.req.param('id')))),
  );

  app.get('/_sandbox/violations', (c) =>
    answer(c, () =>
      json(200, {
        strict: deps.strict,
        checked: violations.counts(),
        dropped: violations.dropped,
        data: violations.list(),
      }),
    ),
  );
  app.delete('/_sandbox/violations', (c) =>
    answer(c, () => {
      violations.clear();
      return noContent();
    }),
  );
}
