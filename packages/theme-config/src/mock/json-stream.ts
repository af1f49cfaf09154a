/**
 * Streaming JSON: text chunks byte-identical to `JSON.stringify(value, null, indent)`, where arrays may
 * be lazy ({@link LazyJsonArray}) so a huge list is produced, written and dropped one element at a time.
 */
/** An array whose elements are produced on demand while it is serialised. */
export class LazyJsonArray<T> implements Iterable<T> {
  readonly #produce: () => Iterable<T>;

  /** @param produce returns a fresh iterator over the elements each time it is called */
  constructor(produce: () => Iterable<T>) {
    this.#produce = produce;
  }

  /** The elements, produced one at a time. */
  [Symbol.iterator](): Iterator<T> {
    return this.#produce()[Symbol.iterator]();
  }

  /** `JSON.stringify` sees the materialised array (the streaming writer never calls this). */
  toJSON(): T[] {
    return Array.from(this);
  }
}

type Container = Record<string, unknown> | unknown[];

const hasToJSON = (value: object): value is { toJSON(key: string): unknown } =>
  typeof (value as { toJSON?: unknown }).toJSON === 'function';

/** What `JSON.stringify` does to a value before writing it: `toJSON`, boxed primitives. */
function prepare(value: unknown, key: string): unknown {
  if (typeof value === 'object' && value !== null && !(value instanceof LazyJsonArray) && hasToJSON(value))
    return value.toJSON(key);
  if (value instanceof Number || value instanceof String || value instanceof Boolean) return value.valueOf();
  return value;
}

/** `undefined`, functions and symbols: skipped as properties, `null` as array elements. */
const isSkipped = (value: unknown): boolean =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

/** How deep the writer walks containers itself; below that each value is one `JSON.stringify` call. */
const WALK_DEPTH = 2;

/**
 * Yields `JSON.stringify(value, null, indent)` in chunks. Containers near the top are walked (each
 * property or element one chunk); lazy arrays are walked at any depth, so only one of their elements
 * exists at a time; everything else is stringified whole.
 * @param indent spaces per level (0 or omitted: compact), as `JSON.stringify`'s third argument
 */
export function* jsonChunks(value: unknown, indent = 0): Generator<string, void, undefined> {
  const unit = ' '.repeat(Math.min(10, Math.max(0, Math.floor(indent))));
  const prepared = prepare(value, '');
  if (isSkipped(prepared)) return;
  yield* walk(prepared, unit, '', 0);
}

function stringifyAt(value: unknown, unit: string, current: string): string {
  const text = JSON.stringify(value, null, unit) ?? 'null';
  // JSON text has no raw newlines inside strings, so every newline starts an indented line.
  return unit && current ? text.replace(/\n/g, `\n${current}`) : text;
}

function* walk(value: unknown, unit: string, current: string, depth: number): Generator<string, void, undefined> {
  const lazy = value instanceof LazyJsonArray;
  if (typeof value !== 'object' || value === null || (!lazy && depth >= WALK_DEPTH)) {
    yield stringifyAt(value, unit, current);
    return;
  }
  const isArray = lazy || Array.isArray(value);
  const entries: Iterable<[string, unknown]> = isArray
    ? arrayEntries(value as Iterable<unknown>)
    : objectEntries(value as Container as Record<string, unknown>);
  const inner = current + unit;
  const separator = unit ? `,\n${inner}` : ',';
  let first = true;
  for (const [key, raw] of entries) {
    const element = prepare(raw, key);
    if (isSkipped(element) && !isArray) continue;
    const head = first ? (unit ? `${isArray ? '[' : '{'}\n${inner}` : isArray ? '[' : '{') : separator;
    first = false;
    const label = isArray ? '' : `${JSON.stringify(key)}:${unit ? ' ' : ''}`;
    if (isSkipped(element)) {
      yield `${head}null`;
      continue;
    }
    yield head + label;
    yield* walk(element, unit, inner, depth + 1);
  }
  if (first) yield isArray ? '[]' : '{}';
  else yield unit ? `\n${current}${isArray ? ']' : '}'}` : isArray ? ']' : '}';
}

function* arrayEntries(items: Iterable<unknown>): Generator<[string, unknown]> {
  let index = 0;
  for (const item of items) {
    yield [String(index), item];
    index += 1;
  }
}

function* objectEntries(object: Record<string, unknown>): Generator<[string, unknown]> {
  for (const key of Object.keys(object)) yield [key, object[key]];
}

/** Characters gathered into one chunk: fewer, larger writes are much cheaper than many tiny ones. */
const BATCH_CHARS = 64 * 1024;

/** The same text in chunks of about 64 KiB (what the writers hand to `stream.pipeline`). */
export function* batched(chunks: Iterable<string>): Generator<string, void, undefined> {
  let batch = '';
  for (const chunk of chunks) {
    batch += chunk;
    if (batch.length >= BATCH_CHARS) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}
