// A loopback server for the api-client benchmarks, run in its own process so its
// work does not share the client's event loop. Serves document 000's list rules for
// /customers (ascending after `starting_after`, descending before `ending_before`,
// ending_before wins), objects generated lazily from their index.
// Usage: node server.mjs [customers]; prints the port on stdout.
import { createServer } from 'node:http';

const TOTAL = Number(process.argv[2] ?? 100_000);
const EPOCH = Date.UTC(2026, 0, 1);
const id = (i) => `cus_${String(i).padStart(8, '0')}`;
const customer = (i) => ({
  id: id(i),
  created_time: new Date(EPOCH + i * 1000 + 123).toISOString(),
  first_name: `First${i}`,
  last_name: `Last${i}`,
  email: `customer${i}@example.com`,
  company: i % 3 === 0 ? `Company ${i}` : null,
  delivery_address: null,
  billing_address: null,
});
const indexOf = (value) => (value !== null && /^cus_\d{8}$/.test(value) ? Number(value.slice(4)) : undefined);

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.headers.authorization !== 'Bearer bench_token') {
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"type":"authentication_error"}');
    return;
  }
  if (url.pathname !== '/customers') {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"type":"not_found_error"}');
    return;
  }
  const limit = Number(url.searchParams.get('limit') ?? 10);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    res
      .writeHead(400, { 'content-type': 'application/json' })
      .end('{"type":"invalid_request_error","errors":{"limit":["must be between 1 and 100"]}}');
    return;
  }
  const data = [];
  let hasMore;
  const before = indexOf(url.searchParams.get('ending_before'));
  if (before !== undefined) {
    for (let i = before - 1; i >= 1 && data.length < limit; i--) data.push(customer(i));
    hasMore = before - data.length > 1;
  } else {
    const from = (indexOf(url.searchParams.get('starting_after')) ?? 0) + 1;
    for (let i = from; i <= TOTAL && data.length < limit; i++) data.push(customer(i));
    hasMore = from + data.length - 1 < TOTAL;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ limit, has_more: hasMore, data }));
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('disconnect', () => process.exit(0));
process.stdin.on('end', () => process.exit(0));
