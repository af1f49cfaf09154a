/**
 * `commerce-sandbox [options]`: start, print the banner, log requests, stop on Ctrl-C. The default command
 * of the CLI's table: a line that names no command runs it.
 */
import type { Command } from '@commerce-kit/internal/cli/command';
import type { CliIO } from '@commerce-kit/internal/cli/io';
import { SandboxConfigurationError, SandboxError } from '../errors.js';
import type { Logger } from '../logger.js';
import { resolveOptions, type ResolvedOptions } from '../options.js';
import type { Sandbox } from '../sandbox.js';
import { flagName, HELP, SERVE_FLAGS, serveOptions, USAGE } from './args.js';
import { banner } from './banner.js';
import { optionsConfig, parseFlags, UsageError } from './flags.js';
import { invocation } from './invocation.js';
import { portProblem } from './port-check.js';

/** The default command (never typed: `commerce-sandbox serve` is not a command). */
export const serveCommand: Command = {
  name: 'serve',
  summary: 'start a sandbox',
  usage: USAGE,
  help: HELP,
  options: optionsConfig(SERVE_FLAGS),
  maxPositionals: Number.POSITIVE_INFINITY,
  parse: (args) => parseFlags(args, SERVE_FLAGS),
  run: ({ values, positionals }, io) => serve(values, positionals, io),
};

/**
 * Resolves with the exit code when it cannot start (usage: a `UsageError`; start failure: 1); otherwise
 * keeps running until SIGINT/SIGTERM, then stops cleanly and ends the process (0).
 */
async function serve(
  values: Record<string, string | boolean | undefined>,
  positionals: readonly string[],
  io: CliIO,
  command: string = invocation(),
): Promise<number> {
  const streams = {
    out: (text: string) => io.stdout.write(text),
    err: (text: string) => io.stderr.write(text),
  };
  const parsed = serveOptions(values, positionals);
  // Every option is checked before anything is opened, and named as the flag it came from.
  let resolved: ResolvedOptions;
  try {
    resolved = resolveOptions(parsed.options, flagName);
  } catch (error) {
    if (error instanceof SandboxConfigurationError) throw new UsageError(error.message);
    throw error;
  }
  // A port in use is reported before the data file is created or anything is seeded.
  const problem =
    (await portProblem(resolved.port, resolved.host)) ??
    (resolved.theme === undefined
      ? undefined
      : await portProblem(resolved.storefrontPort, resolved.host, 'storefront'));
  if (problem !== undefined) {
    streams.err(`commerce-sandbox: ${problem}\n`);
    return 1;
  }
  const logger: Logger = {
    info: (line) => streams.err(`${line}\n`),
    warn: (line) => streams.err(`warning: ${line}\n`),
    error: (line) => streams.err(`error: ${line}\n`),
  };
  // Loaded here, not at the top: the control commands never open a database.
  const { startSandbox } = await import('../sandbox.js');
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({ ...parsed.options, logger, logRequests: !parsed.quiet });
  } catch (error) {
    if (error instanceof SandboxConfigurationError) throw new UsageError(error.message);
    streams.err(
      `commerce-sandbox: ${error instanceof SandboxError || error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
  const running = sandbox;
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      // A second Ctrl-C is the user's "now"; a SIGTERM asks for the clean stop already under way (a wrapper
      // such as `npm start` passes its own stop on as SIGTERM while the terminal's SIGINT also arrives here).
      if (signal !== 'SIGINT') return;
      streams.err(`${signal} again: exiting without waiting\n`);
      process.exit(130);
    }
    stopping = true;
    streams.err(`${signal}: stopping (sending pending webhooks, closing the database)…\n`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        streams.err(
          `commerce-sandbox: could not stop cleanly: ${error instanceof Error ? error.message : String(error)}\n`,
        );
        process.exit(1);
      },
    );
  };
  // Listening for Ctrl-C before the banner is printed: whoever waits for the banner may stop it at once.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  streams.out(
    banner(sandbox, {
      data: resolved.data,
      webhookUrl: resolved.webhookUrl,
      strict: resolved.strict,
      rateLimit: resolved.rateLimit,
      theme: resolved.theme,
      command,
    }),
  );
  // Never resolves: the process ends when the sandbox has stopped (above).
  return new Promise<number>(() => {});
}
