// Starts `prism mock <spec>` (Stoplight Prism, a third-party OpenAPI mock server) as a child process on
// a free loopback port, for contract tests that check the spec against a tool we did not write. Shared
// by the api-types contract test and the api-client suite, so both start and stop it the same way.
//
// Failure is always a clear, prompt error, never a hang: Prism not installed, a spec it cannot load, a
// crash before or after it is ready, or no "listening" line within `readyTimeoutMs`.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll } from 'vitest';

const CHILD = fileURLToPath(new URL('./prism-child.mjs', import.meta.url));
const OUTPUT_LINES_KEPT = 40;
const STOP_GRACE_MS = 5_000;

/** How long `usePrismMock`'s start may take (Prism's own wait plus its shutdown after a failed start). */
const HOOK_TIMEOUT_MS = 60_000;

/** How long `startPrism` waits for Prism's "listening" line by default. */
export const PRISM_READY_TIMEOUT_MS = 30_000;

/** Path of the installed Prism CLI script (`@stoplight/prism-cli`, a root devDependency). */
export function resolvePrismCli() {
  const require = createRequire(import.meta.url);
  let manifestPath;
  try {
    manifestPath = require.resolve('@stoplight/prism-cli/package.json');
  } catch {
    throw new Error(
      '@stoplight/prism-cli is not installed (a devDependency of the repository root): run `npm ci` first',
    );
  }
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const script = typeof bin === 'string' ? bin : bin?.prism;
  if (typeof script !== 'string') throw new Error(`${manifestPath} names no "prism" bin`);
  return path.join(path.dirname(manifestPath), script);
}

// Prism prints `Prism is listening on http://127.0.0.1:40123` once its server accepts connections;
// with `--port 0` that line carries the port the system picked.
const LISTENING = /Prism is listening on (http:\/\/[^\s]+)/;

/**
 * Starts a Prism mock of `specFile` on 127.0.0.1 and a port the system picks.
 * Resolves once Prism is listening; rejects with Prism's last output if it exits first or stays
 * silent for `readyTimeoutMs`.
 * @param {{ specFile: string, cli?: string, args?: string[], readyTimeoutMs?: number }} options
 */
export async function startPrism({
  specFile,
  cli = resolvePrismCli(),
  args = [],
  readyTimeoutMs = PRISM_READY_TIMEOUT_MS,
}) {
  const lines = [];
  const remember = (chunk) => {
    for (const line of chunk.split(/\r?\n/)) {
      if (line.trim() === '') continue;
      lines.push(line);
      if (lines.length > OUTPUT_LINES_KEPT) lines.shift();
    }
  };
  const output = () => (lines.length === 0 ? '(no output)' : lines.join('\n'));

  const started = performance.now();
  const child = spawn(process.execPath, [CHILD, cli, 'mock', specFile, '--host', '127.0.0.1', '--port', '0', ...args], {
    // stdin stays an open pipe: prism-child.mjs exits when it closes (this process is gone).
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  /** @type {{ code: number | null, signal: string | null } | undefined} */
  let exit;
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      process.removeListener('exit', killOnExit);
      resolve(exit);
    });
  });
  // Safety net for a test process that ends without running its afterAll.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.stdin.on('error', () => {});

  const describeExit = () =>
    exit ? (exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`) : 'is running';

  const url = await new Promise((resolve, reject) => {
    let buffered = '';
    let ready = false;
    // Stays attached after Prism is ready: its output must keep being read, or a full pipe blocks it.
    const onData = (data) => {
      const text = data.toString('utf8');
      remember(text);
      if (ready) return;
      buffered = (buffered + text).slice(-4096);
      const match = LISTENING.exec(buffered);
      if (match) finish(null, match[1]);
    };
    const timer = setTimeout(() => {
      child.off('exit', onEarlyExit);
      child.kill('SIGKILL');
      // Rejects once the process is gone, so a failed start leaves nothing running.
      void exited.then(() =>
        finish(
          new Error(
            `Prism (pid ${child.pid}) did not start listening within ${readyTimeoutMs} ms (spec ${specFile}); it was stopped. Its last output:\n${output()}`,
          ),
        ),
      );
    }, readyTimeoutMs);
    const onSpawnError = (error) =>
      finish(new Error(`could not start Prism (${process.execPath} ${cli}): ${error.message}`));
    const onEarlyExit = () =>
      finish(
        new Error(`Prism ${describeExit()} before it was ready (spec ${specFile}); its last output:\n${output()}`),
      );
    function finish(error, value) {
      ready = true;
      clearTimeout(timer);
      child.off('error', onSpawnError);
      child.off('exit', onEarlyExit);
      if (error) reject(error);
      else resolve(value);
    }
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', onSpawnError);
    child.once('exit', onEarlyExit);
  });
  const startupMs = performance.now() - started;

  /** Throws a clear error when Prism is no longer running. */
  function assertRunning() {
    if (exit) throw new Error(`the Prism mock (pid ${child.pid}) ${describeExit()}; its last output:\n${output()}`);
  }

  return {
    /** Base URL, e.g. `http://127.0.0.1:40123`. */
    url,
    pid: child.pid,
    /** Milliseconds from spawning Prism to its "listening" line. */
    startupMs,
    /** Prism's last output lines (its request log included). */
    output,
    assertRunning,
    /**
     * `fetch(url + path, init)`, with a failure that says whether Prism is still running instead of a
     * bare "fetch failed".
     * @param {string} pathAndQuery
     * @param {RequestInit} [init]
     */
    async fetch(pathAndQuery, init) {
      assertRunning();
      try {
        return await fetch(new URL(pathAndQuery, url), init);
      } catch (error) {
        assertRunning();
        const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
        throw new Error(
          `${init?.method ?? 'GET'} ${pathAndQuery} got no answer from the Prism mock at ${url}${cause}`,
          { cause: error },
        );
      }
    },
    /** Stops Prism (SIGTERM, then SIGKILL after a grace period) and waits until it has exited. */
    async stop() {
      if (!exit) {
        child.kill('SIGTERM');
        const grace = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(grace);
      }
      child.stdin.destroy();
      child.stdout.destroy();
      child.stderr.destroy();
    },
  };
}

/**
 * The Prism mock of a test file: started before its tests, checked still running after each test,
 * stopped after them. `--errors` by default: Prism also checks its own answers (the spec's response
 * examples) against the response schemas, and answers 500 when one does not match.
 * @param {{ specFile: string, args?: string[] }} options
 * @returns {import('./prism.d.mts').PrismMock} the running mock (use it inside tests and hooks only)
 */
export function usePrismMock({ specFile, args = ['--errors'] }) {
  /** @type {Awaited<ReturnType<typeof startPrism>> | undefined} */
  let mock;
  const running = () => {
    if (!mock) throw new Error('the Prism mock is not running: use it inside tests, after beforeAll');
    return mock;
  };
  beforeAll(async () => {
    mock = await startPrism({ specFile, args });
  }, HOOK_TIMEOUT_MS);
  afterEach(() => {
    mock?.assertRunning();
  });
  afterAll(async () => {
    await mock?.stop();
  });
  return {
    get url() {
      return running().url;
    },
    get pid() {
      return running().pid;
    },
    get startupMs() {
      return running().startupMs;
    },
    output: () => running().output(),
    assertRunning: () => running().assertRunning(),
    fetch: (pathAndQuery, init) => running().fetch(pathAndQuery, init),
    stop: () => running().stop(),
  };
}
