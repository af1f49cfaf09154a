/** The options of {@link startSandbox}: the CLI's flags in camelCase, plus the house `clock` and a logger. */
import { statSync } from 'node:fs';
import { resolveClock, type Clock } from '@commerce-kit/internal/clock';
import { allowedHostProblem } from '@commerce-kit/internal/local-server/guard';
import { SandboxConfigurationError } from './errors.js';
import type { Logger } from './logger.js';
import { silentLogger } from './logger.js';
import { RATE_LIMIT_REQUESTS } from './services/rate-limit.js';
import { TOKEN_RESPONSE_VARIANTS } from './services/oauth.js';
import { DEFAULT_RETRY_SCHEDULE_MS } from './events/dispatcher.js';
import { randomSecret } from './secrets.js';

/**
 * The two token responses the platform documents: `openid` answers `token_type: "Bearer"`,
 * `expires_in: 7776000` and an `id_token`; `scope` answers `token_type: "bearer"`, `expires_in: 43199`
 * and the granted `scope`.
 */
export type TokenResponseVariant = 'openid' | 'scope';

/** SQLite `synchronous` for a data file: `normal` (crash of the process) or `full` (also a power loss). */
export type Synchronous = 'normal' | 'full';

/** What to do with a response that does not match the spec: answer 500 (`error`) or log it and send it (`log`). */
export type ResponseMismatchAction = 'error' | 'log';

/** Options of {@link startSandbox}. Every one is optional. */
export interface SandboxOptions {
  /** TCP port (default 4010; `0` picks a free one, see `url`). */
  readonly port?: number | undefined;
  /** Interface to listen on (default `127.0.0.1`: reachable from this machine only). */
  readonly host?: string | undefined;
  /**
   * Host names the API, its pages and the storefront answer besides loopback names (`localhost`,
   * `*.localhost`), IP literals and `host` (a leading dot allows a domain and its subdomains: `.example.test`).
   * A request naming any other `Host` is answered 403 (DNS rebinding). The CLI's repeatable `--allowed-host`.
   */
  readonly allowedHosts?: readonly string[] | undefined;
  /** Seed of the generated data (default 1): the same seed gives byte-identical data, ids and dates included. */
  readonly seed?: number | undefined;
  /** Number of seeded customers (default 250). */
  readonly customers?: number | undefined;
  /**
   * SQLite file to keep the state in (WAL mode), created and seeded when missing; state survives a
   * restart. Default: in memory, gone when the sandbox stops.
   */
  readonly data?: string | undefined;
  /** Where customer webhooks are POSTed (default: none; events are still recorded, as `skipped`). */
  readonly webhookUrl?: string | undefined;
  /** The webhook signing secret (default: a random one, kept in the data file). */
  readonly webhookSecret?: string | undefined;
  /** The test app's redirect URI (default: the sandbox's own callback page, `<url>/_sandbox/callback`). */
  readonly redirectUri?: string | undefined;
  /** Which of the two documented token responses the token endpoint gives (default `openid`). */
  readonly tokenResponse?: TokenResponseVariant | undefined;
  /**
   * SQLite `synchronous` for a data file: `normal` (default) keeps every answered write through a crash
   * of the process; `full` also through a power loss, at the cost of one fsync per write.
   */
  readonly synchronous?: Synchronous | undefined;
  /**
   * A response that does not match the spec is a bug of the sandbox: `error` answers 500 instead
   * (for test suites), `log` (default) logs it and sends it anyway.
   */
  readonly onResponseMismatch?: ResponseMismatchAction | undefined;
  /**
   * Requests per minute per account (default 200, the platform's limit); `0` turns the limit off, for
   * load tests.
   */
  readonly rateLimit?: number | undefined;
  /**
   * Contract checks in strict mode: a request that departs from the spec in a way the sandbox would
   * otherwise tolerate (an unknown query parameter) is answered 400 naming the violation (default false:
   * answered, and listed in the contract report).
   */
  readonly strict?: boolean | undefined;
  /**
   * The key every caller must send (header `x-sandbox-control-key`) to use the control API under
   * `/_sandbox/`, on this machine too. Default: a random key, see `controlKey` of the started sandbox; the
   * `commerce-sandbox` commands of the same user find it in a file only that user can read.
   */
  readonly controlKey?: string | undefined;
  /**
   * Waits before each retry of a failed webhook delivery, in ms (default 10 s, 1 min, 5 min, 30 min,
   * 2 h); `[]` turns retries off. Short ones (`[10, 50]`) or a `ManualClock` make retries fast in tests.
   */
  readonly webhookRetrySchedule?: readonly number[] | undefined;
  /** Time source (tokens, codes, rate limits, webhook timestamps and timeouts, injected delays); default the system clock. */
  readonly clock?: Clock | undefined;
  /** Where the sandbox logs (default: nowhere). */
  readonly logger?: Logger | undefined;
  /** Log one line per request (method, path without query, status, time) to `logger.info` (default false). */
  readonly logRequests?: boolean | undefined;
  /**
   * A theme directory: its storefront is served on a port of its own (`storefrontUrl`), rendered by the theme
   * kit from the sandbox's live products, categories and blog posts (the rest of the store from the theme's
   * config files); a write through the API shows on the next page, and open pages reload.
   */
  readonly theme?: string | undefined;
  /** The storefront's TCP port (default 9292; `0` picks a free one, see `storefrontUrl`). Only with `theme`. */
  readonly storefrontPort?: number | undefined;
  /**
   * The directory of a theme's `*.stk.config.json` files: the seeded products, categories and blog posts are
   * that theme's mock store (its configured categories with their items, its blog), as the theme kit makes it.
   * Default: the `theme` directory when there is one, else the default store. A data file seeded before keeps
   * its data.
   */
  readonly configDir?: string | undefined;
}

export interface ResolvedOptions {
  readonly port: number;
  readonly host: string;
  readonly allowedHosts: readonly string[];
  readonly seed: number;
  readonly customers: number;
  readonly data: string | undefined;
  readonly webhookUrl: string | undefined;
  readonly webhookSecret: string | undefined;
  readonly redirectUri: string | undefined;
  readonly tokenResponse: TokenResponseVariant;
  readonly synchronous: Synchronous;
  readonly onResponseMismatch: ResponseMismatchAction;
  readonly rateLimit: number;
  readonly strict: boolean;
  readonly controlKey: string;
  readonly webhookRetrySchedule: readonly number[];
  readonly clock: Clock;
  readonly logger: Logger;
  readonly logRequests: boolean;
  readonly theme: string | undefined;
  readonly storefrontPort: number;
  readonly configDir: string | undefined;
}

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_SEED = 1;
export const DEFAULT_CUSTOMERS = 250;
/** The storefront's port when `theme` is given (the theme kit's dev server's). */
export const DEFAULT_STOREFRONT_PORT = 9292;
/** More seeded customers than this is refused (seeding runs before the server answers). */
export const MAX_CUSTOMERS = 1_000_000;
/** The whole-number options' bounds (inclusive). */
export const OPTION_RANGES = {
  port: { min: 0, max: 65_535 },
  seed: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
  customers: { min: 0, max: MAX_CUSTOMERS },
  rateLimit: { min: 0, max: 1_000_000 },
} as const;
/** The values of `synchronous`. */
export const SYNCHRONOUS_MODES: readonly Synchronous[] = ['normal', 'full'];

const fail = (message: string): SandboxConfigurationError => new SandboxConfigurationError(message);

function integer(name: string, value: unknown, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw fail(`${name} must be an integer from ${min} to ${max}, got ${describe(value)}`);
  }
  return value;
}

function text(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') throw fail(`${name} must be a non-empty string`);
  return value;
}

function url(name: string, value: unknown, protocols: readonly string[]): string | undefined {
  const given = text(name, value);
  if (given === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(given);
  } catch {
    throw fail(`${name} must be an absolute URL, got ${describe(given)}`);
  }
  if (!protocols.includes(parsed.protocol))
    throw fail(`${name} must be an ${protocols.join(' or ')} URL, got ${describe(given)}`);
  if (parsed.hash !== '' || given.includes('#')) throw fail(`${name} must not have a fragment (#…)`);
  return given;
}

/** A directory that exists; `what` says what it holds (`a theme directory`). */
function directory(name: string, value: unknown, what: string): string | undefined {
  const given = text(name, value);
  if (given === undefined) return undefined;
  const stats = statSync(given, { throwIfNoEntry: false });
  // The path whole (describe() would shorten it): it is no secret, and the end is what tells where it went wrong.
  if (stats === undefined) throw fail(`${name} must be ${what}: ${JSON.stringify(given)} does not exist`);
  if (!stats.isDirectory()) throw fail(`${name} must be ${what}: ${JSON.stringify(given)} is not a directory`);
  return given;
}

/** The storefront's port: only with a theme, and not the API's own. */
function storefrontPort(name: OptionNamer, value: unknown, theme: string | undefined, apiPort: number): number {
  if (value !== undefined && theme === undefined)
    throw fail(`${name('storefrontPort')} needs ${name('theme')}: the storefront serves a theme`);
  const { min, max } = OPTION_RANGES.port;
  const port = integer(name('storefrontPort'), value, min, max, DEFAULT_STOREFRONT_PORT);
  if (theme !== undefined && port !== 0 && port === apiPort)
    throw fail(
      `${name('storefrontPort')} must differ from ${name('port')} (${port}): the API and the storefront each need a port`,
    );
  return port;
}

function hostNames(name: string, value: unknown): readonly string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw fail(`${name} must be an array of host names`);
  for (const entry of value as unknown[]) {
    const problem = allowedHostProblem(entry);
    if (problem !== undefined) throw fail(`${name} ${problem}`);
  }
  return Object.freeze([...(value as string[])]);
}

function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T))
    throw fail(`${name} must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}, got ${describe(value)}`);
  return value as T;
}

function flag(name: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw fail(`${name} must be true or false, got ${describe(value)}`);
  return value;
}

/** At most 20 retries, each at most a day later. */
const MAX_RETRIES = 20;
const MAX_RETRY_DELAY_MS = 86_400_000;

function schedule(name: string, value: unknown): readonly number[] {
  if (value === undefined) return DEFAULT_RETRY_SCHEDULE_MS;
  if (
    !Array.isArray(value) ||
    value.length > MAX_RETRIES ||
    !value.every(
      (delay) => typeof delay === 'number' && Number.isSafeInteger(delay) && delay >= 0 && delay <= MAX_RETRY_DELAY_MS,
    )
  ) {
    throw fail(
      `${name} must be an array of at most ${MAX_RETRIES} delays in ms (integers from 0 to ${MAX_RETRY_DELAY_MS})`,
    );
  }
  return Object.freeze([...(value as number[])]);
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  return typeof value === 'number' ? String(value) : typeof value;
}

function logger(value: unknown): Logger {
  if (value === undefined) return silentLogger;
  const candidate = value as Partial<Logger> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    ['info', 'warn', 'error'].some((m) => typeof candidate[m as keyof Logger] !== 'function')
  ) {
    throw fail('`logger` must be an object with info(line), warn(line) and error(line)');
  }
  return candidate as Logger;
}

/**
 * How an option is named in messages: `` `port` `` for {@link startSandbox}'s callers; the CLI passes
 * its flags' names (`--port`).
 */
export type OptionNamer = (option: keyof SandboxOptions) => string;

const codeName: OptionNamer = (option) => `\`${option}\``;

/** Checks every option once, where they are given; a bad one is a {@link SandboxConfigurationError}. */
export function resolveOptions(options: SandboxOptions | undefined, name: OptionNamer = codeName): ResolvedOptions {
  const o = (options ?? {}) as Record<string, unknown>;
  if (typeof o !== 'object' || o === null) throw fail('the options must be an object');
  const { port, seed, customers, rateLimit } = OPTION_RANGES;
  // The webhook secret is never echoed: only its absence or shape is reported.
  const webhookSecret = text(name('webhookSecret'), o['webhookSecret']);
  const apiPort = integer(name('port'), o['port'], port.min, port.max, DEFAULT_PORT);
  const theme = directory(name('theme'), o['theme'], 'a theme directory');
  return {
    port: apiPort,
    host: text(name('host'), o['host']) ?? DEFAULT_HOST,
    allowedHosts: hostNames(name('allowedHosts'), o['allowedHosts']),
    seed: integer(name('seed'), o['seed'], seed.min, seed.max, DEFAULT_SEED),
    customers: integer(name('customers'), o['customers'], customers.min, customers.max, DEFAULT_CUSTOMERS),
    data: text(name('data'), o['data']),
    webhookUrl: url(name('webhookUrl'), o['webhookUrl'], ['http:', 'https:']),
    webhookSecret,
    redirectUri: url(name('redirectUri'), o['redirectUri'], ['http:', 'https:']),
    tokenResponse: oneOf(name('tokenResponse'), o['tokenResponse'], TOKEN_RESPONSE_VARIANTS, 'openid'),
    synchronous: oneOf(name('synchronous'), o['synchronous'], SYNCHRONOUS_MODES, 'normal'),
    onResponseMismatch: oneOf(name('onResponseMismatch'), o['onResponseMismatch'], ['error', 'log'] as const, 'log'),
    rateLimit: integer(name('rateLimit'), o['rateLimit'], rateLimit.min, rateLimit.max, RATE_LIMIT_REQUESTS),
    strict: flag(name('strict'), o['strict']),
    // Never echoed either: a bad one is reported by its shape only.
    controlKey: text(name('controlKey'), o['controlKey']) ?? randomSecret('sbk_'),
    webhookRetrySchedule: schedule(name('webhookRetrySchedule'), o['webhookRetrySchedule']),
    clock: resolveClock(o['clock'], fail),
    logger: logger(o['logger']),
    logRequests: flag(name('logRequests'), o['logRequests']),
    theme,
    storefrontPort: storefrontPort(name, o['storefrontPort'], theme, apiPort),
    configDir: directory(name('configDir'), o['configDir'], 'a directory of theme config files') ?? theme,
  };
}
