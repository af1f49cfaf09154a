import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batched, jsonChunks, LazyJsonArray } from '../../src/mock/json-stream.js';
import { generateMockData, writeMockData } from '../../src/mock/index.js';
import { NOW } from './helpers.js';

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
    const value = {
      top: lazy,
      deep: { deeper: { deepest: new LazyJsonArray(() => [1, 2]) } },
      empty: new LazyJsonArray(() => []),
    };
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

describe('batched', () => {
  it('regroups the text into chunks of about 64 KiB, losing and reordering nothing', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 5000 }), { maxLength: 200 }), (parts) => {
        const out = [...batched(parts)];
        expect(out.join('')).toBe(parts.join(''));
        for (const chunk of out.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(64 * 1024);
        expect(out.every((chunk) => chunk.length > 0)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});

describe('writeMockData (stream.pipeline)', () => {
  const big = {
    categories: Array.from({ length: 60 }, (_, i) => ({ title: `C${i}`, description: 'd', numItems: 60 })),
  };

  it('waits for a slow stream (backpressure) and delivers every byte in order, without ending it', async () => {
    const received: string[] = [];
    let maxBuffered = 0;
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _enc, done) {
        maxBuffered = Math.max(maxBuffered, slow.writableLength);
        received.push(chunk.toString());
        setImmediate(done);
      },
    });
    await writeMockData(big, { seed: 3, clock: NOW }, slow);
    expect(received.join('')).toBe(`${JSON.stringify(generateMockData(big, { seed: 3, clock: NOW }))}\n`);
    expect(received.length).toBeGreaterThan(1);
    // With backpressure a batch or two (64 KiB each) sits in the stream's buffer, never the whole output.
    expect(received.join('').length).toBeGreaterThan(500_000);
    expect(maxBuffered).toBeLessThanOrEqual(2 * 70 * 1024);
    expect(slow.writableEnded).toBe(false);
  });

  it('rejects with the stream error', async () => {
    const failing = new Writable({
      write(_chunk, _enc, done) {
        done(new Error('disk full'));
      },
    });
    await expect(writeMockData(big, { seed: 1, clock: NOW }, failing)).rejects.toThrow('disk full');
  });
});
