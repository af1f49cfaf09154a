// One server process for bench/sandbox/run.mjs: `sandbox` (the built package, optionally with a data
// file and a synchronous mode) or `bare` (node:http answering the same JSON bodies, nothing else).
// Prints one JSON line { url, token } when ready; stops on SIGTERM.
import { createServer } from 'node:http';
import { startSandbox } from '../../packages/sandbox/dist/index.js';

const [mode, data, synchronous] = process.argv.slice(2);

if (mode === 'bare') {
  const page = process.env.BENCH_PAGE ?? '{}';
  const created = process.env.BENCH_CREATED ?? '{}';
  const server = createServer((req, res) => {
    const body = req.method === 'POST' ? created : page;
    req.resume();
    req.on('end', () => {
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}`, token: 'bare' }));
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  const sandbox = await startSandbox({
    port: 0,
    customers: 1000,
    rateLimit: 0, // the 200/min limit would answer 429 after the first 200 requests
    ...(data ? { data, synchronous } : {}),
  });
  console.log(JSON.stringify({ url: sandbox.url, token: sandbox.app.accessToken }));
  process.on('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
}
