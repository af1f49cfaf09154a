/**
 * Running `theme-kit`: the built binary (`dist/cli.js`, built by test/global-setup.ts) as a child process,
 * as a user runs it, or its entry in this process.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '@commerce-kit/internal/cli/main';
import { cleanEnv } from '../../../../tools/testing/node-bin.mjs';
import { memoryStream } from '../../../internal/test/support/memory-io.js';
import { THEME_KIT_CLI } from '../../src/cli/program.js';

export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(PACKAGE_ROOT, 'dist/cli.js');

/** Result of one run of the binary. */
export interface BinRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Longest a run may take before it is killed (and the test fails on its exit code). */
const RUN_TIMEOUT_MS = 60_000;

/**
 * Runs `theme-kit ...args` to completion, in `cwd` (default: the package root), with `input` on its stdin
 * (a pipe; none by default). Asynchronous, so that independent runs can overlap and a server the test
 * itself holds (a busy port) keeps answering.
 */
export function runBin(
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string>; input?: string } = {},
): Promise<BinRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? PACKAGE_ROOT,
      env: cleanEnv(options.env),
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      timeout: RUN_TIMEOUT_MS,
    });
    if (options.input !== undefined) child.stdin!.end(options.input);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Runs `theme-kit ...args` through the CLI's entry (`runCli` with THEME_KIT_CLI, what the binary calls
 * with process.argv) in this process, with the binary's environment (see {@link runBin}) and its output
 * captured: the same answers without a Node start per run. For runs that end by themselves; the
 * binary's own wiring (exit status, output streams) keeps its tests through {@link runBin}.
 */
export async function runInProcess(
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<BinRun> {
  const stdout = memoryStream();
  const stderr = memoryStream();
  const code = await runCli(args, {
    ...THEME_KIT_CLI,
    io: { stdout, stderr, cwd: options.cwd ?? PACKAGE_ROOT, env: cleanEnv(options.env) },
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}
