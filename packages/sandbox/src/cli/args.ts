/** The flags of `commerce-sandbox`, parsed into {@link SandboxOptions}; anything else is a usage error. */
import { parseArgs } from 'node:util';
import type { SandboxOptions } from '../options.js';
import { COMMAND_SUMMARIES, isCommandName } from './commands/index.js';

export const USAGE = `Usage: commerce-sandbox [options]            start a sandbox
       commerce-sandbox COMMAND [options]    control a running one

A local sandbox of the commerce platform's REST API: OAuth consent, customers, cursor pagination,
rate limits and signed webhooks, every request and response checked against the API spec.

Options:
  --port N              TCP port (default 4010; 0 picks a free one)
  --host ADDRESS        interface to listen on (default 127.0.0.1)
  --seed N              seed of the generated data (default 1)
  --customers N         number of seeded customers (default 250)
  --data FILE           keep the state in this SQLite file (created and seeded when missing)
  --webhook-url URL     POST customer webhooks to this URL
  --webhook-secret S    sign webhooks with this secret (default: a random one)
  --redirect-uri URL    the test app's redirect URI (default: the sandbox's callback page)
  --token-response V    token response shape: openid (default) or scope
  --rate-limit N        requests per minute per account (default 200; 0 turns the limit off)
  --synchronous MODE    data file durability: normal (default, survives a process crash) or full (also a power loss)
  --strict              answer 400 to requests the sandbox would otherwise tolerate (unknown query parameters)
  --control-key K       the key other machines send to use the control API (default: a random one)
  --quiet               do not log each request
  -h, --help            show this help

Exit codes: 0 stopped normally, 1 could not start, 2 usage error.

Commands for a running sandbox (\`commerce-sandbox COMMAND --help\` for each one's options):
${COMMAND_SUMMARIES}`;

export type ParsedArgs =
  | { readonly kind: 'help' }
  | { readonly kind: 'run'; readonly options: SandboxOptions; readonly quiet: boolean }
  | { readonly kind: 'usage'; readonly message: string };

function integerFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}

class UsageError extends Error {}

export function parseCliArgs(argv: readonly string[]): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        customers: { type: 'string' },
        data: { type: 'string' },
        'webhook-url': { type: 'string' },
        'webhook-secret': { type: 'string' },
        'redirect-uri': { type: 'string' },
        'token-response': { type: 'string' },
        synchronous: { type: 'string' },
        'rate-limit': { type: 'string' },
        strict: { type: 'boolean' },
        'control-key': { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) return { kind: 'help' };
    if (positionals.length > 0) {
      const [first] = positionals;
      // `commerce-sandbox --url X reset`: commands come first.
      const hint = isCommandName(first) ? ` (a command comes first: commerce-sandbox ${first} [options])` : '';
      return { kind: 'usage', message: `unexpected argument ${JSON.stringify(first)}${hint}` };
    }
    const options: SandboxOptions = {
      port: integerFlag('port', values.port),
      host: values.host,
      seed: integerFlag('seed', values.seed),
      customers: integerFlag('customers', values.customers),
      data: values.data,
      webhookUrl: values['webhook-url'],
      webhookSecret: values['webhook-secret'],
      redirectUri: values['redirect-uri'],
      tokenResponse: values['token-response'] as SandboxOptions['tokenResponse'],
      synchronous: values.synchronous as SandboxOptions['synchronous'],
      rateLimit: integerFlag('rate-limit', values['rate-limit']),
      strict: values.strict,
      controlKey: values['control-key'],
    };
    return { kind: 'run', options, quiet: values.quiet === true };
  } catch (error) {
    // parseArgs's own messages name the flag ("Unknown option '--prot'"); never a stack trace.
    return { kind: 'usage', message: error instanceof Error ? error.message : String(error) };
  }
}
