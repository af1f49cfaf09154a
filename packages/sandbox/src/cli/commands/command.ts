/**
 * What every control command shares: the connection flags (`--url`, `--control-key`), `--json`, `--help`,
 * argument parsing, and the exit codes (0 done, 1 refused or unreachable, 2 usage). Secrets given on the
 * command line (the control key, a fault's access token) are masked in everything printed.
 */
import {
  clientFrom,
  ConnectionSettingError,
  CONTROL_KEY_ENV,
  ControlError,
  type ControlClient,
} from '../control-client.js';
import { parseFlags, UsageError, type FlagSpecs } from '../flags.js';
import { invocation } from '../invocation.js';
import { VERSION } from '../version.js';

/** A wrong argument or flag value: exit 2 with the message and a pointer to `--help` (the shared framework's, branded). */
export { UsageError };

/** Where a command writes. */
export interface CommandStreams {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

export type FlagValues = Readonly<Record<string, string | boolean | undefined>>;

/** What a command's `run` gets. */
export interface CommandContext {
  readonly positionals: readonly string[];
  readonly flags: FlagValues;
  readonly client: ControlClient;
  /** `--json`: print the sandbox's JSON answer instead of a line for humans. */
  readonly json: boolean;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Adds a secret given on the command line to what is masked in the output. */
  readonly secret: (value: string) => void;
}

export interface Command {
  readonly name: string;
  /** One line for the top-level help. */
  readonly synopsis: string;
  readonly summary: string;
  /** The full `--help` text, without the shared flags (added below it). */
  readonly help: string;
  /** The command's own flags, and what each one's value is (for the message when it is missing). */
  readonly flags: FlagSpecs;
  /** Whether `--json` applies (default true). */
  readonly jsonOutput?: boolean;
  /** Resolves with the exit code. */
  run(context: CommandContext): Promise<number>;
}

/** A command that cannot go on (bad `--data` JSON, a report file that exists): exit 1 with the message. */
export class CommandFailure extends Error {}

const SHARED_FLAGS = `Connection (every command):
  --url URL             the sandbox's base URL (default: $COMMERCE_SANDBOX_URL, else http://127.0.0.1:4010)
  --control-key K       the control key printed at start (default: $COMMERCE_SANDBOX_CONTROL_KEY); only
                        needed from another machine
  --json                print the sandbox's JSON answer instead of a summary line
  -h, --help            show this help

Exit codes: 0 done, 1 refused by the sandbox or cannot reach it, 2 usage error.`;

/** The help text of a command: its own part and the shared flags. */
export function commandHelp(command: Command): string {
  const shared = command.jsonOutput === false ? SHARED_FLAGS.replace(/\n {2}--json[^\n]*/, '') : SHARED_FLAGS;
  return `${command.help}\n\n${shared}`;
}

/** Whole numbers only (`--count 3`, `delay 250`): the sandbox checks the ranges. */
export function wholeNumber(what: string, value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw new UsageError(`${what} must be a whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}

/**
 * A command run's output: `out` and `err` with every secret in `secrets` masked (push one as soon as the
 * command reads it), and `usage`, which prints a usage error pointing at the command's help and answers 2.
 */
export function commandOutput(
  name: string,
  streams: CommandStreams,
  program: string,
): {
  readonly secrets: string[];
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly usage: (message: string) => number;
} {
  const secrets: string[] = [];
  const mask = (text: string): string =>
    secrets.reduce((masked, secret) => (secret.length >= 4 ? masked.split(secret).join('***') : masked), text);
  const err = (text: string): void => streams.err(mask(text));
  return {
    secrets,
    out: (text) => streams.out(mask(text)),
    err,
    usage: (message) => {
      err(`commerce-sandbox ${name}: ${message}\nRun \`${program} ${name} --help\` for its usage.\n`);
      return 2;
    },
  };
}

/** A command's flags as the parser takes them: its own, then the connection flags and `--json`. */
function commandFlags(command: Command): FlagSpecs {
  return {
    ...command.flags,
    url: { type: 'string', value: "the sandbox's base URL, e.g. http://127.0.0.1:4010" },
    'control-key': { type: 'string', value: 'the control key printed at start' },
    ...(command.jsonOutput === false ? {} : { json: { type: 'boolean' } }),
  };
}

/**
 * Runs `command` with its arguments (after the command's name); resolves with the exit code.
 * @param program how the user runs commerce-sandbox here, for the pointer to `--help` (see `invocation`)
 */
export async function runCommand(
  command: Command,
  argv: readonly string[],
  streams: CommandStreams,
  env: NodeJS.ProcessEnv,
  program: string = invocation(),
): Promise<number> {
  const { secrets, out, err, usage } = commandOutput(command.name, streams, program);
  let values: FlagValues;
  let positionals: readonly string[];
  try {
    const parsed = parseFlags(argv, commandFlags(command));
    if (parsed.kind === 'help') {
      out(`${commandHelp(command)}\n`);
      return 0;
    }
    if (parsed.kind === 'version') {
      out(`${VERSION}\n`);
      return 0;
    }
    ({ values, positionals } = parsed);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // The key may be the value the message is about; never echo it.
    for (const [i, arg] of argv.entries()) {
      if (argv[i - 1] === '--control-key') secrets.push(arg);
      else if (arg.startsWith('--control-key=')) secrets.push(arg.slice('--control-key='.length));
    }
    return usage(error.message);
  }
  const controlKey = values['control-key'] as string | undefined;
  if (controlKey !== undefined) secrets.push(controlKey);
  const keyFromEnv = env[CONTROL_KEY_ENV];
  if (keyFromEnv !== undefined) secrets.push(keyFromEnv);
  try {
    const client = clientFrom({ url: values['url'] as string | undefined, controlKey }, env);
    return await command.run({
      positionals,
      flags: values,
      client,
      json: values['json'] === true,
      out,
      err,
      secret: (value) => secrets.push(value),
    });
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConnectionSettingError) return usage(error.message);
    if (error instanceof ControlError || error instanceof CommandFailure) {
      err(`commerce-sandbox ${command.name}: ${error.message}\n`);
      return 1;
    }
    err(`commerce-sandbox ${command.name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

/** The JSON answer, as `--json` prints it (`{}` for an empty 204). */
export function printJson(context: CommandContext, body: unknown): void {
  context.out(`${JSON.stringify(body ?? {}, null, 2)}\n`);
}
