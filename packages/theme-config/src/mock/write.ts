/** Writing mock data as JSON: streamed to any stream, or atomically to a file. */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ThemeConfig, ThemeConfigInput } from '../types.js';
import { planMockData } from './generate.js';
import { batched, jsonChunks } from './json-stream.js';
import type { MockOptions } from './options.js';

/** Options of {@link writeMockData} and {@link writeMockDataFile}. */
export interface WriteMockOptions extends MockOptions {
  /** Indent the JSON with two spaces (default: compact). */
  readonly pretty?: boolean | undefined;
}

/**
 * The mock data as JSON text chunks (a trailing newline included), byte-identical to
 * `JSON.stringify(generateMockData(config, options), null, pretty ? 2 : 0) + '\n'`, with the
 * categories generated one at a time while iterating.
 * @throws {MockConfigError} at the call, before any chunk, when the config cannot produce mock data
 * @example
 * ```ts
 * const text = [...mockDataChunks(config, { seed: 1 })].join('');
 * ```
 */
export function mockDataChunks(config: ThemeConfig | ThemeConfigInput, options: WriteMockOptions): Iterable<string> {
  const plan = planMockData(config, options);
  const indent = options.pretty ? 2 : 0;
  return {
    *[Symbol.iterator]() {
      yield* jsonChunks(plan, indent);
      yield '\n';
    },
  };
}

/**
 * Streams the mock data as JSON into a writable (e.g. `process.stdout` or an HTTP response) with
 * `stream.pipeline`, so backpressure keeps memory flat for any number of categories. The stream is not ended.
 * @throws {MockConfigError} before anything is written when the config cannot produce mock data
 * @example
 * ```ts
 * await writeMockData(config, { seed: 7, pretty: true }, process.stdout);
 * ```
 */
export async function writeMockData(
  config: ThemeConfig | ThemeConfigInput,
  options: WriteMockOptions,
  sink: NodeJS.WritableStream,
): Promise<void> {
  const chunks = mockDataChunks(config, options); // throws before anything is written
  await pipeline(Readable.from(batched(chunks), { objectMode: false }), sink, { end: false });
}

/**
 * Writes the mock data as JSON to `file` atomically: into a temporary file in the same directory,
 * renamed over `file` only when complete. On any failure `file` is left as it was (absent or with its
 * old contents) and the temporary file is removed.
 * @throws {MockConfigError} when the config cannot produce mock data (nothing is written)
 * @example
 * ```ts
 * await writeMockDataFile(config, { seed: 7 }, 'mock.json');
 * ```
 */
export async function writeMockDataFile(
  config: ThemeConfig | ThemeConfigInput,
  options: WriteMockOptions,
  file: string,
): Promise<void> {
  const chunks = mockDataChunks(config, options); // throws before any file is touched
  const target = path.resolve(file);
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    await pipeline(
      Readable.from(batched(chunks), { objectMode: false }),
      createWriteStream(temp, { flags: 'wx', encoding: 'utf8' }),
    );
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}
