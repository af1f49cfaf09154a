/**
 * A loopback stand-in for the platform's rate limit: answers every request with an empty customer
 * list, unless `limit` requests already ARRIVED in the last `windowMs` (a sliding window, measured
 * here, where the platform would measure it), then 429 with `Retry-After: 1`.
 */
import { maxInAnyWindow } from '../../../../tools/testing/sliding-window.mjs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LimitedServer {
  readonly url: string;
  /** Arrival times (ms, monotonic) of every request, in order. */
  readonly arrivals: number[];
  readonly rateLimited: () => number;
  /** Most arrivals in any window of `windowMs` (ending at an arrival). */
  maxInAnyWindow(): number;
  close(): Promise<void>;
}

export async function startLimitedServer(limit: number, windowMs: number): Promise<LimitedServer> {
  const arrivals: number[] = [];
  let rejected = 0;
  let head = 0;
  const server: Server = createServer((req, res) => {
    const now = performance.now();
    arrivals.push(now);
    while (head < arrivals.length && (arrivals[head] ?? 0) <= now - windowMs) head++;
    const inWindow = arrivals.length - head;
    req.resume();
    if (inWindow > limit) {
      rejected++;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ type: 'rate_limit_error', errors: {} }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ limit: 1, has_more: false, data: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals,
    rateLimited: () => rejected,
    maxInAnyWindow: () => maxInAnyWindow(arrivals, windowMs),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
