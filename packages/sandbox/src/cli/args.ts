/** The flags of `commerce-sandbox` (start a sandbox), read into {@link SandboxOptions}; anything else is a usage error. */
import { integerValue, stringListValue, stringValue } from '@commerce-kit/internal/cli/args';
import { OPTION_RANGES, SYNCHRONOUS_MODES, type OptionNamer, type SandboxOptions } from '../options.js';
import { TOKEN_RESPONSE_VARIANTS } from '../services/oauth.js';
import { CONTRACT_COMMANDS, CONTROL_COMMANDS, isCommandName, summaryLines } from './commands/index.js';
import { UsageError, type FlagSpecs } from './flags.js';

/** The usage line of `commerce-sandbox` after its name (`Usage: commerce-sandbox …`). */
export const USAGE = `[options]            start a sandbox
       commerce-sandbox COMMAND [options]    control a running one`;

/** The help below the usage line. */
export const HELP = `A local sandbox of the commerce platform's REST API: OAuth consent, customers, cursor pagination,
rate limits and signed webhooks, every request and response checked against the API spec.

Options:
  --port N              TCP port (default 4010; 0 picks a free one)
  --host ADDRESS        interface to listen on (default 127.0.0.1)
  --allowed-host NAME   also answer requests naming this host (repeatable; .example.test allows a domain);
                        loopback names, IP literals and --host are always answered, others get 403
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
  --control-key K       the key callers send to use the control API (default: a random one, which the
                        commands of the same user on this machine find themselves)
  --theme DIR           also serve this theme's storefront, rendered from the sandbox's live data
  --storefront-port N   the storefront's port (default 9292; 0 picks a free one)
  --configDir DIR       seed the products, categories and blog posts from this theme's config files
                        (default: the --theme directory)
  --quiet               do not log each request
  -h, --help            show this help
  -v, --version         print the version

Exit codes: 0 stopped normally, 1 could not start, 2 usage error.

Commands for a running sandbox (\`commerce-sandbox COMMAND --help\` for each one's options):
${summaryLines(CONTROL_COMMANDS)}

Contract checks of an app or of the platform:
${summaryLines(CONTRACT_COMMANDS)}`;

const range = ({ min, max }: { readonly min: number; readonly max: number }): string =>
  `a whole number from ${min} to ${max}`;

/** The flags, and what each one's value is. */
export const SERVE_FLAGS: FlagSpecs = {
  port: { type: 'string', value: `${range(OPTION_RANGES.port)} (0 picks a free one)` },
  host: { type: 'string', value: 'the address to listen on, e.g. 127.0.0.1' },
  'allowed-host': { type: 'string', multiple: true, value: 'a host name to answer, e.g. devbox.test' },
  seed: { type: 'string', value: 'a whole number' },
  customers: { type: 'string', value: range(OPTION_RANGES.customers) },
  data: { type: 'string', value: 'the SQLite file to keep the state in' },
  'webhook-url': { type: 'string', value: 'an http:// or https:// URL' },
  'webhook-secret': { type: 'string', value: 'the webhook signing secret' },
  'redirect-uri': { type: 'string', value: 'an http:// or https:// URL' },
  'token-response': { type: 'string', value: TOKEN_RESPONSE_VARIANTS.join(' or ') },
  'rate-limit': {
    type: 'string',
    value: `requests per minute, ${range(OPTION_RANGES.rateLimit)} (0 turns the limit off)`,
  },
  synchronous: { type: 'string', value: SYNCHRONOUS_MODES.join(' or ') },
  strict: { type: 'boolean' },
  'control-key': { type: 'string', value: 'the key callers of the control API send' },
  theme: { type: 'string', value: 'the theme directory to serve as the storefront' },
  'storefront-port': { type: 'string', value: `${range(OPTION_RANGES.port)} (0 picks a free one)` },
  configDir: { type: 'string', value: "the directory of a theme's *.stk.config.json files" },
  quiet: { type: 'boolean' },
};

/**
 * `tokenResponse` -> `--token-response`: how the CLI names an option in messages. `--configDir` keeps the
 * theme kit's spelling (the platform's documentation names the option so).
 */
export const flagName: OptionNamer = (option) =>
  option === 'configDir'
    ? '--configDir'
    : option === 'allowedHosts'
      ? '--allowed-host'
      : `--${option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

function oneOf<T extends string>(
  values: Record<string, string | boolean | undefined>,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const value = stringValue(values, name);
  if (value === undefined || allowed.includes(value as T)) return value as T | undefined;
  throw new UsageError(`--${name} must be ${allowed.join(' or ')}, not ${JSON.stringify(value)}`);
}

/**
 * The options of a parsed command line (its flags' values and positionals).
 * @throws {UsageError} naming the flag, or the unexpected argument
 */
export function serveOptions(
  values: Record<string, string | boolean | undefined>,
  positionals: readonly string[],
): { readonly options: SandboxOptions; readonly quiet: boolean } {
  if (positionals.length > 0) {
    const [first] = positionals;
    // `commerce-sandbox --url X reset`: commands come first.
    const hint = isCommandName(first) ? ` (a command comes first: commerce-sandbox ${first} [options])` : '';
    throw new UsageError(`unexpected argument ${JSON.stringify(first)}${hint}`);
  }
  const options: SandboxOptions = {
    port: integerValue(values, 'port', OPTION_RANGES.port),
    host: stringValue(values, 'host'),
    allowedHosts: values['allowed-host'] === undefined ? undefined : stringListValue(values, 'allowed-host'),
    seed: integerValue(values, 'seed', OPTION_RANGES.seed),
    customers: integerValue(values, 'customers', OPTION_RANGES.customers),
    data: stringValue(values, 'data'),
    webhookUrl: stringValue(values, 'webhook-url'),
    webhookSecret: stringValue(values, 'webhook-secret'),
    redirectUri: stringValue(values, 'redirect-uri'),
    tokenResponse: oneOf(values, 'token-response', TOKEN_RESPONSE_VARIANTS),
    synchronous: oneOf(values, 'synchronous', SYNCHRONOUS_MODES),
    rateLimit: integerValue(values, 'rate-limit', OPTION_RANGES.rateLimit),
    strict: values['strict'] === true ? true : undefined,
    controlKey: stringValue(values, 'control-key'),
    theme: stringValue(values, 'theme'),
    storefrontPort: integerValue(values, 'storefront-port', OPTION_RANGES.port),
    configDir: stringValue(values, 'configDir'),
  };
  return { options, quiet: values['quiet'] === true };
}
