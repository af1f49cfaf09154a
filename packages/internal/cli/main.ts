/**
 * A command line of subcommands: dispatches to the one named, answers `--help` and `--version`, turns
 * usage errors into exit code 2. Each program (`theme-config`, `theme-kit`, `commerce-sandbox`) is its
 * table of {@link Command}s under its own name and version, with, for a program that is mostly one
 * command, the command a line runs when it names none.
 */
import { parseCommandArgs } from '@commerce-kit/internal/cli/args';
import { loadCommand, type Command, type CommandEntry } from '@commerce-kit/internal/cli/command';
import { EXIT, processIO, UsageError, type CliIO } from '@commerce-kit/internal/cli/io';

/** What {@link runCli} runs. */
export interface CliOptions {
  /** Name of the program: the first word of the usage lines and of every message. */
  readonly program: string;
  /** What `--version` prints. */
  readonly version: string;
  /**
   * The subcommands, in the order the overview lists them: each a {@link Command}, or a `LazyCommand`
   * whose module is imported only when it runs or its help is asked for.
   */
  readonly commands: readonly CommandEntry[];
  /** Where to read and write (default: {@link processIO}). */
  readonly io?: CliIO | undefined;
  /**
   * The command of a line that names none (empty, or starting with an option): for a program that is
   * mostly one command (`commerce-sandbox [options]` starts a sandbox). It speaks as the program
   * (`commerce-sandbox: --port must be ...`), its help is the program's (`--help` on such a line, its usage
   * after `Usage: <program>`), and `help` is then not a command word. It is not listed among `commands`.
   * Without it, such a line gets the overview.
   */
  readonly defaultCommand?: CommandEntry | undefined;
  /**
   * How the user runs the program where it is (`npx commerce-sandbox`, `npm run sandbox --`), for the
   * commands the CLI prints. With it, a usage error ends with one line pointing to the help (``Run
   * `<helpCommand> <command> --help` for its usage.``) instead of the usage and the help in full, and an
   * unknown command is answered with the names of the commands: for a program whose help is long.
   */
  readonly helpCommand?: string | undefined;
}

/** `<program> <name> <arguments>` (`<program> <arguments>` for the default command). */
const usageLine = (program: string, command: Command, isDefault: boolean): string =>
  `${program}${isDefault ? '' : ` ${command.name}`}${command.usage === '' ? '' : ` ${command.usage}`}`;

const commandHelp = (program: string, command: Command, isDefault = false): string =>
  `Usage: ${usageLine(program, command, isDefault)}\n\n${command.help}\n`;

function overview(program: string, commands: readonly CommandEntry[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `Usage: ${program} <command> [options]`,
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Options:',
    `  -h, --help      show help (also \`${program} <command> --help\`)`,
    '  -v, --version   print the version',
    '',
  ].join('\n');
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Runs the command line `argv` (without `node` and the script) and resolves to the exit code. */
export async function runCli(argv: readonly string[], options: CliOptions): Promise<number> {
  const { program, version, commands, defaultCommand, helpCommand } = options;
  const io = options.io ?? processIO();
  const byName = new Map(commands.map((c) => [c.name, c]));
  const [name, ...rest] = argv;
  if (defaultCommand !== undefined && (name === undefined || name.startsWith('-')))
    return execute(defaultCommand, argv, true, options, io);
  if (name === undefined) {
    io.stderr.write(overview(program, commands));
    return EXIT.USAGE;
  }
  if (name === '--help' || name === '-h' || (name === 'help' && defaultCommand === undefined)) {
    const topic = name === 'help' ? rest[0] : undefined;
    const entry = topic === undefined ? undefined : byName.get(topic);
    if (entry === undefined) {
      io.stdout.write(overview(program, commands));
      return EXIT.OK;
    }
    try {
      io.stdout.write(commandHelp(program, await loadCommand(entry)));
      return EXIT.OK;
    } catch (error) {
      io.stderr.write(`${program} ${entry.name}: unexpected failure: ${messageOf(error)}\n`);
      return EXIT.INVALID;
    }
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${version}\n`);
    return EXIT.OK;
  }
  const entry = byName.get(name);
  if (!entry) {
    io.stderr.write(
      helpCommand === undefined
        ? `${program}: unknown command ${JSON.stringify(name)}\n\n${overview(program, commands)}`
        : `${program}: unknown command ${JSON.stringify(name)}: one of ${commands.map((c) => c.name).join(', ')}\nRun \`${helpCommand} --help\` for the commands and options.\n`,
    );
    return EXIT.USAGE;
  }
  return execute(entry, rest, false, options, io);
}

/** Loads the command of `entry`, parses `args` for it and runs it; the default command speaks as the program. */
async function execute(
  entry: CommandEntry,
  args: readonly string[],
  isDefault: boolean,
  { program, version, helpCommand }: CliOptions,
  io: CliIO,
): Promise<number> {
  const speaker = isDefault ? program : `${program} ${entry.name}`;
  let command: Command;
  try {
    command = await loadCommand(entry);
  } catch (error) {
    io.stderr.write(`${speaker}: unexpected failure: ${messageOf(error)}\n`);
    return EXIT.INVALID;
  }
  try {
    const parsed = command.parse
      ? command.parse(args)
      : parseCommandArgs(args, command.options, command.maxPositionals ?? 0);
    if (parsed.kind === 'help') {
      io.stdout.write(commandHelp(program, command, isDefault));
      return EXIT.OK;
    }
    if (parsed.kind === 'version') {
      io.stdout.write(`${version}\n`);
      return EXIT.OK;
    }
    return await command.run({ program, values: parsed.values, positionals: parsed.positionals }, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(
        helpCommand === undefined
          ? `${speaker}: ${error.message}\n\nUsage: ${usageLine(program, command, isDefault)}\n${command.help}\n`
          : isDefault
            ? `${speaker}: ${error.message}\nRun \`${helpCommand} --help\` for the options.\n`
            : `${speaker}: ${error.message}\nRun \`${helpCommand} ${command.name} --help\` for its usage.\n`,
      );
      return EXIT.USAGE;
    }
    io.stderr.write(`${speaker}: unexpected failure: ${messageOf(error)}\n`);
    return EXIT.INVALID;
  }
}

/**
 * Runs the CLI as the process itself (a package's `bin`): the arguments of `process.argv`, the process's
 * IO, the exit code as `process.exitCode`. A closed stdout (`<program> validate | head`) ends the
 * process quietly instead of with a stack trace.
 */
export function runCliProcess(options: Omit<CliOptions, 'io'>): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  void runCli(process.argv.slice(2), { ...options, io: processIO() }).then((code) => {
    process.exitCode = code;
  });
}
