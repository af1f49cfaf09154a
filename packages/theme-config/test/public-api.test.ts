// The README's "Public API" table lists exactly what the entries export (values and types).
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { compareApiTable, exportedNames } from '../../../tools/testing/public-api.mjs';
import { PACKAGE_ROOT } from './helpers.js';

describe('README Public API table', () => {
  it('matches the exports of every entry', () => {
    const result = compareApiTable({
      root: PACKAGE_ROOT,
      entries: {
        '@commerce-kit/theme-config': 'src/index.ts',
        '@commerce-kit/theme-config/mock': 'src/mock-entry.ts',
        '@commerce-kit/theme-config/testing': 'src/testing-entry.ts',
      },
    });
    expect(result).toEqual({ undocumented: [], notExported: [], unknownEntries: [] });
  }, 60_000);

  it('the main entry no longer exports the removed aliases, the CLI internals or the mock generator', () => {
    const names = exportedNames(path.join(PACKAGE_ROOT, 'src/index.ts'));
    for (const removed of ['runCli', 'starterContents', 'CliIO', 'TextSink', 'jsonChunks', 'LazyJsonArray', 'ChunkSink', 'slugify', 'generateMockData', 'MockConfigError']) {
      expect(names, removed).not.toContain(removed);
    }
  }, 60_000);
});
