// The floor of bench/sandbox/proxy-latency.mjs: a bare node:http pass-through that forwards each call to
// the upstream over a kept-alive connection and sends the answer back, checking nothing and recording
// nothing. `node pass-through.mjs <upstream URL>`; prints `proxy: <url> →` on stderr when ready, as
// `commerce-sandbox proxy` does; stops on SIGTERM.
import { Agent, createServer, request } from 'node:http';

const upstream = new URL(process.argv[2]);
const agent = new Agent({ keepAlive: true });
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length']);

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const headers = { ...req.headers, host: upstream.host };
    if (body.length > 0) headers['content-length'] = String(body.length);
    const forward = request(
      { hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        const parts = [];
        answer.on('data', (chunk) => parts.push(chunk));
        answer.on('end', () => {
          const out = Buffer.concat(parts);
          const back = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
          res.writeHead(answer.statusCode ?? 502, { ...back, 'content-length': String(out.length) });
          res.end(out);
        });
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    forward.end(body.length > 0 ? body : undefined);
  });
});
server.listen(0, '127.0.0.1', () => process.stderr.write(`proxy: http://127.0.0.1:${server.address().port} →\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
