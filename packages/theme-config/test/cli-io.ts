/** In-memory CLI IO for running commands in-process: writable streams that collect text. */
import type { CliIO } from '@commerce-kit/internal/cli/io';
import { runCli } from '@commerce-kit/internal/cli/main';
import { cleanEnv } from '../../../tools/testing/node-bin.mjs';
import { THEME_CONFIG_CLI } from '../src/cli/commands.js';
import { memoryIO } from '../../internal/test/support/memory-io.js';
import type { BinRun } from './bin.js';
import { PACKAGE_ROOT } from './helpers.js';

export { memoryIO, memoryStream } from '../../internal/test/support/memory-io.js';

/** Runs `theme-config ...args` in-process with `io`; resolves to the exit code. */
export function runThemeConfig(args: readonly string[], io: CliIO): Promise<number> {
  return runCli(args, { ...THEME_CONFIG_CLI, io });
}

/**
 * Runs `theme-config ...args` in-process as `runBin` runs the binary: the same cwd (default: the package),
 * the same environment (`cleanEnv`), stdout and stderr not terminals (as pipes); the same result.
 */
export async function runInProcess(
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<BinRun> {
  const io = memoryIO(options.cwd ?? PACKAGE_ROOT);
  const code = await runThemeConfig(args, { ...io, env: cleanEnv(options.env) });
  return { code, stdout: io.out(), stderr: io.err() };
}
