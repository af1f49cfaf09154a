/**
 * A command line of subcommands: dispatches to the one named, answers `--help` and `--version`, turns
 * usage errors into exit code 2. Each program (`theme-config`, `theme-kit`) is its table of
 * {@link Command}s under its own name and version.
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
}

/** `<program> <name> <arguments>`. */
const usageLine = (program: string, command: Command): string =>
  `${program} ${command.name}${command.usage === '' ? '' : ` ${command.usage}`}`;

const commandHelp = (program: string, command: Command): string =>
  `Usage: ${usageLine(program, command)}\n\n${command.help}\n`;

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
  const { program, version, commands } = options;
  const io = options.io ?? processIO();
  const byName = new Map(commands.map((c) => [c.name, c]));
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.stderr.write(overview(program, commands));
    return EXIT.USAGE;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
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
    io.stderr.write(`${program}: unknown command ${JSON.stringify(name)}\n\n${overview(program, commands)}`);
    return EXIT.USAGE;
  }
  let command: Command;
  try {
    command = await loadCommand(entry);
  } catch (error) {
    io.stderr.write(`${program} ${entry.name}: unexpected failure: ${messageOf(error)}\n`);
    return EXIT.INVALID;
  }
  try {
    const parsed = parseCommandArgs(rest, command.options, command.maxPositionals ?? 0);
    if (parsed.kind === 'help') {
      io.stdout.write(commandHelp(program, command));
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
        `${program} ${command.name}: ${error.message}\n\nUsage: ${usageLine(program, command)}\n${command.help}\n`,
      );
      return EXIT.USAGE;
    }
    io.stderr.write(`${program} ${command.name}: unexpected failure: ${messageOf(error)}\n`);
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
