import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { normalizeConfig } from '../../src/dir.js';
import { generateMockData, MockConfigError, writeMockData, writeMockDataFile } from '../../src/mock/index.js';
import { NOW, tempDir } from './helpers.js';

const config = {
  categories: Array.from({ length: 30 }, (_, i) => ({ title: `C${i}`, description: 'd', numItems: 40 })),
};

describe('writeMockDataFile', () => {
  it('replaces an existing file with exactly the JSON of generateMockData, leaving no temporary file', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'mock.json');
    writeFileSync(file, 'old');
    await writeMockDataFile(config, { seed: 2, clock: NOW, pretty: true }, file);
    expect(readFileSync(file, 'utf8')).toBe(
      `${JSON.stringify(generateMockData(config, { seed: 2, clock: NOW }), null, 2)}\n`,
    );
    expect(readdirSync(dir)).toEqual(['mock.json']);
  });

  it('touches nothing when the config cannot produce mock data', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'mock.json');
    writeFileSync(file, 'old');
    const bad = { pagination: normalizeConfig('pagination', { numPages: 2, currentPage: 3 }) };
    await expect(writeMockDataFile(bad, { seed: 1 }, file)).rejects.toBeInstanceOf(MockConfigError);
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['mock.json']);
  });
});

describe('writeMockData', () => {
  it('streams into a writable without ending it', async () => {
    const sink = new PassThrough();
    let text = '';
    sink.on('data', (chunk: Buffer) => (text += chunk.toString()));
    await writeMockData(config, { seed: 2, clock: NOW }, sink);
    expect(sink.writableEnded).toBe(false);
    expect(text).toBe(`${JSON.stringify(generateMockData(config, { seed: 2, clock: NOW }))}\n`);
  });
});
