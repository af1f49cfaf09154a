/**
 * A loopback stand-in for the platform's rate limit, timed by a test clock: it counts a request when
 * it ARRIVES, in a sliding window `(t - windowMs, t]` on its own clock, and answers 429 (with
 * `Retry-After: 1`) to a request beyond `limit` in its window, as the platform would.
 *
 * `holdMs` delays the arrival of a request on the clock (a slow connection, a cold TLS handshake, a
 * busy event loop on the way): the request is counted `holdMs` after the client sent it.
 */
import { maxInAnyWindow } from '../../../../tools/testing/sliding-window.mjs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../src/index.js';

/** What the server knows of a request when it decides how long it spends on its way. */
export interface Sent {
  /** The `x-call` header: the index the test gave the call (-1 without one). */
  readonly call: number;
  /** The clock's time when the client sent it. */
  readonly sentAt: number;
}

export interface ArrivalServerOptions {
  readonly clock: Clock;
  readonly limit: number;
  readonly windowMs: number;
  /** How long a request spends on its way, in clock milliseconds (default: none). */
  readonly holdMs?: (sent: Sent) => number;
}

export interface ArrivalServer {
  readonly url: string;
  /** Arrival times on the clock, in order (never decreasing: the clock only moves forward). */
  readonly arrivals: readonly number[];
  /** 429s sent. */
  throttled(): number;
  /** Most arrivals in any window `(t - windowMs, t]`. */
  maxInAnyWindow(): number;
  close(): Promise<void>;
}

export async function startArrivalServer(options: ArrivalServerOptions): Promise<ArrivalServer> {
  const { clock, limit, windowMs, holdMs = () => 0 } = options;
  const arrivals: number[] = [];
  let head = 0;
  let throttled = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    const header = req.headers['x-call'];
    const sent: Sent = { call: typeof header === 'string' ? Number(header) : -1, sentAt: clock.now() };
    const hold = holdMs(sent);
    const arrive = (): void => {
      const now = clock.now();
      arrivals.push(now);
      while (head < arrivals.length && (arrivals[head] ?? 0) <= now - windowMs) head++;
      if (arrivals.length - head > limit) {
        throttled++;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(JSON.stringify({ type: 'rate_limit_error', errors: {} }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ limit: 1, has_more: false, data: [] }));
    };
    if (hold > 0) void clock.sleep(hold).then(arrive);
    else arrive();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals,
    throttled: () => throttled,
    maxInAnyWindow: () => maxInAnyWindow(arrivals, windowMs),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
