/**
 * Command-line parsing shared by every subcommand: `node:util` `parseArgs`, plus `--help`/`-h` and
 * `--version`/`-v`, recognised only where they stand as flags (never as the value of an option, so
 * `--configDir=--help` names a directory and `init -- --help` a positional).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '@commerce-kit/internal/cli/io';

/** The options of one subcommand, as `parseArgs` takes them. */
export type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** A parsed command line: a request for help or the version, or the values and positionals. */
export type ParsedArgs =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | {
      readonly kind: 'run';
      readonly values: Record<string, string | boolean | undefined>;
      readonly positionals: string[];
    };

const META_OPTIONS: OptionsConfig = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
};

const FLAG_SPELLINGS: Readonly<Record<'help' | 'version', readonly string[]>> = {
  help: ['--help', '-h'],
  version: ['--version', '-v'],
};

type Token = { kind: string; name?: string; value?: string | undefined; inlineValue?: boolean | undefined };

/** Whether the tokens ask for `meta`: as a flag, or as a flag taken for the missing value of the option before it. */
function asks(tokens: readonly Token[], meta: 'help' | 'version'): boolean {
  return tokens.some(
    (t) =>
      t.kind === 'option' &&
      (t.name === meta || (t.inlineValue === false && t.value !== undefined && FLAG_SPELLINGS[meta].includes(t.value))),
  );
}

const isParseArgsError = (error: unknown): error is Error & { code: string } =>
  error instanceof Error &&
  typeof (error as unknown as { code?: unknown }).code === 'string' &&
  (error as unknown as { code: string }).code.startsWith('ERR_PARSE_ARGS');

/**
 * Parses a subcommand's arguments. A line that asks for help (or the version) gets it even when the
 * rest is malformed (`validate --bogus --help`, `validate --configDir --help`).
 * @throws {UsageError} for unknown options, missing values, or positionals beyond `maxPositionals`
 */
export function parseCommandArgs(args: readonly string[], options: OptionsConfig, maxPositionals = 0): ParsedArgs {
  const config = {
    args: [...args],
    options: { ...options, ...META_OPTIONS },
    allowPositionals: true,
    tokens: true,
  } as const;
  const strictConfig = { ...config, strict: true } as const;
  let parsed: ReturnType<typeof parseArgs<typeof strictConfig>>;
  try {
    parsed = parseArgs(strictConfig);
  } catch (error) {
    const loose = parseArgs({ ...config, strict: false });
    if (asks(loose.tokens, 'help')) return { kind: 'help' };
    if (asks(loose.tokens, 'version')) return { kind: 'version' };
    if (isParseArgsError(error)) throw new UsageError(error.message);
    throw error;
  }
  if (asks(parsed.tokens, 'help')) return { kind: 'help' };
  if (asks(parsed.tokens, 'version')) return { kind: 'version' };
  if (parsed.positionals.length > maxPositionals) {
    throw new UsageError(
      maxPositionals === 0
        ? `unexpected argument ${JSON.stringify(parsed.positionals[0])}`
        : `expected at most ${maxPositionals} argument${maxPositionals === 1 ? '' : 's'}, got ${parsed.positionals.length}`,
    );
  }
  const { help: _help, version: _version, ...values } = parsed.values as Record<string, string | boolean | undefined>;
  return { kind: 'run', values, positionals: parsed.positionals };
}

/** A string option's value (`parseArgs` types values loosely). */
export function stringValue(values: Record<string, string | boolean | undefined>, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * A repeatable string option's values (`--allowed-host a --allowed-host b`; declared `multiple: true`,
 * which `parseArgs` answers with an array): every value given, in order.
 */
export function stringListValue(values: Record<string, string | boolean | undefined>, name: string): string[] {
  const value: unknown = values[name];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A boolean option's value. */
export function flagValue(values: Record<string, string | boolean | undefined>, name: string): boolean {
  return values[name] === true;
}

/**
 * A whole-number option's value (`--seed 42`, `--port 0`), or undefined when it is not given; anything
 * else, or a number outside `min..max`, is a {@link UsageError} naming the flag.
 */
export function integerValue(
  values: Record<string, string | boolean | undefined>,
  name: string,
  range: { readonly min?: number; readonly max?: number } = {},
): number | undefined {
  const text = stringValue(values, name);
  if (text === undefined) return undefined;
  const value = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value))
    throw new UsageError(`--${name} must be a whole number, not ${JSON.stringify(text)}`);
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = range;
  if (value < min || value > max)
    throw new UsageError(`--${name} must be between ${min} and ${max}, not ${JSON.stringify(text)}`);
  return value;
}

/**
 * The reproducible-builds `SOURCE_DATE_EPOCH` (whole seconds since 1970) in milliseconds, or undefined
 * when unset: lets CI pin "today" for every run without changing command lines. A malformed value is a
 * {@link UsageError}.
 */
export function sourceDateEpoch(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch === undefined || epoch === '') return undefined;
  if (!/^\d+$/.test(epoch) || !Number.isSafeInteger(Number(epoch) * 1000)) {
    throw new UsageError(`SOURCE_DATE_EPOCH must be whole seconds since 1970-01-01 UTC, not ${JSON.stringify(epoch)}`);
  }
  return Number(epoch) * 1000;
}
