/** The shape of a subcommand, so new ones (e.g. `mock`) are one table entry in `commands.ts`. */
import type { CliIO } from './io.js';

/** One `theme-config <name>` subcommand. */
export interface Command {
  /** Name typed on the command line. */
  name: string;
  /** One-line description for the command list. */
  summary: string;
  /** Usage line. */
  usage: string;
  /** Option descriptions shown by `--help`. */
  help: string;
  /** Runs the command; resolves to the exit code. Throws {@link UsageError} for bad arguments. */
  run(args: readonly string[], io: CliIO): Promise<number>;
}
