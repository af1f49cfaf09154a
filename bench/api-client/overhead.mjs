// Per-request overhead of @commerce-kit/api-client against raw fetch and openapi-fetch,
// all three calling the same loopback server (in another process) for one page of
// 10 customers. Build first: `npx nx run @commerce-kit/api-client:build`.
import { Bench } from 'tinybench';
import createFetchClient from 'openapi-fetch';
import { createClient } from '../../packages/api-client/dist/index.js';
import { startServer } from './start-server.mjs';
import { printComparison, taskRows } from '../lib/tinybench-table.mjs';

const server = await startServer(1_000);
const headers = { Authorization: 'Bearer bench_token', Accept: 'application/json' };
const query = '?limit=10';

// The limiter is on by default at the documented 200 requests per minute, which would make this a
// benchmark of waiting: `rateLimit: false` for the plain rows, a budget that never waits for the last one.
const ours = createClient({ baseUrl: server.url, accessToken: 'bench_token', rateLimit: false });
const oursLimited = createClient({
  baseUrl: server.url,
  accessToken: 'bench_token',
  rateLimit: { requestsPerMinute: 10_000_000 },
});
const peer = createFetchClient({ baseUrl: server.url, headers });

const check = (page) => {
  if (page.data.length !== 10) throw new Error('unexpected page');
};

const bench = new Bench({ time: 4_000, warmup: true, warmupTime: 1_000 });
bench
  .add('raw fetch', async () => {
    const res = await fetch(`${server.url}/customers${query}`, { headers });
    if (!res.ok) throw new Error(String(res.status));
    check(await res.json());
  })
  .add('openapi-fetch', async () => {
    const { data, error } = await peer.GET('/customers', { params: { query: { limit: 10 } } });
    if (error) throw new Error('error');
    check(data);
  })
  .add('api-client get()', async () => {
    check(await ours.get('/customers', { query: { limit: 10 } }));
  })
  .add('api-client customers.list()', async () => {
    check(await ours.customers.list({ limit: 10 }));
  })
  .add('api-client get() + limiter', async () => {
    check(await oursLimited.get('/customers', { query: { limit: 10 } }));
  });

try {
  await bench.run();
} finally {
  server.stop();
}

const rows = taskRows(bench);
const base = rows.find((r) => r.name === 'raw fetch');
const peerRow = rows.find((r) => r.name === 'openapi-fetch');
printComparison(
  rows,
  `node ${process.version}, ${new Date().toISOString()}`,
  { 'vs raw fetch': base, 'vs openapi-fetch': peerRow },
  (r) => ({
    'overhead vs raw (µs)': Math.round((r.meanMs - base.meanMs) * 1000),
  }),
);
