// What left the main entry stays out of it (the README table itself is checked by readme.test.ts).
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { exportedNames } from '../../../tools/testing/public-api.mjs';
import { PACKAGE_ROOT } from './helpers.js';

describe('main entry', () => {
  it('the main entry no longer exports the removed aliases, the CLI internals or the mock generator', () => {
    const names = exportedNames(path.join(PACKAGE_ROOT, 'src/index.ts'));
    for (const removed of [
      'runCli',
      'starterContents',
      'CliIO',
      'TextSink',
      'jsonChunks',
      'LazyJsonArray',
      'ChunkSink',
      'slugify',
      'generateMockData',
      'MockConfigError',
    ]) {
      expect(names, removed).not.toContain(removed);
    }
  }, 60_000);
});

describe('/cli entry', () => {
  it('exports only what another CLI needs to run the validate, mock and editor commands', () => {
    expect(exportedNames(path.join(PACKAGE_ROOT, 'src/cli/index.ts')).sort()).toEqual([
      'CliIO',
      'Command',
      'CommandInput',
      'editorCommand',
      'mockCommand',
      'validateCommand',
    ]);
  }, 60_000);
});
