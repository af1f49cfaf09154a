import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { runCli } from '@commerce-kit/internal/cli/main';
import { memoryStream } from '../../../internal/test/support/memory-io.js';
import { sandboxCli } from '../../src/cli/program.js';
import { CLI } from './cli.js';

export interface BinResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The test run's environment without its COMMERCE_SANDBOX_* variables, plus `env`. */
function cliEnv(env: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('COMMERCE_SANDBOX_')),
  );
  return { ...base, ...env };
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
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: cliEnv(env), timeout: 20_000, encoding: 'utf8', ...(cwd ? { cwd } : {}) },
      (error, stdout, stderr) => {
        const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

/** No stack trace in what the CLI printed. */
export const STACK_TRACE = /\n\s+at /;

/**
 * Runs `commerce-sandbox args` through the CLI's own entry (`runCli` with the program's table, what the bin
 * runs with process.argv) in this process, with its output captured: the same answers as {@link runBin}
 * without a Node start per run (about 0.3 s of CPU each, and these tests make dozens). For runs that end
 * by themselves: control commands, help, version, usage errors, a refused start. The bin's own wiring
 * (exit code, environment, output streams) keeps its tests through {@link runBin}.
 */
export async function runInProcess(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<BinResult> {
  const stdout = memoryStream();
  const stderr = memoryStream();
  const io = { stdout, stderr, cwd: process.cwd(), env: cliEnv(env) };
  // A start that succeeds runs until the process ends: refused here (its banner says it started).
  let started!: () => void;
  const banner = new Promise<'started'>((resolve) => {
    started = () => resolve('started');
  });
  const write = stdout.write.bind(stdout) as (chunk: string) => boolean;
  stdout.write = ((chunk: string) => {
    if (String(chunk).includes('Ctrl-C stops the sandbox.')) started();
    return write(chunk);
  }) as typeof stdout.write;
  const status = await Promise.race([runCli(args, { ...sandboxCli(), io }), banner]);
  if (status === 'started')
    throw new Error(`commerce-sandbox ${args.join(' ')} started a sandbox: run it with startCli, which stops it`);
  return { status, stdout: stdout.text(), stderr: stderr.text() };
}
