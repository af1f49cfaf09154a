/** `commerce-sandbox [options]`: start, print the banner, log requests, stop on Ctrl-C. */
import { SandboxConfigurationError, SandboxError } from '../errors.js';
import type { Logger } from '../logger.js';
import { resolveOptions, type ResolvedOptions } from '../options.js';
import type { Sandbox } from '../sandbox.js';
import { flagName, parseCliArgs, USAGE } from './args.js';
import { banner } from './banner.js';
import { invocation } from './invocation.js';
import type { CommandStreams } from './commands/command.js';
import { portProblem } from './port-check.js';
import { VERSION } from './version.js';

/**
 * Resolves with the exit code when it ends early (help, version: 0; usage: 2; start failure: 1);
 * otherwise keeps running until SIGINT/SIGTERM, then stops cleanly and exits 0.
 */
export async function serve(
  argv: readonly string[],
  streams: CommandStreams,
  command: string = invocation(),
): Promise<number | undefined> {
  const parsed = parseCliArgs(argv);
  if (parsed.kind === 'help') {
    streams.out(`${USAGE}\n`);
    return 0;
  }
  if (parsed.kind === 'version') {
    streams.out(`${VERSION}\n`);
    return 0;
  }
  const usage = (message: string): number => {
    streams.err(`commerce-sandbox: ${message}\nRun \`${command} --help\` for the options.\n`);
    return 2;
  };
  if (parsed.kind === 'usage') return usage(parsed.message);
  // Every option is checked before anything is opened, and named as the flag it came from.
  let resolved: ResolvedOptions;
  try {
    resolved = resolveOptions(parsed.options, flagName);
  } catch (error) {
    if (error instanceof SandboxConfigurationError) return usage(error.message);
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
    if (error instanceof SandboxConfigurationError) return usage(error.message);
    streams.err(
      `commerce-sandbox: ${error instanceof SandboxError || error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
  const running = sandbox;
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
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
  return undefined;
}
