/** The `theme-config` command line: dispatches to a subcommand, turns usage errors into exit code 2. */
import { parseCommandArgs } from './args.js';
import { COMMANDS } from './commands.js';
import { EXIT, processIO, UsageError, type CliIO } from './io.js';
import { VERSION } from './version.js';

function overview(): string {
  const width = Math.max(...[...COMMANDS.keys()].map((n) => n.length));
  const lines = [...COMMANDS.values()].map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return [
    'Usage: theme-config <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'Options:',
    '  -h, --help      show help (also `theme-config <command> --help`)',
    '  -v, --version   print the version',
    '',
  ].join('\n');
}

/** Runs the CLI with `argv` (without `node` and the script) and resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.stderr.write(overview());
    return EXIT.USAGE;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? rest[0] : undefined;
    const command = topic === undefined ? undefined : COMMANDS.get(topic);
    io.stdout.write(command ? `Usage: ${command.usage}\n\n${command.help}\n` : overview());
    return EXIT.OK;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${VERSION}\n`);
    return EXIT.OK;
  }
  const command = COMMANDS.get(name);
  if (!command) {
    io.stderr.write(`theme-config: unknown command ${JSON.stringify(name)}\n\n${overview()}`);
    return EXIT.USAGE;
  }
  try {
    const parsed = parseCommandArgs(rest, command.options, command.maxPositionals ?? 0);
    if (parsed.kind === 'help') {
      io.stdout.write(`Usage: ${command.usage}\n\n${command.help}\n`);
      return EXIT.OK;
    }
    if (parsed.kind === 'version') {
      io.stdout.write(`${VERSION}\n`);
      return EXIT.OK;
    }
    return await command.run(parsed, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`theme-config ${command.name}: ${error.message}\n\nUsage: ${command.usage}\n${command.help}\n`);
      return EXIT.USAGE;
    }
    io.stderr.write(`theme-config ${command.name}: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.INVALID;
  }
}
