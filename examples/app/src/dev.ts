/**
 * `npm run example` (at the repository's root): starts the sandbox and the app together and prints the
 * URL to open. Ctrl-C stops both.
 */
import { parseArgs } from 'node:util';
import { allowedHostProblem } from '@commerce-kit/internal/local-server/guard';
import { startExample, type RunningExample } from './example.js';

const USAGE = `usage: npm run example [-- --port 3000] [--sandbox-port 4010] [--database FILE] [--allowed-host NAME]...
  --port N          the app's port (default 3000; 0 picks a free one)
  --sandbox-port N  the sandbox's port (default 4010; 0 picks a free one)
  --database FILE   keep the app's installations, tokens and events in this SQLite file (default: in memory;
                    the sandbox is in memory either way, so tokens kept from an earlier run are refused)
  --allowed-host NAME  also answer requests naming this host (repeatable); loopback names and IP
                    literals are always answered, any other Host gets 403`;

function usageError(message: string): never {
  process.stderr.write(`npm run example: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function portOf(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!/^[0-9]+$/.test(value) || port > 65_535) usageError(`--${flag} must be between 0 and 65535, not "${value}"`);
  return port;
}

const ARGS_CONFIG = {
  options: {
    port: { type: 'string' },
    'sandbox-port': { type: 'string' },
    database: { type: 'string' },
    'allowed-host': { type: 'string', multiple: true },
    help: { type: 'boolean' },
  },
  strict: true,
  allowPositionals: false,
} as const;

let values: ReturnType<typeof parseArgs<typeof ARGS_CONFIG>>['values'];
try {
  ({ values } = parseArgs(ARGS_CONFIG));
} catch (error) {
  // parseArgs's own messages advise about positionals; name the flag and the options instead.
  const message = error instanceof Error ? error.message : String(error);
  const flag = /'(--?[^' ]+)/.exec(message)?.[1] ?? '';
  usageError(
    /argument missing/.test(message)
      ? `${flag} needs a value`
      : `unknown option ${flag || message}: the options are --port, --sandbox-port, --database, --allowed-host and --help`,
  );
}
for (const name of values['allowed-host'] ?? []) {
  const problem = allowedHostProblem(name);
  if (problem !== undefined) usageError(`--allowed-host ${problem}`);
}
if (values.help === true) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const log = (line: string): void => console.log(`  ${new Date().toISOString().slice(11, 19)} ${line}`);
let example: RunningExample;
try {
  example = await startExample({
    port: portOf('port', values.port, 3000),
    sandboxPort: portOf('sandbox-port', values['sandbox-port'], 4010),
    database: values.database,
    allowedHosts: values['allowed-host'],
    log,
  });
} catch (error) {
  process.stderr.write(
    `npm run example: cannot start: ${error instanceof Error ? error.message : String(error)} (choose others with --port and --sandbox-port)\n`,
  );
  process.exit(1);
}

console.log(`
commerce-kit example app, with the sandbox as its platform
  sandbox  ${example.sandbox.url}  (its API, consent page and test bench; webhooks go to the app)
  app      ${example.url}

Open ${example.url} in a browser and click Install. Ctrl-C stops both.
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('stopping…');
    example.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
