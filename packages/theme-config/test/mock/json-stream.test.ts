import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonChunks, LazyJsonArray, writeChunks } from '../../src/mock/json-stream.js';

const join = (value: unknown, indent?: number): string => [...jsonChunks(value, indent)].join('');

describe('jsonChunks', () => {
  it('is byte-identical to JSON.stringify for any JSON value, compact and indented', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 1, 2, 4), (value, indent) => {
        expect(join(value, indent)).toBe(JSON.stringify(value, null, indent));
      }),
      { numRuns: 300 },
    );
  });

  it('follows JSON.stringify for undefined, functions, toJSON and empty containers', () => {
    const value = {
      a: undefined,
      b: () => 1,
      c: [undefined, () => 1, Symbol('s')],
      d: new Date(0),
      e: {},
      f: [],
      g: { nested: { deeper: [1, { x: undefined }] } },
      h: Number.NaN,
    };
    for (const indent of [0, 2]) expect(join(value, indent)).toBe(JSON.stringify(value, null, indent));
  });

  it('streams lazy arrays element by element, at any depth, as if they were arrays', () => {
    let produced = 0;
    const lazy = new LazyJsonArray(function* () {
      for (let i = 0; i < 3; i += 1) {
        produced += 1;
        yield { i, items: [i, i * 2] };
      }
    });
    const value = { top: lazy, deep: { deeper: { deepest: new LazyJsonArray(() => [1, 2]) } }, empty: new LazyJsonArray(() => []) };
    const expected = JSON.stringify(JSON.parse(JSON.stringify(value)), null, 2);
    produced = 0;
    const chunks = jsonChunks(value, 2);
    // Nothing is produced before the writer reaches the lazy array.
    chunks.next();
    expect(produced).toBe(0);
    expect([...jsonChunks(value, 2)].join('')).toBe(expected);
    expect(join(value)).toBe(JSON.stringify(value));
  });
});

describe('writeChunks', () => {
  it('waits for drain when the stream is full and delivers every byte in order', async () => {
    const received: string[] = [];
    let maxBuffered = 0;
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _enc, done) {
        received.push(chunk.toString());
        setImmediate(done);
      },
    });
    const chunks = function* () {
      for (let i = 0; i < 2000; i += 1) {
        maxBuffered = Math.max(maxBuffered, slow.writableLength);
        yield `${'x'.repeat(100)}${i}\n`;
      }
    };
    await writeChunks(chunks(), slow);
    const expected = [...chunks()].join('');
    expect(received.join('')).toBe(expected);
    // With backpressure at most one batch (64 KiB) sits in the stream's buffer, never the whole output.
    expect(maxBuffered).toBeLessThanOrEqual(70 * 1024);
  });

  it('rejects with the stream error', async () => {
    const failing = new Writable({
      highWaterMark: 16,
      write(_chunk, _enc, done) {
        done(new Error('disk full'));
      },
    });
    failing.on('error', () => undefined);
    const many = function* () {
      for (let i = 0; i < 100_000; i += 1) yield 'chunk of text ';
    };
    await expect(writeChunks(many(), failing)).rejects.toThrow('disk full');
  });

  it('writes to plain sinks that only have write()', async () => {
    let text = '';
    await writeChunks(['a', 'b', 'c'], { write: (chunk: string) => (text += chunk) });
    expect(text).toBe('abc');
  });
});
