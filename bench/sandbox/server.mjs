// One server process for bench/sandbox/run.mjs: `sandbox` (the built package, optionally with a data
// file and a synchronous mode), `bare` (node:http answering the same JSON bodies, nothing else: the
// routes come from BENCH_ROUTES, `{ "<METHOD> <path>": { "status", "body" } }`) or `prism` (Stoplight
// Prism's mock of the same spec, its request log off). Prints one JSON line { url, token } when ready;
// stops on SIGTERM.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../../packages/sandbox/dist/index.js';
import { resolvePrismCli } from '../../tools/testing/prism.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const [mode, data, synchronous] = process.argv.slice(2);

/** A port no one listens on now (Prism is told its port; it cannot report one it picked with --port 0 once its log is off). */
function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

if (mode === 'bare') {
  const routes = JSON.parse(process.env.BENCH_ROUTES ?? '{}');
  const server = createServer((req, res) => {
    const route = routes[`${req.method} ${req.url.split('?')[0]}`] ?? { status: 404, body: '{}' };
    req.resume();
    req.on('end', () => {
      res.writeHead(route.status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(route.body),
      });
      res.end(route.body);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}`, token: 'bare' }));
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else if (mode === 'prism') {
  const port = await freePort();
  const spec = path.join(here, '../../packages/api-types/src/generated/openapi.yaml');
  // prism-child.mjs runs Prism in its process and exits when this one's pipe closes.
  const child = spawn(
    process.execPath,
    [
      path.join(here, '../../tools/testing/prism-child.mjs'),
      resolvePrismCli(),
      'mock',
      spec,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '-v',
      'warn',
    ],
    {
      stdio: ['pipe', 'ignore', 'inherit'],
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const answer = await fetch(`${url}/customers?limit=1`, { headers: { authorization: 'Bearer bench' } });
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('Prism did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(JSON.stringify({ url, token: 'bench' }));
  process.on('SIGTERM', () => {
    child.on('exit', () => process.exit(0));
    child.kill('SIGTERM');
  });
} else {
  const sandbox = await startSandbox({
    port: 0,
    customers: 1000,
    rateLimit: 0, // the 200/min limit would answer 429 after the first 200 requests
    ...(data ? { data, synchronous } : {}),
  });
  console.log(JSON.stringify({ url: sandbox.url, token: sandbox.app.accessToken, controlKey: sandbox.controlKey }));
  process.on('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
}
