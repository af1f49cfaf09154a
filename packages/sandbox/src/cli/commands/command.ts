/**
 * What every control command shares: the connection flags (`--url`, `--control-key`), `--json`, the help
 * text, and how a run ends (0 done, 1 refused or unreachable, 2 usage). A {@link ControlCommand} becomes a
 * command of the `@commerce-kit/internal/cli` table through {@link controlCommand}. Secrets given on the
 * command line (the control key, a fault's access token) are masked in everything printed.
 */
import { stringValue } from '@commerce-kit/internal/cli/args';
import type { Command } from '@commerce-kit/internal/cli/command';
import type { CliIO } from '@commerce-kit/internal/cli/io';
import { clientFrom, ConnectionSettingError, CONTROL_KEY_ENV, type ControlClient } from '../control-client.js';
import { optionsConfig, parseFlags, UsageError, type FlagSpecs } from '../flags.js';

/** A wrong argument or flag value: exit 2 with the message and a pointer to `--help` (the shared framework's, branded). */
export { UsageError };

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

/** A command that controls a running sandbox. */
export interface ControlCommand {
  readonly name: string;
  /** One line for the top-level help. */
  readonly summary: string;
  /** Its arguments, as the usage line shows them after `commerce-sandbox <name>`. */
  readonly usage: string;
  /** The `--help` text below the usage line, without the shared flags (added below it). */
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

/** Whole numbers only (`--count 3`, `delay 250`): the sandbox checks the ranges. */
export function wholeNumber(what: string, value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw new UsageError(`${what} must be a whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}

/** The secrets of a run, and `text` with each of them (4 characters or more) masked. */
export class Secrets {
  readonly #values: string[] = [];

  add(value: string | undefined): void {
    if (value !== undefined) this.#values.push(value);
  }

  /** The values of `flag` on a command line (`--flag VALUE`, `--flag=VALUE`), even one that does not parse. */
  addFlagValues(args: readonly string[], flag: string): void {
    for (const [i, arg] of args.entries()) {
      if (args[i - 1] === flag) this.add(arg);
      else if (arg.startsWith(`${flag}=`)) this.add(arg.slice(flag.length + 1));
    }
  }

  mask(text: string): string {
    return this.#values.reduce(
      (masked, secret) => (secret.length >= 4 ? masked.split(secret).join('***') : masked),
      text,
    );
  }
}

/**
 * Parses a command line against `specs` (see `parseFlags`); a usage error comes with the values of the
 * `secretFlags` masked, so a key given beside a bad flag is never echoed.
 */
export function parseMasked(
  args: readonly string[],
  specs: FlagSpecs,
  maxPositionals: number,
  secretFlags: readonly string[],
): ReturnType<typeof parseFlags> {
  try {
    return parseFlags(args, specs, maxPositionals);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const secrets = new Secrets();
    for (const flag of secretFlags) secrets.addFlagValues(args, flag);
    throw new UsageError(secrets.mask(error.message));
  }
}

/** Writers of `io` that mask `secrets`. */
export function maskedOutput(
  io: CliIO,
  secrets: Secrets,
): { readonly out: (text: string) => void; readonly err: (text: string) => void } {
  return {
    out: (text) => {
      io.stdout.write(secrets.mask(text));
    },
    err: (text) => {
      io.stderr.write(secrets.mask(text));
    },
  };
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A command's flags as the parser takes them: its own, then the connection flags and `--json`. */
function commandFlags(command: ControlCommand): FlagSpecs {
  return {
    ...command.flags,
    url: { type: 'string', value: "the sandbox's base URL, e.g. http://127.0.0.1:4010" },
    'control-key': { type: 'string', value: 'the control key printed at start' },
    ...(command.jsonOutput === false ? {} : { json: { type: 'boolean' } }),
  };
}

/** A control command as a command of the CLI's table. */
export function controlCommand(command: ControlCommand): Command {
  const flags = commandFlags(command);
  const shared = command.jsonOutput === false ? SHARED_FLAGS.replace(/\n {2}--json[^\n]*/, '') : SHARED_FLAGS;
  return {
    name: command.name,
    summary: command.summary,
    usage: command.usage,
    help: `${command.help}\n\n${shared}`,
    options: optionsConfig(flags),
    maxPositionals: Number.POSITIVE_INFINITY,
    parse: (args) => parseMasked(args, flags, Number.POSITIVE_INFINITY, ['--control-key']),
    async run({ program, values, positionals }, io) {
      const secrets = new Secrets();
      const { out, err } = maskedOutput(io, secrets);
      const controlKey = stringValue(values, 'control-key');
      secrets.add(controlKey);
      secrets.add(io.env[CONTROL_KEY_ENV]);
      try {
        const client = clientFrom({ url: stringValue(values, 'url'), controlKey }, io.env);
        return await command.run({
          positionals,
          flags: values,
          client,
          json: values['json'] === true,
          out,
          err,
          secret: (value) => secrets.add(value),
        });
      } catch (error) {
        if (error instanceof UsageError || error instanceof ConnectionSettingError)
          throw new UsageError(secrets.mask(error.message));
        // Refused by the sandbox, unreachable, or a failure of the command (ControlError, CommandFailure…).
        err(`${program} ${command.name}: ${messageOf(error)}\n`);
        return 1;
      }
    },
  };
}

/** The JSON answer, as `--json` prints it (`{}` for an empty 204). */
export function printJson(context: CommandContext, body: unknown): void {
  context.out(`${JSON.stringify(body ?? {}, null, 2)}\n`);
}
