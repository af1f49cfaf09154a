/**
 * Finds the schema(s) that apply at a place in a document, following `$ref`s, properties, items and
 * the block union's discriminator. Used to list the known property names for "did you mean" hints.
 */
import { isRecord } from '@commerce-kit/internal/is-record';
import type { JsonSchema } from './schemas.js';

function deref(schema: unknown, root: JsonSchema, depth = 0): JsonSchema | undefined {
  if (!isRecord(schema)) return undefined;
  const ref = schema.$ref;
  if (typeof ref === 'string' && depth < 32) {
    const name = decodeURIComponent(ref.replace(/^#\/definitions\//, ''));
    const definitions = root.definitions;
    return isRecord(definitions) ? deref(definitions[name], root, depth + 1) : undefined;
  }
  return schema;
}

/** The alternatives of a schema at one data value: the discriminated branch, or every union branch. */
function expand(schema: JsonSchema, data: unknown, root: JsonSchema): JsonSchema[] {
  const union = (schema.oneOf ?? schema.anyOf) as unknown;
  if (!Array.isArray(union)) return [schema];
  const discriminator = schema.discriminator;
  const branches = union.map((b) => deref(b, root)).filter((b): b is JsonSchema => b !== undefined);
  if (isRecord(discriminator) && typeof discriminator.propertyName === 'string' && isRecord(data)) {
    const tag = data[discriminator.propertyName];
    const match = branches.filter((b) => {
      const props = b.properties;
      return (
        isRecord(props) &&
        isRecord(props[discriminator.propertyName as string]) &&
        (props[discriminator.propertyName as string] as Record<string, unknown>).const === tag
      );
    });
    if (match.length > 0) return match;
  }
  return branches.flatMap((b) => expand(b, data, root));
}

/** The schemas describing the value at `segments` of `data` (empty when the place is unknown to the schema). */
export function schemasAt(root: JsonSchema, data: unknown, segments: readonly string[]): JsonSchema[] {
  let current: JsonSchema[] = expand(root, data, root);
  let value: unknown = data;
  for (const segment of segments) {
    const next: JsonSchema[] = [];
    const child: unknown = Array.isArray(value) ? value[Number(segment)] : isRecord(value) ? value[segment] : undefined;
    for (const schema of current) {
      let sub: unknown;
      if (Array.isArray(value)) sub = schema.items;
      else if (isRecord(schema.properties)) sub = schema.properties[segment];
      const resolved = deref(sub, root);
      if (resolved) next.push(...expand(resolved, child, root));
    }
    current = next;
    value = child;
  }
  return current;
}

/** Property names the schema(s) at `segments` allow. */
export function knownPropertiesAt(root: JsonSchema, data: unknown, segments: readonly string[]): string[] {
  const names = new Set<string>();
  for (const schema of schemasAt(root, data, segments)) {
    if (isRecord(schema.properties)) for (const name of Object.keys(schema.properties)) names.add(name);
  }
  return [...names];
}
