/**
 * ajv failures turned into the platform's error body: `errors` maps a field name to its messages
 * (`{ "email": ["is not a valid email address"] }`).
 */
import type { ValidationError } from './validator.js';

/** The platform's field → messages map. */
export type FieldErrors = Record<string, string[]>;

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'is not a valid email address',
  uri: 'is not an absolute URI',
  'date-time': 'is not an ISO 8601 date-time',
};

function decodePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The field an error is about: the first segment of its path, or the property it names. */
function fieldOf(error: ValidationError, root: string): string {
  const segments = error.instancePath.split('/').slice(1).map(decodePointerToken);
  if (error.keyword === 'required' && typeof error.params['missingProperty'] === 'string')
    segments.push(error.params['missingProperty']);
  if (error.keyword === 'additionalProperties' && typeof error.params['additionalProperty'] === 'string') {
    segments.push(error.params['additionalProperty']);
  }
  return segments.length === 0 ? root : segments.join('.');
}

function messageOf(error: ValidationError): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'format':
      return FORMAT_MESSAGES[String(error.params['format'])] ?? `must be a valid ${String(error.params['format'])}`;
    case 'const':
      return `must be ${JSON.stringify(error.params['allowedValue'])}`;
    case 'enum':
      return `must be one of ${(error.params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'pattern':
      return `must match ${String(error.params['pattern'])}`;
    default:
      return error.message ?? `is invalid (${error.keyword})`;
  }
}

/**
 * Groups ajv errors by field. Where a `oneOf` between an object and `null` fails, ajv reports each
 * branch; the branch errors are folded into one message so the body says what is allowed.
 * @param root the name used for errors about the whole value (`body`, `query`)
 */
export function toFieldErrors(errors: readonly ValidationError[] | null | undefined, root: string): FieldErrors {
  const out: FieldErrors = {};
  const oneOfPaths = new Set((errors ?? []).filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  for (const error of errors ?? []) {
    const underOneOf = [...oneOfPaths].some((p) => error.instancePath === p && error.keyword !== 'oneOf');
    if (
      underOneOf &&
      (error.keyword === 'type' || error.keyword === 'required' || error.keyword === 'additionalProperties')
    )
      continue;
    const field = fieldOf(error, root);
    const message = error.keyword === 'oneOf' ? 'must be an object or null' : messageOf(error);
    // Own properties only: a field named "toString" or "constructor" must not find Object.prototype's.
    let list: string[];
    if (Object.hasOwn(out, field)) list = out[field]!;
    else {
      list = [];
      out[field] = list;
    }
    if (!list.includes(message)) list.push(message);
  }
  if (Object.keys(out).length === 0) out[root] = ['is invalid'];
  return out;
}
