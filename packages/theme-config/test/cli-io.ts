/** In-memory CLI IO for running commands in-process: writable streams that collect text. */
import type { CliIO } from '@commerce-kit/internal/cli/io';
import { runCli } from '@commerce-kit/internal/cli/main';
import { THEME_CONFIG_CLI } from '../src/cli/commands.js';

export { memoryIO, memoryStream } from '../../internal/test/support/memory-io.js';

/** Runs `theme-config ...args` in-process with `io`; resolves to the exit code. */
export function runThemeConfig(args: readonly string[], io: CliIO): Promise<number> {
  return runCli(args, { ...THEME_CONFIG_CLI, io });
}
