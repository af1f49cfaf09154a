/**
 * The `commerce-sandbox` command: with options only, it starts a sandbox; with a command first
 * (`reset`, `fault 503`, `report`…), it controls a running one over HTTP.
 */
import { COMMANDS } from './commands/index.js';
import { runCommand, type CommandStreams } from './commands/command.js';
import { CONTRACT_COMMANDS } from './commands/contract-commands.js';
import { runContractCommand } from './commands/contract-command.js';
import { invocation } from './invocation.js';
import { serve } from './serve.js';

const processStreams: CommandStreams = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/**
 * Runs the command. Resolves with the exit code, or with undefined while a started sandbox runs (it
 * exits on SIGINT/SIGTERM).
 */
export async function runCli(
  argv: readonly string[],
  streams: CommandStreams = processStreams,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number | undefined> {
  // How the user runs commerce-sandbox here, in the commands it prints (the banner, pointers to --help).
  const program = invocation();
  const [first] = argv;
  if (first === undefined || first.startsWith('-')) return serve(argv, streams, program);
  const contract = CONTRACT_COMMANDS.get(first);
  if (contract !== undefined) return runContractCommand(contract, argv.slice(1), streams, env, program);
  const command = COMMANDS.get(first);
  if (command === undefined) {
    streams.err(
      `commerce-sandbox: unknown command ${JSON.stringify(first)}: one of ${[...COMMANDS.keys(), ...CONTRACT_COMMANDS.keys()].join(', ')}\nRun \`${program} --help\` for the commands and options.\n`,
    );
    return 2;
  }
  return runCommand(command, argv.slice(1), streams, env, program);
}
