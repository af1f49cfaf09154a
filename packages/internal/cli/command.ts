/** The shape of a subcommand: a command-line tool is a table of them. */
import type { OptionsConfig, ParsedArgs } from '@commerce-kit/internal/cli/args';
import type { CliIO } from '@commerce-kit/internal/cli/io';

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
  /**
   * Parses the command's arguments itself, instead of `parseCommandArgs(args, options, maxPositionals)`:
   * for flags that need more than `parseArgs` gives (a negative number as a flag's value, messages saying
   * what a flag takes). It answers `--help` / `--version` wherever they stand as flags, as
   * `parseCommandArgs` does, and throws a `UsageError` naming the flag.
   */
  parse?(args: readonly string[]): ParsedArgs;
  /**
   * Runs the command with its parsed command line; resolves to the exit status (0 done / valid, 1
   * invalid / failed). A bad command line rejects with an error named `UsageError` (exit status 2: print
   * it with the usage).
   */
  run(input: CommandInput, io: CliIO): Promise<number>;
}

/**
 * A subcommand whose module loads only when it is used: the overview of the commands needs only its
 * name and summary, so `<program> --help`, `--version` and every other command never import what it
 * runs (a command's module and the libraries it imports are most of a CLI's start). `load` resolves
 * to the command itself (the same `name` and `summary`), once per run of the program.
 */
export interface LazyCommand {
  /** Name typed on the command line (the loaded command's `name`). */
  readonly name: string;
  /** One-line description for the command list (the loaded command's `summary`). */
  readonly summary: string;
  /** Imports the command's module: `() => import('./check-command.js').then((m) => m.checkCommand)`. */
  load(): Promise<Command>;
}

/** An entry of a command table: the command itself, or one loaded when it is used. */
export type CommandEntry = Command | LazyCommand;

/** The command an entry stands for: itself, or what it loads. */
export async function loadCommand(entry: CommandEntry): Promise<Command> {
  if (!('load' in entry)) return entry;
  const command = await entry.load();
  if (command.name !== entry.name)
    throw new Error(`the command table's entry ${JSON.stringify(entry.name)} loaded ${JSON.stringify(command.name)}`);
  return command;
}
