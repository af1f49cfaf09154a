/**
 * Which schema errors break a recommended constraint (one the platform's documentation does not state:
 * `@guessed` in the spec, and closed objects) rather than a stated one. Those are warnings.
 */
import type { RawValidationError } from '../generated/validators.js';
import { RECOMMENDED_CONSTRAINTS } from '../generated/recommended.js';

const key = (keyword: string, value: unknown): string => JSON.stringify([keyword, value]);
const RECOMMENDED: ReadonlySet<string> = new Set(RECOMMENDED_CONSTRAINTS.map((c) => key(c.keyword, c.value)));

/** The keyword's own value, as ajv reports it in `params`. */
function keywordValue(error: RawValidationError): unknown {
  const { params } = error;
  switch (error.keyword) {
    case 'pattern':
      return params.pattern;
    case 'format':
      return params.format;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return params.limit;
    case 'multipleOf':
      return params.multipleOf;
    case 'additionalProperties':
      return false;
    default:
      return undefined;
  }
}

/** True when the error breaks a recommended constraint only. */
export function isRecommended(error: RawValidationError): boolean {
  return RECOMMENDED.has(key(error.keyword, keywordValue(error)));
}
