/**
 * Flags of `commerce-sandbox` and its commands: parsed by the shared framework's `parseCommandArgs`
 * (`--help` / `--version` wherever they stand as flags), with messages for people where `node:util`'s
 * would show its own advice: an unknown flag is named with the flags there are, a flag without its value
 * says what the value is, a switch given a value says it takes none. A negative number after a flag is its
 * value (`--seed -5`, `--rate-limit -1`), not another flag.
 */
import { parseArgs } from 'node:util';
import { parseCommandArgs, type OptionsConfig, type ParsedArgs } from '@commerce-kit/internal/cli/args';
import { UsageError } from '@commerce-kit/internal/cli/io';

export { UsageError };

/** One flag: a switch or one taking a value, and what the value is (for messages). */
export interface FlagSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string | undefined;
  /** The flag may be given more than once (its values are a list). */
  readonly multiple?: boolean | undefined;
  /** What the value is: `a whole number from 0 to 65535`. */
  readonly value?: string | undefined;
}

export type FlagSpecs = Readonly<Record<string, FlagSpec>>;

const META = ['help', 'version'];

/** The flags as `parseArgs` takes them. */
export function optionsConfig(specs: FlagSpecs): OptionsConfig {
  return Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [
      name,
      {
        type: spec.type,
        ...(spec.short === undefined ? {} : { short: spec.short }),
        ...(spec.multiple === true ? { multiple: true } : {}),
      },
    ]),
  );
}

/** `--rate-limit -1` as `--rate-limit=-1`: a negative number is the value of the flag before it. */
function joinNegativeValues(argv: readonly string[], specs: FlagSpecs): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const next = argv[i + 1];
    const name = arg.startsWith('--') && !arg.includes('=') ? arg.slice(2) : undefined;
    if (name !== undefined && specs[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else {
      out.push(arg);
    }
  }
  return out;
}

/** The flags as listed in a message: `--port, --host, …, --help`. */
export function flagList(specs: FlagSpecs): string {
  return [...Object.keys(specs).filter((name) => !META.includes(name)), 'help'].map((name) => `--${name}`).join(', ');
}

/** The first flag problem on the line, worded for people; undefined when there is none. */
function explain(argv: readonly string[], specs: FlagSpecs): string | undefined {
  const { tokens } = parseArgs({
    args: [...argv],
    options: optionsConfig(specs),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const spec = specs[token.name];
    const raw = token.rawName;
    if (spec === undefined) return `unknown option ${raw}: the options are ${flagList(specs)}`;
    if (spec.type === 'string' && (token.value === undefined || (!token.inlineValue && token.value.startsWith('-')))) {
      return `${raw} needs a value${spec.value === undefined ? '' : `: ${spec.value}`}`;
    }
    if (spec.type === 'boolean' && token.value !== undefined) return `${raw} takes no value`;
  }
  return undefined;
}

/**
 * Parses a command line against `specs` (plus `--help` / `-h` and `--version`).
 * @throws {UsageError} naming the flag and what it takes, or the unexpected argument
 */
export function parseFlags(
  argv: readonly string[],
  specs: FlagSpecs,
  maxPositionals = Number.POSITIVE_INFINITY,
): ParsedArgs {
  const args = joinNegativeValues(argv, specs);
  try {
    return parseCommandArgs(args, optionsConfig(specs), maxPositionals);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // node:util's message, on one line and without its advice, only if it is not one of the above.
    throw new UsageError(
      explain(args, specs) ?? error.message.replace(/\s*\n\s*/g, ' ').split(/\.?\s+(?:To specify|Did you forget)/)[0]!,
    );
  }
}
