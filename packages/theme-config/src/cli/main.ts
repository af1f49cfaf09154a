/** The `theme-config` command line: dispatches to a subcommand, turns usage errors into exit code 2. */
import { COMMANDS } from './commands.js';
import { EXIT, processIO, UsageError, type CliIO } from './io.js';

function overview(): string {
  const width = Math.max(...[...COMMANDS.keys()].map((n) => n.length));
  const lines = [...COMMANDS.values()].map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `Usage: theme-config <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun \`theme-config <command> --help\` for a command's options.\n`;
}

const isParseArgsError = (error: unknown): boolean => {
  const code: unknown = error instanceof TypeError ? (error as unknown as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
};

/**
 * Runs the CLI with `argv` (without `node` and the script) and resolves to the exit code.
 * @example
 * ```ts
 * const code = await runCli(['validate', '--configDir', 'theme', '--format', 'json']);
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout).write(overview());
    return name === undefined ? EXIT.USAGE : EXIT.OK;
  }
  const command = COMMANDS.get(name);
  if (!command) {
    io.stderr.write(`theme-config: unknown command ${JSON.stringify(name)}\n\n${overview()}`);
    return EXIT.USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(`Usage: ${command.usage}\n\n${command.help}\n`);
    return EXIT.OK;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      io.stderr.write(`theme-config ${command.name}: ${(error as Error).message}\n\nUsage: ${command.usage}\n${command.help}\n`);
      return EXIT.USAGE;
    }
    io.stderr.write(`theme-config ${command.name}: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.INVALID;
  }
}
