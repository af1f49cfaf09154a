/**
 * Whether the sandbox's port can be listened on, asked before anything is opened or seeded: a port in use
 * is reported at once, and leaves no new data file behind.
 */
import { createServer } from 'node:net';

/**
 * Listens on `port` of `host` and closes again; resolves with undefined when that worked, or with the
 * reason, worded as the sandbox words it, for the API's port or the storefront's. Port 0 (any free port)
 * always works.
 */
export function portProblem(
  port: number,
  host: string,
  which: 'api' | 'storefront' = 'api',
): Promise<string | undefined> {
  if (port === 0) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      resolve(
        error.code === 'EADDRINUSE'
          ? which === 'api'
            ? `port ${port} on ${host} is already in use (another sandbox running? choose another with --port)`
            : `storefront port ${port} on ${host} is already in use (choose another with --storefront-port)`
          : error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND'
            ? `cannot listen on ${where}: no such local address`
            : error.code === 'EACCES'
              ? `not allowed to listen on ${where}`
              : `cannot listen on ${where}: ${error.message}`,
      );
    });
    probe.once('listening', () => probe.close(() => resolve(undefined)));
    probe.listen({ port, host, exclusive: true });
  });
}
