// Requests per second of the sandbox over loopback, beside a bare node:http server answering the same
// JSON and Stoplight Prism's mock of the same spec, in the same run:
//   GET /customers?limit=10 and GET /products?limit=10 (a page: token check, rate-limit bookkeeping,
//   parameter validation, an indexed SQLite query, response validation), POST /customers (body parsing
//   and validation, one transaction with the outbox row) and POST /_sandbox/orders (the simulated
//   shopper: stock checked and taken, an order and its charge written, three webhook events recorded, in
//   one transaction). Prism answers the spec's examples and keeps nothing; the spec has no way to place
//   an order, so Prism has no figure there.
// Then POST /customers against a data file with synchronous=NORMAL and FULL, the durability choice the
// README states. The load generator (autocannon) runs in this process, each server in its own. Each
// scenario runs in rounds (BENCH_ROUNDS, default 3), the three servers one after the other in each round,
// so a busy moment of the shared machine falls on all of them alike; the table gives the median
// requests per second and the median of the rounds' ratios, and the CPU time the sandbox and the bare
// server spent per request (from /proc: what the server costs whatever else the machine runs, where
// requests per second move with the machine's load). BENCH_ONLY=<text> runs only the scenarios
// whose name contains it (the data-file rows only with POST /customers). Build first:
// `npx nx run @commerce-kit/sandbox:build`.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs } from '../lib/process-cpu.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 16;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

async function startServer(args, env = {}) {
  const child = spawn(process.execPath, [path.join(here, 'server.mjs'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const line = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.on('exit', (code) => reject(new Error(`bench server ${args[0]} exited with ${code}`)));
  });
  const { url, token, controlKey } = JSON.parse(line);
  return {
    url,
    token,
    controlKey,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.on('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

let counter = 0;
const newCustomer = () =>
  JSON.stringify({ first_name: 'Bench', last_name: `N${++counter}`, email: `bench${counter}@example.com` });

/** The measured scenarios; `body` makes each request's body (POST). */
function scenarios(orderBody) {
  return [
    { name: 'GET /customers?limit=10', method: 'GET', path: '/customers?limit=10', prism: true },
    { name: 'GET /products?limit=10', method: 'GET', path: '/products?limit=10', prism: true },
    { name: 'POST /customers', method: 'POST', path: '/customers', body: newCustomer, prism: true },
    {
      name: 'POST /_sandbox/orders (one order placed)',
      method: 'POST',
      path: '/_sandbox/orders',
      body: () => orderBody,
      prism: false,
    },
  ];
}

function load(server, scenario) {
  const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
  // The control routes need the control key (the bare server ignores it).
  if (server.controlKey !== undefined) headers['x-sandbox-control-key'] = server.controlKey;
  const request =
    scenario.method === 'GET'
      ? { method: 'GET', headers }
      : { method: 'POST', headers, setupRequest: (req) => ({ ...req, body: scenario.body() }) };
  const run = (duration) =>
    new Promise((resolve, reject) => {
      autocannon(
        { url: `${server.url}${scenario.path}`, connections: CONNECTIONS, duration, requests: [request] },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
  // One second of warm-up, then the measured run, with the server process's CPU time over it.
  return run(1).then(async () => {
    const before = cpuMs(server.pid);
    const result = await run(DURATION);
    return { ...result, cpuMs: before === undefined ? undefined : cpuMs(server.pid) - before };
  });
}

function summarise(result, what) {
  const ok = result['2xx'];
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${what}: ${bad} requests failed (${result.non2xx} non-2xx, ${result.errors} errors)`);
  const cpuUs = result.cpuMs === undefined ? undefined : (result.cpuMs * 1000) / ok;
  return { rps: Math.round(ok / DURATION), p99: result.latency.p99, cpuUs };
}

const rows = [];
const sandbox = await startServer(['sandbox']);
const auth = {
  authorization: `Bearer ${sandbox.token}`,
  'content-type': 'application/json',
  'x-sandbox-control-key': sandbox.controlKey,
};
// A product with stock for every order of the run (each takes one unit: product_updated is recorded each time).
const stocked = await (
  await fetch(`${sandbox.url}/products`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      title: 'Bench teapot',
      description: 'Never runs out.',
      price: 39.5,
      currency: 'EUR',
      quantity: 1_000_000_000,
    }),
  })
).json();
const orderBody = JSON.stringify({ product: stocked.id, customer: 'cus_00000000000000000000000001' });
const ONLY = process.env.BENCH_ONLY;
const list = scenarios(orderBody).filter((s) => ONLY === undefined || s.name.includes(ONLY));
const creates = list.find((s) => s.name === 'POST /customers');
// The bare server answers exactly what the sandbox answers.
const routes = {};
for (const scenario of list) {
  const answer = await fetch(`${sandbox.url}${scenario.path}`, {
    method: scenario.method,
    headers: auth,
    ...(scenario.body ? { body: scenario.body() } : {}),
  });
  routes[`${scenario.method} ${scenario.path.split('?')[0]}`] = { status: answer.status, body: await answer.text() };
}
const bare = await startServer(['bare'], { BENCH_ROUTES: JSON.stringify(routes) });
const prism = await startServer(['prism']);

for (const scenario of list) {
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const ours = summarise(await load(sandbox, scenario), `sandbox ${scenario.name}`);
    const floor = summarise(await load(bare, scenario), `bare ${scenario.name}`);
    const peer = scenario.prism ? summarise(await load(prism, scenario), `prism ${scenario.name}`) : undefined;
    rounds.push({ ours, floor, peer });
  }
  const of = (pick) => median(rounds.map(pick));
  rows.push({
    scenario: scenario.name,
    sandbox: of((r) => r.ours.rps),
    'Prism mock': scenario.prism ? of((r) => r.peer.rps) : 'n/a',
    'bare node:http': of((r) => r.floor.rps),
    'sandbox / bare': of((r) => r.ours.rps / r.floor.rps).toFixed(2),
    'Prism / bare': scenario.prism ? of((r) => r.peer.rps / r.floor.rps).toFixed(2) : '',
    'sandbox / Prism': scenario.prism ? of((r) => r.ours.rps / r.peer.rps).toFixed(2) : '',
    'sandbox p99 ms': of((r) => r.ours.p99),
    'CPU µs/request, sandbox / bare':
      rounds[0].ours.cpuUs === undefined
        ? ''
        : `${Math.round(of((r) => r.ours.cpuUs))} / ${Math.round(of((r) => r.floor.cpuUs))}`,
  });
}
await sandbox.stop();
await bare.stop();
await prism.stop();

if (creates !== undefined) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-bench-'));
  try {
    const durable = {};
    for (const mode of ['normal', 'full']) {
      const server = await startServer(['sandbox', path.join(dir, `${mode}.db`), mode]);
      durable[mode] = summarise(await load(server, creates), `POST /customers ${mode}`).rps;
      await server.stop();
    }
    rows.push({ scenario: 'POST /customers, --data FILE, synchronous=NORMAL', sandbox: durable.normal });
    rows.push({
      scenario: 'POST /customers, --data FILE, synchronous=FULL',
      sandbox: durable.full,
      'sandbox / bare': `${(durable.full / durable.normal).toFixed(2)} of NORMAL`,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `\n@commerce-kit/sandbox over loopback (${CONNECTIONS} connections, ${DURATION} s per run, median of ${ROUNDS} rounds; requests per second)\n`,
);
console.table(rows);
console.log(
  `load average at the end: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')}`,
);
console.log('goal: >= 5,000 pages/s for GET /customers?limit=10');
