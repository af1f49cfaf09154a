/**
 * What `verify-webhooks` and `proxy` share: they talk to an app or an upstream, not to a running sandbox,
 * so they parse their own flags (`--url` is the app's address here) and write a contract report in one of
 * five formats, to standard output or `--output FILE`. Exit codes: 0 passed, 1 departures found (or the
 * report cannot be written), 2 usage error naming the flag.
 */
import { writeFileSync } from 'node:fs';
import type { Command } from '@commerce-kit/internal/cli/command';
import type { CliIO } from '@commerce-kit/internal/cli/io';
import type { Clock } from '@commerce-kit/internal/clock';
import { systemClock } from '@commerce-kit/internal/clock';
import { CONTRACT_FORMATS, type ContractFormat } from '../../contract/formats.js';
import { type FlagSpecs, optionsConfig, UsageError } from '../flags.js';
import { maskedOutput, parseMasked, Secrets } from './command.js';

/** What a contract command's `run` gets. */
export interface ContractContext {
  readonly flags: Readonly<Record<string, string | boolean | undefined>>;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly clock: Clock;
  /** Adds a secret given on the command line to what is masked in the output. */
  readonly secret: (value: string) => void;
  /** Resolves when the user asks to stop (Ctrl-C: the CLI's `interrupted` signal). */
  readonly stopped: () => Promise<void>;
}

export interface ContractCommand {
  readonly name: string;
  readonly summary: string;
  /** Its arguments, as the usage line shows them after `commerce-sandbox <name>`. */
  readonly usage: string;
  /** The `--help` text below the usage line. */
  readonly help: string;
  readonly flags: FlagSpecs;
  run(context: ContractContext): Promise<number>;
}

/** A command that cannot go on (a report file that exists): exit 1 with the message. */
export class ContractCommandFailure extends Error {}

/** The report flags every contract command takes. */
export const REPORT_FLAGS: FlagSpecs = {
  format: { type: 'string', value: CONTRACT_FORMATS.join(', ') },
  output: { type: 'string', value: 'the file to write the report to' },
  force: { type: 'boolean' },
  strict: { type: 'boolean' },
};

export const REPORT_FLAGS_HELP = `  --format FORMAT       text (default), json, junit, sarif or github: junit and json are the shapes of
                        \`commerce-sandbox report\`, sarif for code scanning, github for annotations
  --output FILE         write the report to FILE (a summary line goes to standard output); an existing
                        FILE is kept unless --force
  --force               replace an existing FILE
  --strict              warnings fail the run too`;

export function readFormat(flags: ContractContext['flags']): ContractFormat {
  const format = (flags['format'] ?? 'text') as string;
  if (!CONTRACT_FORMATS.includes(format as ContractFormat))
    throw new UsageError(`--format must be one of ${CONTRACT_FORMATS.join(', ')}, not ${JSON.stringify(format)}`);
  if (flags['output'] === '') throw new UsageError('--output needs a file name');
  if (flags['force'] === true && flags['output'] === undefined)
    throw new UsageError('--force applies to --output FILE only');
  return format as ContractFormat;
}

/** An http(s) URL, or a usage error naming the flag. */
export function urlFlag(flags: ContractContext['flags'], name: string, required: boolean): URL | undefined {
  const value = flags[name];
  if (value === undefined) {
    if (required) throw new UsageError(`--${name} is required`);
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw new UsageError(`--${name} must be an http or https URL, not ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--${name} must be an http or https URL, not ${JSON.stringify(value)}`);
  return url;
}

/** A whole number within bounds, or a usage error naming the flag. */
export function wholeFlag(
  flags: ContractContext['flags'],
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = flags[name];
  if (value === undefined) return fallback;
  const text = String(value);
  if (!/^\d{1,9}$/.test(text) || Number(text) < min || Number(text) > max)
    throw new UsageError(`--${name} must be between ${min} and ${max}, not ${JSON.stringify(text)}`);
  return Number(text);
}

/** Writes the report where `--output` says (standard output by default), with the summary line. */
export function writeReport(context: ContractContext, text: string, summary: string): void {
  const output = context.flags['output'] as string | undefined;
  if (output === undefined) {
    context.out(text);
    context.err(`${summary}\n`);
    return;
  }
  try {
    writeFileSync(output, text, { flag: context.flags['force'] === true ? 'w' : 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new ContractCommandFailure(`${output} exists: pass --force to replace it`);
    throw new ContractCommandFailure(`cannot write ${output}: ${code ?? String(error)}`);
  }
  context.out(`${summary}, written to ${output}\n`);
}

/** Resolves when `io` is interrupted (Ctrl-C in the binary); never, when it cannot be. */
function interruption(io: CliIO): Promise<void> {
  const signal = io.interrupted;
  if (signal === undefined) return new Promise(() => {});
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/** A contract command as a command of the CLI's table. */
export function contractCommand(command: ContractCommand): Command {
  return {
    name: command.name,
    summary: command.summary,
    usage: command.usage,
    help: command.help,
    options: optionsConfig(command.flags),
    parse: (args) => parseMasked(args, command.flags, 0, ['--secret']),
    async run({ program, values }, io) {
      const secrets = new Secrets();
      const { out, err } = maskedOutput(io, secrets);
      if (typeof values['secret'] === 'string') secrets.add(values['secret']);
      try {
        return await command.run({
          flags: values,
          env: io.env,
          out,
          err,
          clock: systemClock,
          secret: (value) => secrets.add(value),
          stopped: () => interruption(io),
        });
      } catch (error) {
        if (error instanceof UsageError) throw new UsageError(secrets.mask(error.message));
        err(`${program} ${command.name}: ${error instanceof Error ? error.message : String(error)}\n`);
        return 1;
      }
    },
  };
}
