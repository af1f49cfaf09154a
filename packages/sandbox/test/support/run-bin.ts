import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CLI } from './cli.js';

export interface BinResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the built `commerce-sandbox` without blocking the event loop (the sandbox it talks to runs in the
 * test's process). The environment carries no COMMERCE_SANDBOX_* variable unless `env` sets one.
 */
export function runBin(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
  cwd?: string,
): Promise<BinResult> {
  if (!existsSync(CLI))
    throw new Error(`${CLI} is missing: build the package first (npx nx run @commerce-kit/sandbox:build)`);
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('COMMERCE_SANDBOX_')),
  );
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...base, ...env }, timeout: 20_000, encoding: 'utf8', ...(cwd ? { cwd } : {}) },
      (error, stdout, stderr) => {
        const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

/** No stack trace in what the CLI printed. */
export const STACK_TRACE = /\n\s+at /;
