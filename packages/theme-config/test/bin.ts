/** Running the built binary (`dist/cli.js`) as a child process, as a user runs `theme-config`. */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { PACKAGE_ROOT } from './helpers.js';
import { cleanEnv } from '../../../tools/testing/node-bin.mjs';

export const BIN = path.join(PACKAGE_ROOT, 'dist/cli.js');

/** Result of one run of the binary. */
export interface BinRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `theme-config ...args` to completion. */
export function runBin(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): BinRun {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? PACKAGE_ROOT,
    env: cleanEnv(options.env),
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A running binary whose output can be awaited piece by piece (for `validate --watch`). */
export function startBin(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? PACKAGE_ROOT,
    env: cleanEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: Array<() => void> = [];
  const notify = (): void => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    notify();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    notify();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.on('exit', notify);
  return {
    child,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    /** Resolves once stdout (from `from` on) matches `pattern`; rejects if the process exits first. */
    async waitFor(pattern: RegExp, from = 0): Promise<string> {
      for (;;) {
        const seen = stdout.slice(from);
        if (pattern.test(seen)) return seen;
        if (child.exitCode !== null)
          throw new Error(`exited (${child.exitCode}) before printing ${pattern}: ${stdout}${stderr}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}
