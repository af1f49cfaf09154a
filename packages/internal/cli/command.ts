/** The shape of a subcommand, so a CLI is a table of them (see `runCli`). */
import type { OptionsConfig } from './args.js';
import type { CliIO } from './io.js';

/** A parsed command line, as a subcommand receives it. */
export interface CommandInput {
  /**
   * Name of the program the command runs under (`theme-config`, `theme-kit`): the first word of each
   * message the command prints (`theme-kit validate: cannot watch ...`), so a command shared by two
   * CLIs speaks as the one the user typed.
   */
  readonly program: string;
  /** Option values by name (`--help` and `--version` are handled before). */
  readonly values: Record<string, string | boolean | undefined>;
  /** Positional arguments (at most {@link Command.maxPositionals}). */
  readonly positionals: readonly string[];
}

/** One `<program> <name>` subcommand. */
export interface Command {
  /** Name typed on the command line. */
  readonly name: string;
  /** One-line description for the command list. */
  readonly summary: string;
  /**
   * Its arguments, as the usage line shows them after `<program> <name>` (`[--strict] [DIR]`; empty
   * when it takes none).
   */
  readonly usage: string;
  /** Option descriptions shown by `--help`. */
  readonly help: string;
  /** Its options, for `parseArgs`. */
  readonly options: OptionsConfig;
  /** How many positional arguments it takes (default 0). */
  readonly maxPositionals?: number | undefined;
  /** Runs the command; resolves to the exit code. Throws `UsageError` for bad arguments. */
  run(input: CommandInput, io: CliIO): Promise<number>;
}
