/** Wording shared by the schema error messages: values, types, places. */
import { isRecord } from '@commerce-kit/internal/is-record';

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

/** The value at a path of segments (undefined where the path leads nowhere). */
export function valueAt(data: unknown, segments: readonly string[]): unknown {
  let value = data;
  for (const s of segments) value = Array.isArray(value) ? value[Number(s)] : isRecord(value) ? value[s] : undefined;
  return value;
}

/** `an object`, `a string`, `null`, ...: the JSON type of a value, with its article. */
export const jsonType = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'object'
        ? 'an object'
        : `a ${typeof value}`;

/** A schema type name with its article (`integer` is "a whole number"). */
export const article = (type: string): string =>
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

/** ` for a \`quote\` block` when the place is inside a block, else empty. */
export function describeAt(segments: readonly string[], data: unknown): string {
  const block = enclosingBlock(data, segments);
  return block ? ` for ${/^[aeiou]/.test(block) ? 'an' : 'a'} \`${block}\` block` : '';
}

/** How a value at `segments` is named in a message: `the file`, `item 2`, `` `width` ``. */
export function nameOf(segments: readonly string[]): string {
  const last = segments[segments.length - 1];
  return last === undefined ? 'the file' : /^\d+$/.test(last) ? `item ${last}` : `\`${last}\``;
}
