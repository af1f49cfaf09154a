// Requests per second of the sandbox over loopback, beside a bare node:http server answering the same
// JSON in the same run: GET /customers?limit=10 (a page: token check, rate-limit bookkeeping, parameter
// validation, an indexed SQLite query, response validation) and POST /customers (body parsing and
// validation, one transaction with the outbox row). Then POST against a data file with
// synchronous=NORMAL and FULL, the durability choice the README states. The load generator
// (autocannon) runs in this process, each server in its own. Build first:
// `npx nx run @commerce-kit/sandbox:build`.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 16;

async function startServer(args, env = {}) {
  const child = spawn(process.execPath, [path.join(here, 'server.mjs'), ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const line = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const { url, token } = JSON.parse(line);
  return { url, token, stop: () => new Promise((resolve) => { child.on('exit', resolve); child.kill('SIGTERM'); }) };
}

let counter = 0;
function load(server, method) {
  const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
  const run = (duration) =>
    new Promise((resolve, reject) => {
      autocannon(
        {
          url: `${server.url}/customers${method === 'GET' ? '?limit=10' : ''}`,
          connections: CONNECTIONS,
          duration,
          requests: [
            method === 'GET'
              ? { method: 'GET', headers }
              : {
                  method: 'POST',
                  headers,
                  setupRequest: (request) => ({
                    ...request,
                    body: JSON.stringify({ first_name: 'Bench', last_name: `N${++counter}`, email: `bench${counter}@example.com` }),
                  }),
                },
          ],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
  return run(1).then(() => run(DURATION)); // one second of warm-up, then the measured run
}

function summarise(result, expected) {
  const ok = result['2xx'];
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${bad} requests failed (${result.non2xx} non-2xx, ${result.errors} errors)`);
  return { rps: Math.round(ok / DURATION), p99: result.latency.p99, expected };
}

const rows = [];
const sandbox = await startServer(['sandbox']);
const auth = { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' };
// The bare server answers exactly what the sandbox answers.
const page = await (await fetch(`${sandbox.url}/customers?limit=10`, { headers: auth })).text();
const created = await (await fetch(`${sandbox.url}/customers`, { method: 'POST', headers: auth, body: '{"first_name":"B","last_name":"C","email":"b@example.com"}' })).text();
const bare = await startServer(['bare'], { BENCH_PAGE: page, BENCH_CREATED: created });

for (const method of ['GET', 'POST']) {
  const ours = summarise(await load(sandbox, method));
  const peer = summarise(await load(bare, method));
  rows.push({ scenario: `${method} /customers${method === 'GET' ? '?limit=10' : ''}`, sandbox: ours.rps, bare: peer.rps, ratio: (ours.rps / peer.rps).toFixed(2), 'sandbox p99 ms': ours.p99 });
}
await sandbox.stop();
await bare.stop();

const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-bench-'));
try {
  const durable = {};
  for (const mode of ['normal', 'full']) {
    const server = await startServer(['sandbox', path.join(dir, `${mode}.db`), mode]);
    durable[mode] = summarise(await load(server, 'POST')).rps;
    await server.stop();
  }
  rows.push({ scenario: 'POST /customers, --data FILE, synchronous=NORMAL', sandbox: durable.normal, bare: '', ratio: '', 'sandbox p99 ms': '' });
  rows.push({ scenario: 'POST /customers, --data FILE, synchronous=FULL', sandbox: durable.full, bare: '', ratio: (durable.full / durable.normal).toFixed(2) + ' of NORMAL', 'sandbox p99 ms': '' });
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(`\n@commerce-kit/sandbox over loopback (${CONNECTIONS} connections, ${DURATION} s per run; requests per second)\n`);
console.table(rows);
console.log('goal: >= 5,000 pages/s for GET /customers?limit=10');
