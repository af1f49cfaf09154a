// Deliveries per second through createWebhookHandler over real loopback HTTP: the Node adapter,
// the Fetch adapter (served through a small node:http -> Request bridge, as on Node-based hosts),
// and, as floors, a bare node:http server and the same bridge with a handler that only read the
// body and answer 200 without any verification (on Node, building Request/Response objects costs
// far more than verifying, so the Fetch adapter is compared with the Fetch floor). Every delivery is distinct (fresh token) and signed, so each one is verified,
// de-duplicated against the in-memory store, acknowledged and processed by a no-op onEvent.
// Build first: `npx nx run @commerce-kit/webhooks:build`.
import { Agent, createServer, request } from 'node:http';
import { createWebhookHandler } from '../../packages/webhooks/dist/index.js';
import { signTestDelivery } from '../../packages/webhooks/dist/testing.js';

const SECRET = 'whsec_bench_secret';
const CONCURRENCY = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);

function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}

function send(agent, port, { body, headers }) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/webhooks',
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function drive(name, port, after = async () => {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let sent = 0;
  let ok = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (performance.now() < deadline) {
        const delivery = signTestDelivery(SECRET, { id: `cus_${worker}_${sent}` }, { type: 'customer_updated' });
        sent++;
        if ((await send(agent, port, delivery)) === 200) ok++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await after();
  agent.destroy();
  if (ok !== sent) throw new Error(`${name}: ${sent - ok} deliveries were not accepted`);
  return { name, deliveries: ok, perSecond: ok / elapsed };
}

/**
 * A node:http listener for an async one: a rejection is reported and its request answered 500 (which
 * `drive` counts as not accepted), not left unhandled.
 */
function answering(handle) {
  return (req, res) => {
    handle(req, res).catch((error) => {
      console.error(error);
      if (res.headersSent) res.destroy();
      else res.writeHead(500).end();
    });
  };
}

function bridge(fetchHandler) {
  return createServer(
    answering(async (req, res) => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const response = await fetchHandler(
        new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) }),
      );
      res.statusCode = response.status;
      res.setHeader('content-type', response.headers.get('content-type') ?? 'application/json');
      res.end(await response.text());
    }),
  );
}

// Scenarios run interleaved for several rounds and the best round of each is reported, which
// keeps the comparison fair on a machine whose load changes while the benchmark runs.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function floorNode() {
  const server = createServer((req, res) => {
    req.on('data', () => {});
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end('{"received":true}');
    });
  });
  const port = await listen(server);
  const result = await drive('bare node:http (no verification), Node floor', port);
  server.close();
  return result;
}

async function floorFetch() {
  const server = bridge(async (request) => {
    await request.arrayBuffer();
    return new Response('{"received":true}', { headers: { 'content-type': 'application/json' } });
  });
  const port = await listen(server);
  const result = await drive('bare Fetch bridge (no verification), Fetch floor', port);
  server.close();
  return result;
}

async function withHandler(adapter) {
  let processed = 0;
  const handler = createWebhookHandler({ secret: SECRET, onEvent: () => void processed++ });
  const server = adapter === 'node' ? createServer(answering(handler.node)) : bridge(handler.fetch);
  const port = await listen(server);
  const result = await drive(`createWebhookHandler, ${adapter} adapter`, port, () => handler.drain());
  if (processed !== result.deliveries) throw new Error(`${adapter}: processed ${processed} of ${result.deliveries}`);
  server.close();
  await handler.close();
  return result;
}

const scenarios = [floorNode, floorFetch, () => withHandler('node'), () => withHandler('fetch')];
const best = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, scenario] of scenarios.entries()) {
    const result = await scenario();
    if (best[index] === undefined || result.perSecond > best[index].perSecond) best[index] = result;
  }
}
const results = best;

const floors = { node: results[0].perSecond, fetch: results[1].perSecond };
console.log(
  `handler throughput over loopback, ${CONCURRENCY} keep-alive connections, best of ${ROUNDS} rounds of ${SECONDS}s, Node ${process.version}`,
);
console.table(
  results.map((r) => ({
    scenario: r.name,
    deliveries: r.deliveries,
    'deliveries/sec': Math.round(r.perSecond).toLocaleString('en-US'),
    'vs its floor': `${(r.perSecond / (r.name.includes('etch') ? floors.fetch : floors.node)).toFixed(2)}x`,
  })),
);
