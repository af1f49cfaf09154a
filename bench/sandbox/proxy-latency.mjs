// What `commerce-sandbox proxy` adds to a call over loopback: GET /customers?limit=10 on a sandbox, one
// request at a time, directly, through the proxy (the built CLI, in its own process, checking every
// exchange) and through a bare node:http pass-through (pass-through.mjs: the same extra hop over a
// kept-alive connection, nothing checked: the floor of any proxy), in turn so a busy moment of the
// shared machine falls on all alike. Prints the median and the 90th/99th percentiles of each, what the
// proxy and the pass-through add at the median (the target: the proxy at most 1 ms), and the proxy's CPU
// time per request. Build first: `npx nx run @commerce-kit/sandbox:build`. BENCH_REQUESTS (default 2000)
// per side.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../../packages/sandbox/dist/index.js';
import { cpuMs } from '../lib/process-cpu.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.join(here, '../../packages/sandbox/dist/cli.js');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const WARMUP = 200;

function startProxy(upstream, args = [CLI, 'proxy', '--upstream', upstream, '--port', '0']) {
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (chunk) => {
      err += chunk;
      const match = /proxy: (http:\/\/\S+) →/.exec(err);
      if (match)
        resolve({
          url: match[1],
          pid: child.pid,
          stop: () => new Promise((done) => child.on('exit', done) && child.kill('SIGTERM')),
        });
    });
    child.on('exit', (code) => reject(new Error(`the proxy exited with ${code}: ${err}`)));
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

const sandbox = await startSandbox({ port: 0, rateLimit: 0, customers: 250 });
const proxy = await startProxy(sandbox.url);
const passThrough = await startProxy(sandbox.url, [path.join(here, 'pass-through.mjs'), sandbox.url]);
const headers = { authorization: `Bearer ${sandbox.app.accessToken}` };

async function once(base) {
  const started = process.hrtime.bigint();
  const res = await fetch(`${base}/customers?limit=10`, { headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${base} answered ${res.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

try {
  for (let i = 0; i < WARMUP; i++) {
    await once(sandbox.url);
    await once(proxy.url);
    await once(passThrough.url);
  }
  const direct = [];
  const proxied = [];
  const passed = [];
  const cpuBefore = cpuMs(proxy.pid);
  const floorCpuBefore = cpuMs(passThrough.pid);
  for (let i = 0; i < REQUESTS; i++) {
    direct.push(await once(sandbox.url));
    proxied.push(await once(proxy.url));
    passed.push(await once(passThrough.url));
  }
  const cpuAfter = cpuMs(proxy.pid);
  const floorCpuAfter = cpuMs(passThrough.pid);
  direct.sort((a, b) => a - b);
  proxied.sort((a, b) => a - b);
  passed.sort((a, b) => a - b);
  const row = (name, list) =>
    `| ${name} | ${percentile(list, 50).toFixed(2)} | ${percentile(list, 90).toFixed(2)} | ${percentile(list, 99).toFixed(2)} |`;
  console.log(`GET /customers?limit=10, ${REQUESTS} requests each, one at a time (ms)\n`);
  console.log('| | p50 | p90 | p99 |\n|---|---|---|---|');
  console.log(row('direct', direct));
  console.log(row('through the proxy', proxied));
  console.log(row('through a bare node:http pass-through (the floor)', passed));
  const added = percentile(proxied, 50) - percentile(direct, 50);
  const floor = percentile(passed, 50) - percentile(direct, 50);
  console.log(`\nadded by the proxy (p50): ${added.toFixed(2)} ms`);
  console.log(`added by the bare pass-through (p50): ${floor.toFixed(2)} ms`);
  console.log(`the proxy's own part (p50, beyond the floor): ${(added - floor).toFixed(2)} ms`);
  // What the proxy itself costs, whatever the machine's load: its process's CPU time per request.
  if (cpuBefore !== undefined && cpuAfter !== undefined && floorCpuBefore !== undefined && floorCpuAfter !== undefined)
    console.log(
      `CPU time per request: the proxy (forward and check) ${((cpuAfter - cpuBefore) / REQUESTS).toFixed(3)} ms, the bare pass-through ${((floorCpuAfter - floorCpuBefore) / REQUESTS).toFixed(3)} ms`,
    );
  console.log(`load average during the run: ${(await import('node:os')).loadavg()[0].toFixed(1)}`);
} finally {
  await proxy.stop();
  await passThrough.stop();
  await sandbox.close();
}
