/**
 * ajv errors -> diagnostics a person understands. ajv's own texts ("must NOT have additional
 * properties") are never shown: each keyword gets a sentence naming the property and the value, and
 * the "required somewhere" unions (both spellings, props or props.settings) collapse into one line.
 */
import type { Diagnostic, DiagnosticCode } from '../diagnostics.js';
import type { RawValidationError } from '../generated/validators.js';
import { childPointer, fromPointer } from '../json/pointer.js';
import { EBlockHeight, ESocialIconSize } from '../generated/spec/enums.js';
import { closest, didYouMean } from '../suggest.js';
import { knownPropertiesAt } from './resolve.js';
import type { JsonSchema } from './schemas.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A short, single-line rendering of a value for messages. */
export function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function valueAt(data: unknown, segments: readonly string[]): unknown {
  let value = data;
  for (const s of segments) value = Array.isArray(value) ? value[Number(s)] : isRecord(value) ? value[s] : undefined;
  return value;
}

const jsonType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;

const article = (type: string): string =>
  type === 'integer' ? 'a whole number' : type === 'array' || type === 'object' ? `an ${type}` : `a ${type}`;

/** The type of the nearest enclosing block, for messages such as "for a `quote` block". */
function enclosingBlock(data: unknown, segments: readonly string[]): string | undefined {
  const props = segments.lastIndexOf('props');
  // Inside a block's props, or at the block itself (an entry of a `blocks` array).
  const index = props >= 0 ? props : segments[segments.length - 2] === 'blocks' ? segments.length : -1;
  if (index < 0) return undefined;
  const block = valueAt(data, segments.slice(0, index));
  return isRecord(block) && typeof block.type === 'string' ? block.type : undefined;
}

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

/** Member names of the numeric enumerations (`EBlockHeight`, `ESocialIconSize`): equal names have equal values. */
const NUMERIC_MEMBERS: ReadonlyMap<string, number> = new Map(Object.entries({ ...ESocialIconSize, ...EBlockHeight }));

/** A string standing for a member of a numeric enumeration: `"2"`, or its name (`"MEDIUM"`, `"extra small"`). */
function numericMember(value: string, allowed: readonly unknown[]): string | undefined {
  const trimmed = value.trim();
  const byName = NUMERIC_MEMBERS.get(trimmed.toUpperCase().replace(/[\s-]+/g, '_'));
  const number = /^\d+$/.test(trimmed) ? Number(trimmed) : byName;
  return number !== undefined && allowed.includes(number) ? String(number) : undefined;
}

interface MapContext {
  data: unknown;
  schema: JsonSchema;
  blockTypes: readonly string[];
}

function describeAt(segments: readonly string[], data: unknown): string {
  const block = enclosingBlock(data, segments);
  return block ? ` for ${/^[aeiou]/.test(block) ? 'an' : 'a'} \`${block}\` block` : '';
}

function mapOne(error: RawValidationError, ctx: MapContext): Omit<Diagnostic, 'line' | 'column'> & { atKey?: boolean; locate: string } {
  const segments = fromPointer(error.instancePath);
  const value = valueAt(ctx.data, segments);
  const last = segments[segments.length - 1];
  const name = last === undefined ? 'the file' : /^\d+$/.test(last) ? `item ${last}` : `\`${last}\``;
  const params = error.params;
  const base = { severity: 'error' as const, pointer: error.instancePath, locate: error.instancePath };
  const make = (code: DiagnosticCode, message: string, extra: Partial<Diagnostic> & { atKey?: boolean; locate?: string } = {}) => ({
    ...base,
    code,
    message,
    ...extra,
  });
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      return make('missing-property', `missing required property \`${missing}\`${describeAt(segments, ctx.data)}`, {
        pointer: childPointer(error.instancePath, missing),
      });
    }
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      const known = knownPropertiesAt(ctx.schema, ctx.data, segments).filter((k) => k !== '$schema' || segments.length === 0);
      // Prefer the canonical spelling over the document's misspelling when both are close.
      const suggestion = closest(extra, known.filter((k) => !k.startsWith('backgound_'))) ?? closest(extra, known);
      // text, map and social-feed keep their settings in props.settings: say so instead of "unknown".
      const misplaced =
        segments[segments.length - 1] === 'props' && known.includes('settings') && knownPropertiesAt(ctx.schema, ctx.data, [...segments, 'settings']).includes(extra);
      if (misplaced) {
        return make('unknown-property', `\`${extra}\` is a setting${describeAt(segments, ctx.data)}: it belongs in \`props.settings\``, {
          pointer: childPointer(error.instancePath, extra),
          locate: childPointer(error.instancePath, extra),
          atKey: true,
          suggestion: `move it into \`props.settings\``,
        });
      }
      // The reverse: text `content`, map `url`, social-feed `type` sit beside `settings`, not in it.
      const parentSegments = segments.slice(0, -1);
      const belongsInProps =
        extra !== 'settings' &&
        segments[segments.length - 1] === 'settings' &&
        parentSegments[parentSegments.length - 1] === 'props' &&
        knownPropertiesAt(ctx.schema, ctx.data, parentSegments).includes(extra);
      if (belongsInProps) {
        return make('unknown-property', `\`${extra}\`${describeAt(segments, ctx.data)} belongs directly in \`props\`, not in \`props.settings\``, {
          pointer: childPointer(error.instancePath, extra),
          locate: childPointer(error.instancePath, extra),
          atKey: true,
          suggestion: `move it into \`props\``,
        });
      }
      return make('unknown-property', `unknown property \`${extra}\`${describeAt(segments, ctx.data)}`, {
        pointer: childPointer(error.instancePath, extra),
        locate: childPointer(error.instancePath, extra),
        atKey: true,
        ...(suggestion ? { suggestion: didYouMean(suggestion) } : {}),
      });
    }
    case 'type': {
      const expected = String(params.type)
        .split(',')
        .map((t) => article(t.trim()))
        .join(' or ');
      return make('invalid-type', `${name} must be ${expected}, not ${jsonType(value)}`);
    }
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues : [];
      const suggestion =
        typeof value === 'string'
          ? (closest(value, allowed.filter((a): a is string => typeof a === 'string')) ?? numericMember(value, allowed))
          : undefined;
      return make(
        'invalid-enum',
        `${name} is ${preview(value)}, which is not one of ${allowed.map((a) => `\`${String(a)}\``).join(', ')}`,
        suggestion ? { suggestion: didYouMean(suggestion) } : {},
      );
    }
    case 'const':
      return make('invalid-value', `${name} must be ${preview(params.allowedValue)}, not ${preview(value)}`);
    case 'format': {
      const text = FORMAT_TEXT[String(params.format)] ?? `is not a valid ${String(params.format)}`;
      return make('invalid-format', `${name} ${preview(value)} ${text}`);
    }
    case 'pattern': {
      const text = PATTERN_TEXT[String(params.pattern)] ?? `does not match the pattern ${String(params.pattern)}`;
      return make('invalid-format', `${name} ${preview(value)} ${text}`);
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const word = { minimum: 'below the minimum', maximum: 'above the maximum', exclusiveMinimum: 'not above', exclusiveMaximum: 'not below' }[
        error.keyword
      ];
      return make('out-of-range', `${name} is ${preview(value)}, ${word} ${String(params.limit)}`);
    }
    case 'discriminator': {
      if (params.error === 'mapping' && typeof params.tagValue === 'string') {
        const suggestion = closest(params.tagValue, ctx.blockTypes);
        return make('unknown-block-type', `unknown block type ${preview(params.tagValue)}`, {
          pointer: childPointer(error.instancePath, 'type'),
          locate: childPointer(error.instancePath, 'type'),
          ...(suggestion ? { suggestion: didYouMean(suggestion) } : {}),
        });
      }
      const tag = isRecord(value) ? value.type : undefined;
      return tag === undefined
        ? make('missing-property', 'missing required property `type` (the block type)', { pointer: childPointer(error.instancePath, 'type') })
        : make('unknown-block-type', `block type must be a string, not ${jsonType(tag)}`, {
            pointer: childPointer(error.instancePath, 'type'),
            locate: childPointer(error.instancePath, 'type'),
          });
    }
    default:
      return make('invalid-value', `${name} is not valid here (${error.keyword})`);
  }
}

/**
 * Collapses `anyOf` errors whose branches only failed on `required`: the property may be spelled two
 * ways or sit in `props` or `props.settings`, but the person needs one line saying it is missing.
 */
function collapseAnyOf(errors: readonly RawValidationError[], ctx: MapContext): Array<RawValidationError | ReturnType<typeof mapOne>> {
  const consumed = new Set<RawValidationError>();
  const out: Array<RawValidationError | ReturnType<typeof mapOne>> = [];
  for (const error of errors) {
    if (error.keyword !== 'anyOf' && error.keyword !== 'oneOf') continue;
    const prefix = `${error.schemaPath}/`;
    const related = errors.filter(
      (e) => e !== error && e.schemaPath.startsWith(prefix) && e.instancePath.startsWith(error.instancePath),
    );
    for (const e of related) consumed.add(e);
    consumed.add(error);
    const segments = fromPointer(error.instancePath);
    if (related.length > 0 && related.every((e) => e.keyword === 'required')) {
      const names = [...new Set(related.map((e) => String(e.params.missingProperty)))];
      const primary = names.find((n) => !n.startsWith('backgound_')) ?? names[0] ?? '?';
      const viaSettings = related.some((e) => e.instancePath !== error.instancePath);
      const spelled = names.length > 1 && names.some((n) => n.startsWith('backgound_')) ? ` (or \`${primary.replace('background_', 'backgound_')}\`)` : '';
      const where = viaSettings ? ' in `props` or `props.settings`' : '';
      out.push({
        severity: 'error',
        code: 'missing-property',
        message: `missing required property \`${primary}\`${spelled}${where}${describeAt(segments, ctx.data)}`,
        pointer: childPointer(error.instancePath, primary),
        locate: error.instancePath,
      });
    } else if (errors.some((e) => !related.includes(e) && e !== error && e.instancePath.startsWith(`${error.instancePath}/`))) {
      // A branch matched the value's type and failed deeper down: those deeper errors say what is wrong.
      continue;
    } else {
      const allTypes = related.length > 0 && related.every((e) => e.keyword === 'type');
      const expected = [...new Set(related.filter((e) => e.keyword === 'type').map((e) => article(String(e.params.type))))];
      const last = segments[segments.length - 1];
      const value = valueAt(ctx.data, segments);
      out.push({
        severity: 'error',
        code: allTypes ? 'invalid-type' : 'invalid-value',
        message: allTypes
          ? `\`${last ?? 'value'}\` must be ${expected.join(' or ')}, not ${jsonType(value)}`
          : `\`${last ?? 'value'}\` matches none of its allowed forms`,
        pointer: error.instancePath,
        locate: error.instancePath,
      });
    }
  }
  for (const error of errors) if (!consumed.has(error)) out.push(error);
  return out;
}

/** Converts a validator's errors to diagnostics (positions are added by the caller). */
export function schemaErrorsToDiagnostics(
  errors: readonly RawValidationError[],
  ctx: MapContext,
): Array<Omit<Diagnostic, 'line' | 'column'> & { atKey?: boolean; locate: string }> {
  const out = collapseAnyOf(errors, ctx).map((e) => ('keyword' in e ? mapOne(e, ctx) : e));
  // One message per place and code: allErrors can report the same fact through two paths. A wrong
  // type where an enumeration is expected is said by the enum message alone (it lists the values).
  const enumAt = new Set(out.filter((d) => d.code === 'invalid-enum').map((d) => d.pointer));
  const seen = new Set<string>();
  return out.filter((d) => {
    if (d.code === 'invalid-type' && enumAt.has(d.pointer)) return false;
    const key = `${d.code}\u0000${d.pointer}\u0000${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
