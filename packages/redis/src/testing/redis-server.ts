/**
 * A throwaway `redis-server` for tests: on a free loopback port, persistence off, in a temporary
 * directory, stopped by `stop()` — and also when the test process dies without calling it, because
 * it runs under a small Node watchdog that ends it when its parent's pipe closes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RedisAdapterError } from '../errors/redis-adapter-error.js';

/** Options of {@link startRedisServer}. */
export interface StartRedisServerOptions {
  /** The `redis-server` executable (default: `redis-server` on the `PATH`). */
  readonly binary?: string | undefined;
  /** More `redis-server` arguments, e.g. `['--maxmemory', '10mb']`. */
  readonly args?: readonly string[] | undefined;
  /** How long to wait for "Ready to accept connections" (default 10 000 ms). */
  readonly readyTimeoutMs?: number | undefined;
}

/** A running test server. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** The process id of `redis-server` itself (e.g. to `SIGSTOP` it in a test of a hung server). */
  readonly pid: number;
  /** Stops the server and waits for it to exit; removes its directory. Safe to call twice. */
  stop(): Promise<void>;
}

const READY = /Ready to accept connections/;
const IN_USE = /Address already in use|Could not create server TCP listening socket/i;
const PID_LINE = /^@@pid (\d+)$/m;

// Runs redis-server, prints its pid, passes its output through, and ends it when stdin closes (the
// test process is gone, however it ended) or when told to with SIGTERM. Once redis-server has exited it
// removes the server's directory, so a test process that was killed leaves nothing behind in the temp dir.
const WATCHDOG = `
const { spawn } = require('node:child_process');
const { rmSync } = require('node:fs');
const [dir, binary, ...args] = process.argv.slice(1);
const exit = (code) => { rmSync(dir, { recursive: true, force: true }); process.exit(code); };
const child = spawn(binary, args, { stdio: ['ignore', 'inherit', 'inherit'] });
child.on('error', (error) => { process.stderr.write('@@spawn-error ' + error.code + ' ' + error.message + '\\n'); exit(3); });
child.on('spawn', () => process.stdout.write('@@pid ' + child.pid + '\\n'));
child.on('exit', (code, signal) => exit(code ?? (signal ? 1 : 0)));
const stop = () => { child.kill('SIGTERM'); setTimeout(() => child.kill('SIGKILL'), 3000).unref(); };
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface Attempt {
  readonly server?: RedisServer;
  readonly portTaken?: boolean;
}

async function attempt(binary: string, extra: readonly string[], readyTimeoutMs: number): Promise<Attempt> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'commerce-kit-redis-'));
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'no',
    '--dir',
    dir,
    '--logfile',
    '',
    ...extra,
  ];
  const watchdog: ChildProcess = spawn(process.execPath, ['-e', WATCHDOG, dir, binary, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => watchdog.once('exit', (code) => resolve(code)));
  // Safety net for a test process that exits without calling stop().
  const killOnExit = (): void => {
    watchdog.kill('SIGTERM');
  };
  process.once('exit', killOnExit);
  const cleanup = async (): Promise<void> => {
    watchdog.stdin?.end();
    const timer = setTimeout(() => watchdog.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    process.removeListener('exit', killOnExit);
    rmSync(dir, { recursive: true, force: true });
  };

  const ready = await new Promise<{ pid: number } | { error: string; portTaken: boolean }>((resolve) => {
    let pid = 0;
    let text = '';
    const timer = setTimeout(
      () =>
        resolve({
          error: `did not report "Ready to accept connections" within ${readyTimeoutMs} ms`,
          portTaken: false,
        }),
      readyTimeoutMs,
    );
    const onData = (chunk: Buffer): void => {
      text = (text + chunk.toString('utf8')).slice(-8192);
      output = text;
      const pidMatch = PID_LINE.exec(text);
      if (pidMatch !== null) pid = Number(pidMatch[1]);
      if (READY.test(text) && pid > 0) {
        clearTimeout(timer);
        resolve({ pid });
      }
    };
    watchdog.stdout?.on('data', onData);
    watchdog.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      const all = output;
      const missing = /@@spawn-error ENOENT/.test(all);
      resolve({
        error: missing
          ? `${binary} was not found: install Redis (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis) or pass { binary }`
          : `exited with code ${String(code)} before it was ready`,
        portTaken: IN_USE.test(all),
      });
    });
  });

  if ('error' in ready) {
    await cleanup();
    if (ready.portTaken) return { portTaken: true };
    const tail = output
      .replace(/^@@.*$/gm, '')
      .trim()
      .split('\n')
      .slice(-15)
      .join('\n');
    throw new RedisAdapterError(
      `startRedisServer: ${binary} ${ready.error}${tail === '' ? '' : `; its last output:\n${tail}`}`,
    );
  }
  // The output listeners stay attached: a pipe nobody reads would fill up and block redis-server.
  let stopped: Promise<void> | undefined;
  return {
    server: {
      url: `redis://127.0.0.1:${port}`,
      port,
      pid: ready.pid,
      stop: () => (stopped ??= cleanup()),
    },
  };
}

/**
 * Starts a `redis-server` of its own for a test: loopback only, a free port, no persistence
 * (`--save '' --appendonly no`), in a temporary directory. Never uses or touches a Redis that is
 * already running. Call `stop()` when done (an `afterAll`).
 *
 * @throws {RedisAdapterError} when `redis-server` is missing or does not start.
 *
 * @example
 * ```ts
 * import { startRedisServer } from '@commerce-kit/redis/testing';
 * const redis = await startRedisServer();
 * // ... new RedisRateLimitStore({ url: redis.url }) ...
 * await redis.stop();
 * ```
 */
export async function startRedisServer(options: StartRedisServerOptions = {}): Promise<RedisServer> {
  const binary = options.binary ?? 'redis-server';
  const readyTimeoutMs = options.readyTimeoutMs ?? 10_000;
  // Another process may take the free port between the check and redis-server's bind: try again.
  for (let tries = 0; tries < 5; tries++) {
    const result = await attempt(binary, options.args ?? [], readyTimeoutMs);
    if (result.server !== undefined) return result.server;
  }
  throw new RedisAdapterError('startRedisServer: no free loopback port could be bound after 5 attempts');
}
