/** `commerce-sandbox [options]`: start, print the banner, log requests, stop on Ctrl-C. */
import { SandboxConfigurationError, SandboxError } from '../errors.js';
import type { Logger } from '../logger.js';
import { parseCliArgs, USAGE } from './args.js';
import { banner } from './banner.js';
import type { CliStreams } from './main.js';

/**
 * Resolves with the exit code when it ends early (help: 0, usage: 2, start failure: 1); otherwise keeps
 * running until SIGINT/SIGTERM, then stops cleanly and exits 0.
 */
export async function serve(argv: readonly string[], streams: CliStreams): Promise<number | undefined> {
  const parsed = parseCliArgs(argv);
  if (parsed.kind === 'help') {
    streams.out(`${USAGE}\n`);
    return 0;
  }
  if (parsed.kind === 'usage') {
    streams.err(`commerce-sandbox: ${parsed.message}\nRun \`commerce-sandbox --help\` for the options.\n`);
    return 2;
  }
  const logger: Logger = {
    info: (line) => streams.err(`${line}\n`),
    warn: (line) => streams.err(`warning: ${line}\n`),
    error: (line) => streams.err(`error: ${line}\n`),
  };
  // Loaded here, not at the top: the control commands never open a database.
  const { startSandbox } = await import('../sandbox.js');
  let sandbox;
  try {
    sandbox = await startSandbox({ ...parsed.options, logger, logRequests: !parsed.quiet });
  } catch (error) {
    if (error instanceof SandboxConfigurationError) {
      streams.err(`commerce-sandbox: ${error.message}\nRun \`commerce-sandbox --help\` for the options.\n`);
      return 2;
    }
    streams.err(`commerce-sandbox: ${error instanceof SandboxError || error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  streams.out(banner(sandbox, { data: parsed.options.data, webhookUrl: parsed.options.webhookUrl, strict: parsed.options.strict === true }));
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
        streams.err(`commerce-sandbox: could not stop cleanly: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return undefined;
}
