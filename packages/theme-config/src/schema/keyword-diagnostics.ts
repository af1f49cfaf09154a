/**
 * One ajv error -> one diagnostic, a function per keyword. ajv's own texts ("must NOT have additional
 * properties") are never shown: each keyword gets a sentence naming the property and the value, and a
 * suggestion where a likely fix exists.
 */
import { isRecord } from '@commerce-kit/internal/is-record';
import type { Diagnostic, DiagnosticCode, Severity } from '../diagnostics.js';
import { EBlockHeight, ESocialIconSize } from '../generated/spec/enums.js';
import type { RawValidationError } from '../generated/validators.js';
import { childPointer, fromPointer } from '../json/pointer.js';
import { closest, didYouMean } from '@commerce-kit/internal/suggest';
import { article, describeAt, jsonType, nameOf, preview, valueAt } from './messages.js';
import { isRecommended } from './recommended.js';
import { knownPropertiesAt } from './resolve.js';
import type { JsonSchema } from './schemas.js';

/** What the mapping needs besides the error: the data, its schema, the block type names. */
export interface MapContext {
  readonly data: unknown;
  readonly schema: JsonSchema;
  readonly blockTypes: readonly string[];
}

/** A diagnostic before positions are added: `locate` is the pointer to take the position from. */
export type MappedDiagnostic = Omit<Diagnostic, 'line' | 'column'> & { atKey?: boolean; locate: string };

interface KeywordInput {
  readonly error: RawValidationError;
  readonly ctx: MapContext;
  readonly segments: readonly string[];
  readonly value: unknown;
  readonly name: string;
  readonly severity: Severity;
}

type Extra = Partial<Pick<MappedDiagnostic, 'pointer' | 'locate' | 'atKey' | 'suggestion'>>;

function make(input: KeywordInput, code: DiagnosticCode, message: string, extra: Extra = {}): MappedDiagnostic {
  const { instancePath } = input.error;
  return { severity: input.severity, code, message, pointer: instancePath, locate: instancePath, ...extra };
}

const atChild = (input: KeywordInput, key: string, suggestion?: string): Extra => {
  const pointer = childPointer(input.error.instancePath, key);
  return { pointer, locate: pointer, atKey: true, ...(suggestion ? { suggestion } : {}) };
};

const PATTERN_TEXT: Record<string, string> = {
  '^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$': 'is not a hex colour such as `#ff6600`',
  '^column_[1-9][0-9]*$': 'is not a column name of the form `column_<X>` (X = 1, 2, ...)',
  '^[A-Z]{3}$': 'is not a three-letter ISO 4217 currency code such as `USD`',
};

const FORMAT_TEXT: Record<string, string> = {
  uri: 'is not an absolute URL (such as `https://example.com/page`)',
  'uri-reference': 'is not a valid URI',
  'date-like': 'is not convertible to a date (use e.g. `2024-05-01` or `2024-05-01T10:00:00Z`)',
};

/** What to do about a string that breaks a pattern or a format, when no corrected value can be guessed. */
const PATTERN_HINT: Record<string, string> = {
  '^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$': 'write it as `#rrggbb`, e.g. `#ff6600`',
  '^[A-Z]{3}$': 'use a three-letter code such as `USD`',
};
const FORMAT_HINT: Record<string, string> = {
  uri: 'use an absolute URL such as `https://example.com/page`',
  'uri-reference': 'encode special characters, e.g. a space as `%20`',
};

/** A likely fix of a string that breaks a pattern: the same text upper-cased, or with a `#`. */
function patternSuggestion(pattern: string, value: unknown): string | undefined {
  if (typeof value === 'string') {
    const regex = new RegExp(pattern);
    for (const candidate of [value.trim().toUpperCase(), `#${value.trim()}`]) {
      if (candidate !== value && regex.test(candidate)) return didYouMean(candidate);
    }
  }
  return PATTERN_HINT[pattern];
}

/** A likely fix of a string that is not a URL: `https://` in front of a host name, spaces encoded. */
function formatSuggestion(format: string, value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  if (format === 'uri' && /^[\w-]+(\.[\w-]+)+(?:[/?#]\S*)?$/.test(text)) return didYouMean(`https://${text}`);
  if ((format === 'uri' || format === 'uri-reference') && /\s/.test(text) && !/^\s|\s$/.test(String(value)))
    return didYouMean(encodeURI(text));
  return FORMAT_HINT[format];
}

/** Member names of the numeric enumerations (`EBlockHeight`, `ESocialIconSize`): equal names have equal values. */
const NUMERIC_MEMBERS: ReadonlyMap<string, number> = new Map(Object.entries({ ...ESocialIconSize, ...EBlockHeight }));

/** A string standing for a member of a numeric enumeration: `"2"`, or its name (`"MEDIUM"`, `"extra small"`). */
function numericMember(value: string, allowed: readonly unknown[]): string | undefined {
  const trimmed = value.trim();
  const byName = NUMERIC_MEMBERS.get(trimmed.toUpperCase().replace(/[\s-]+/g, '_'));
  const number = /^\d+$/.test(trimmed) ? Number(trimmed) : byName;
  return number !== undefined && allowed.includes(number) ? String(number) : undefined;
}

function required(input: KeywordInput): MappedDiagnostic {
  const missing = String(input.error.params.missingProperty);
  return make(
    input,
    'missing-property',
    `missing required property \`${missing}\`${describeAt(input.segments, input.ctx.data)}`,
    {
      pointer: childPointer(input.error.instancePath, missing),
    },
  );
}

function additionalProperties(input: KeywordInput): MappedDiagnostic {
  const { ctx, segments } = input;
  const extra = String(input.error.params.additionalProperty);
  const known = knownPropertiesAt(ctx.schema, ctx.data, segments).filter(
    (k) => k !== '$schema' || segments.length === 0,
  );
  const block = describeAt(segments, ctx.data);
  // text, map and social-feed keep their settings in props.settings: say so instead of "unknown".
  const misplaced =
    segments[segments.length - 1] === 'props' &&
    known.includes('settings') &&
    knownPropertiesAt(ctx.schema, ctx.data, [...segments, 'settings']).includes(extra);
  if (misplaced) {
    return make(
      input,
      'unknown-property',
      `\`${extra}\` is a setting${block}: it belongs in \`props.settings\``,
      atChild(input, extra, 'move it into `props.settings`'),
    );
  }
  // The reverse: text `content`, map `url`, social-feed `type` sit beside `settings`, not in it.
  const parent = segments.slice(0, -1);
  const belongsInProps =
    extra !== 'settings' &&
    segments[segments.length - 1] === 'settings' &&
    parent[parent.length - 1] === 'props' &&
    knownPropertiesAt(ctx.schema, ctx.data, parent).includes(extra);
  if (belongsInProps) {
    return make(
      input,
      'unknown-property',
      `\`${extra}\`${block} belongs directly in \`props\`, not in \`props.settings\``,
      atChild(input, extra, 'move it into `props`'),
    );
  }
  // Prefer the canonical spelling over the documentation's misspelling when both are close.
  const suggestion =
    closest(
      extra,
      known.filter((k) => !k.startsWith('backgound_')),
    ) ?? closest(extra, known);
  return make(
    input,
    'unknown-property',
    `unknown property \`${extra}\`${block}`,
    atChild(input, extra, suggestion ? didYouMean(suggestion) : 'remove it: the theme kit does not read it'),
  );
}

function type(input: KeywordInput): MappedDiagnostic {
  const expected = String(input.error.params.type)
    .split(',')
    .map((t) => article(t.trim()))
    .join(' or ');
  return make(input, 'invalid-type', `${input.name} must be ${expected}, not ${jsonType(input.value)}`);
}

function enumeration(input: KeywordInput): MappedDiagnostic {
  const allowed = Array.isArray(input.error.params.allowedValues)
    ? (input.error.params.allowedValues as unknown[])
    : [];
  const { value } = input;
  const suggestion =
    typeof value === 'string'
      ? (closest(
          value,
          allowed.filter((a): a is string => typeof a === 'string'),
        ) ?? numericMember(value, allowed))
      : undefined;
  return make(
    input,
    'invalid-enum',
    `${input.name} is ${preview(value)}, which is not one of ${allowed.map((a) => `\`${String(a)}\``).join(', ')}`,
    suggestion ? { suggestion: didYouMean(suggestion) } : {},
  );
}

function constant(input: KeywordInput): MappedDiagnostic {
  return make(
    input,
    'invalid-value',
    `${input.name} must be ${preview(input.error.params.allowedValue)}, not ${preview(input.value)}`,
  );
}

function format(input: KeywordInput): MappedDiagnostic {
  const name = String(input.error.params.format);
  const suggestion = formatSuggestion(name, input.value);
  return make(
    input,
    'invalid-format',
    `${input.name} ${preview(input.value)} ${FORMAT_TEXT[name] ?? `is not a valid ${name}`}`,
    suggestion ? { suggestion } : {},
  );
}

function pattern(input: KeywordInput): MappedDiagnostic {
  const text = String(input.error.params.pattern);
  const suggestion = patternSuggestion(text, input.value);
  return make(
    input,
    'invalid-format',
    `${input.name} ${preview(input.value)} ${PATTERN_TEXT[text] ?? `does not match the pattern ${text}`}`,
    suggestion ? { suggestion } : {},
  );
}

const RANGE_WORDS: Record<string, string> = {
  minimum: 'below the minimum',
  maximum: 'above the maximum',
  exclusiveMinimum: 'not above',
  exclusiveMaximum: 'not below',
};

function range(input: KeywordInput): MappedDiagnostic {
  const limit = String(input.error.params.limit);
  const hint = input.error.keyword.endsWith('inimum') ? `use ${limit} or more` : `use ${limit} or less`;
  return make(
    input,
    'out-of-range',
    `${input.name} is ${preview(input.value)}, ${RANGE_WORDS[input.error.keyword]} ${limit}`,
    { suggestion: hint },
  );
}

function multipleOf(input: KeywordInput): MappedDiagnostic {
  const step = Number(input.error.params.multipleOf);
  const nearest = typeof input.value === 'number' ? Math.round(input.value / step) * step : undefined;
  return make(
    input,
    'invalid-value',
    step === 1
      ? `${input.name} is ${preview(input.value)}, not a whole number`
      : `${input.name} is ${preview(input.value)}, not a multiple of ${step}`,
    nearest === undefined ? {} : { suggestion: didYouMean(String(nearest)) },
  );
}

function discriminator(input: KeywordInput): MappedDiagnostic {
  const { error, ctx } = input;
  const typePointer = childPointer(error.instancePath, 'type');
  if (error.params.error === 'mapping' && typeof error.params.tagValue === 'string') {
    const suggestion = closest(error.params.tagValue, ctx.blockTypes);
    return make(input, 'unknown-block-type', `unknown block type ${preview(error.params.tagValue)}`, {
      pointer: typePointer,
      locate: typePointer,
      ...(suggestion ? { suggestion: didYouMean(suggestion) } : {}),
    });
  }
  const tag = isRecord(input.value) ? input.value.type : undefined;
  return tag === undefined
    ? make(input, 'missing-property', 'missing required property `type` (the block type)', { pointer: typePointer })
    : make(input, 'unknown-block-type', `block type must be a string, not ${jsonType(tag)}`, {
        pointer: typePointer,
        locate: typePointer,
      });
}

const MAPPERS: Readonly<Record<string, (input: KeywordInput) => MappedDiagnostic>> = {
  required,
  additionalProperties,
  type,
  enum: enumeration,
  const: constant,
  format,
  pattern,
  minimum: range,
  maximum: range,
  exclusiveMinimum: range,
  exclusiveMaximum: range,
  multipleOf,
  discriminator,
};

/** The diagnostic of one validator error: an error, or a warning when only a recommended constraint is broken. */
export function keywordDiagnostic(error: RawValidationError, ctx: MapContext): MappedDiagnostic {
  const segments = fromPointer(error.instancePath);
  const input: KeywordInput = {
    error,
    ctx,
    segments,
    value: valueAt(ctx.data, segments),
    name: nameOf(segments),
    severity: isRecommended(error) ? 'warning' : 'error',
  };
  const mapper = MAPPERS[error.keyword];
  return mapper ? mapper(input) : make(input, 'invalid-value', `${input.name} is not valid here (${error.keyword})`);
}
