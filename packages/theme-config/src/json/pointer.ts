/** JSON Pointers (RFC 6901): the address of a value in a config file. */

/** Escapes one pointer segment. */
export function escapeSegment(segment: string | number): string {
  const text = String(segment);
  // Most keys need no escaping; skipping the two regex passes matters on large block lists.
  if (!text.includes('~') && !text.includes('/')) return text;
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Builds a pointer from segments. */
export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${escapeSegment(s)}`).join('');
}

/** Splits a pointer into unescaped segments. */
export function fromPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Appends segments to a pointer. */
export function childPointer(pointer: string, ...segments: (string | number)[]): string {
  let out = pointer;
  for (const segment of segments) out += `/${escapeSegment(segment)}`;
  return out;
}
