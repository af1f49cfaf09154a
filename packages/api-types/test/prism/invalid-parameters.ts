// Negative examples for parameters, read off each parameter's schema: one value per keyword it can
// violate (limit 0 and 101 for `minimum: 1, maximum: 100`, a `response_type` other than its `const`,
// a `state` outside its pattern, a missing required parameter...). The spec's `x-invalid-examples` are
// on component schemas (bodies); parameters carry their rules in their schemas, so the cases come from there.

/** The subset of JSON Schema a parameter schema uses. */
export interface ParameterSchema {
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  const?: unknown;
  enum?: unknown[];
  [key: string]: unknown;
}

export interface InvalidParameterValue {
  /** The schema keyword the value breaks (`required`: the parameter is left out). */
  keyword: string;
  /** The raw value as sent on the wire; `undefined` leaves the parameter out. */
  value: string | undefined;
}

/** A value outside each `format` the spec uses for parameters. */
const FORMAT_VIOLATIONS: Record<string, string> = {
  uri: 'not a uri',
  email: 'not-an-address',
  'date-time': 'yesterday',
};
/** Tried in order until one does not match the parameter's `pattern`. */
const PATTERN_CANDIDATES = ['!', ' ', '-', '%', 'é', 'a'];

/**
 * One invalid raw value per keyword of `schema` that a request can break.
 *
 * Not generated: an empty value for an optional parameter (`minLength: 1`). Prism reads `?x=` as the
 * parameter not being sent (OpenAPI's `allowEmptyValue` reading), and the platform document does not say
 * what the platform does, so the case would test a tool's reading rather than the spec. A path
 * parameter is never left out or empty: that is another path, not an invalid value.
 */
export function invalidParameterValues(
  parameter: { in: string; required: boolean },
  schema: ParameterSchema,
): InvalidParameterValue[] {
  const out: InvalidParameterValue[] = [];
  const inPath = parameter.in === 'path';
  if (parameter.required && !inPath) out.push({ keyword: 'required', value: undefined });
  if (schema.type === 'integer' || schema.type === 'number') out.push({ keyword: 'type', value: 'ten' });
  if (schema.type === 'integer') out.push({ keyword: 'type', value: '1.5' });
  if (typeof schema.minimum === 'number') out.push({ keyword: 'minimum', value: String(schema.minimum - 1) });
  if (typeof schema.maximum === 'number') out.push({ keyword: 'maximum', value: String(schema.maximum + 1) });
  if (schema.const !== undefined) out.push({ keyword: 'const', value: `${String(schema.const)}_other` });
  if (Array.isArray(schema.enum)) out.push({ keyword: 'enum', value: `not_${schema.enum.map(String).join('_')}` });
  if (typeof schema.minLength === 'number' && schema.minLength > 0) {
    const value = 'x'.repeat(schema.minLength - 1);
    if (value !== '' || (parameter.required && !inPath)) out.push({ keyword: 'minLength', value });
  }
  if (typeof schema.maxLength === 'number') out.push({ keyword: 'maxLength', value: 'x'.repeat(schema.maxLength + 1) });
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    const value = PATTERN_CANDIDATES.find((candidate) => !pattern.test(candidate));
    if (value !== undefined) out.push({ keyword: 'pattern', value });
  }
  if (typeof schema.format === 'string' && schema.format in FORMAT_VIOLATIONS) {
    out.push({ keyword: 'format', value: FORMAT_VIOLATIONS[schema.format] });
  }
  return out;
}

/** A raw (string) parameter value as the schema's type reads it: numeric text is a number for number types. */
export function typedParameterValue(schema: ParameterSchema, raw: string): unknown {
  const numeric = schema.type === 'integer' || schema.type === 'number';
  return numeric && raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
}
