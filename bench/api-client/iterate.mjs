// Iterating 100,000 customers with `for await` over client.customers.list({ limit: 100 }):
// time and peak memory, compared with collecting all of them (what "flat" is measured against).
// Run with --expose-gc for steadier heap figures (the package script does).
import { createClient } from '../../packages/api-client/dist/index.js';
import { startServer } from './start-server.mjs';

const TOTAL = 100_000;
const server = await startServer(TOTAL);
const client = createClient({ baseUrl: server.url, accessToken: 'bench_token', rateLimit: false });
const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const gc = globalThis.gc ?? (() => {});

async function measure(name, run) {
  gc();
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  let peakLive = base.heapUsed;
  let peakRss = base.rss;
  // Every 1,000 objects: heap as it is (garbage included); every 10,000: live heap after a full GC.
  let samples = 0;
  const sample = () => {
    let m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    if (++samples % 10 === 0 || samples === 1) {
      gc();
      m = process.memoryUsage();
      peakLive = Math.max(peakLive, m.heapUsed);
    }
    peakRss = Math.max(peakRss, m.rss);
  };
  const started = performance.now();
  const count = await run(sample);
  const ms = performance.now() - started;
  sample();
  if (count !== TOTAL) throw new Error(`${name}: got ${count} objects`);
  return {
    task: name,
    objects: count,
    'time ms': Math.round(ms),
    'objects/sec': Math.round((count / ms) * 1000),
    'heap at start': mb(base.heapUsed),
    'peak heap growth': mb(peakHeap - base.heapUsed),
    'peak live heap growth (after GC)': mb(peakLive - base.heapUsed),
    'peak RSS': mb(peakRss),
  };
}

try {
  const rows = [];
  rows.push(
    await measure('for await (one page held)', async (sample) => {
      let n = 0;
      for await (const customer of client.customers.list({ limit: 100 })) {
        if (customer.id === '') throw new Error('bad');
        if (++n % 1000 === 0) sample();
      }
      return n;
    }),
  );
  rows.push(
    await measure('backward, ending_before', async (sample) => {
      let n = 0;
      for await (const customer of client.customers.list({ limit: 100, ending_before: 'cus_00100001' })) {
        if (customer.id === '') throw new Error('bad');
        if (++n % 1000 === 0) sample();
      }
      return n;
    }),
  );
  rows.push(
    await measure('toArray (all held, for contrast)', async (sample) => {
      const all = await client.customers.list({ limit: 100 }).toArray({ max: TOTAL });
      for (let i = 0; i < 10; i++) sample();
      return all.length;
    }),
  );
  console.log(
    `node ${process.version}, ${TOTAL} customers, pages of 100, gc ${globalThis.gc ? 'exposed' : 'not exposed'}`,
  );
  console.table(rows);
} finally {
  server.stop();
}
