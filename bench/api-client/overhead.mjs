// Per-request overhead of @commerce-kit/api-client against raw fetch and openapi-fetch,
// all three calling the same loopback server (in another process) for one page of
// 10 customers. Build first: `npx nx run @commerce-kit/api-client:build`.
import createFetchClient from 'openapi-fetch';
import { createClient } from '../../packages/api-client/dist/index.js';
import { startServer } from './start-server.mjs';
import { interleavedRows, printComparison } from '../lib/tinybench-table.mjs';

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

// Five rounds of the five tasks, the order rotated, each row the median of its rounds: one task after the
// other for 4 s each, the ratios moved by 10 % from run to run with the machine (1.10x to 1.50x).
let rows;
try {
  rows = await interleavedRows({
    'raw fetch': async () => {
      const res = await fetch(`${server.url}/customers${query}`, { headers });
      if (!res.ok) throw new Error(String(res.status));
      check(await res.json());
    },
    'openapi-fetch': async () => {
      const { data, error } = await peer.GET('/customers', { params: { query: { limit: 10 } } });
      if (error) throw new Error('error');
      check(data);
    },
    'api-client get()': async () => {
      check(await ours.get('/customers', { query: { limit: 10 } }));
    },
    'api-client customers.list()': async () => {
      check(await ours.customers.list({ limit: 10 }));
    },
    'api-client get() + limiter': async () => {
      check(await oursLimited.get('/customers', { query: { limit: 10 } }));
    },
  });
} finally {
  server.stop();
}

const base = rows.find((r) => r.name === 'raw fetch');
const peerRow = rows.find((r) => r.name === 'openapi-fetch');
printComparison(
  rows,
  `node ${process.version}, ${new Date().toISOString()}, median of 5 interleaved rounds`,
  { 'vs raw fetch': base, 'vs openapi-fetch': peerRow },
  (r) => ({
    'overhead vs raw (µs)': Math.round((r.meanMs - base.meanMs) * 1000),
  }),
);
