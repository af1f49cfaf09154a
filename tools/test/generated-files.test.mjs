import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedChanges, readGeneratedFiles } from '../generators.mjs';
import { REPO_ROOT, diffGenerated, writeGenerated } from '../lib/generated-files.mjs';
import { testTempDir } from '../testing/temp-dir.mjs';

describe('diffGenerated / writeGenerated', () => {
  it('reports stale, missing and extra files, and writing fixes all three', async () => {
    const dir = testTempDir('ck-gen-');
    const rel = path.relative(REPO_ROOT, dir);
    await mkdir(path.join(dir, 'sub'), { recursive: true });
    await writeFile(path.join(dir, 'stale.txt'), 'old');
    await writeFile(path.join(dir, 'sub', 'extra.txt'), 'left over');
    const files = new Map([
      [`${rel}/stale.txt`, 'new'],
      [`${rel}/missing.txt`, 'fresh'],
    ]);
    expect(await diffGenerated(files, rel)).toEqual({
      stale: [`${rel}/stale.txt`],
      missing: [`${rel}/missing.txt`],
      extra: [`${rel}/sub/extra.txt`],
    });
    expect(await writeGenerated(files, rel)).toEqual({ written: 2, removed: 1, total: 2 });
    expect(await readFile(path.join(dir, 'stale.txt'), 'utf8')).toBe('new');
    expect(existsSync(path.join(dir, 'sub', 'extra.txt'))).toBe(false);
    expect(await diffGenerated(files, rel)).toEqual({ stale: [], missing: [], extra: [] });
  });
});

describe('generatedChanges (the drift check of npm test)', () => {
  it('names what a generation changed against the files read before it, per generator', () => {
    const now = readGeneratedFiles();
    expect([...now.keys()].some((rel) => rel.startsWith('packages/api-types/src/generated/'))).toBe(true);
    // Nothing generated since: no change.
    expect(generatedChanges(now).every((r) => [r.stale, r.missing, r.extra].every((list) => list.length === 0))).toBe(
      true,
    );
    // As if the committed files had been: one file different, one absent, one more.
    const [first] = [...now.keys()].filter((rel) => rel.startsWith('packages/api-types/src/generated/'));
    const [second] = [...now.keys()].filter((rel) => rel.startsWith('packages/sandbox/src/generated/'));
    const before = new Map(now);
    before.set(first, Buffer.from('hand-edited'));
    before.delete(second);
    before.set('packages/theme-kit/src/generated/left-over.ts', Buffer.from('export {};\n'));
    const changes = Object.fromEntries(generatedChanges(before).map((r) => [r.name, r]));
    expect(changes['api-types']).toMatchObject({ stale: [first], missing: [], extra: [] });
    expect(changes.sandbox).toMatchObject({ stale: [], missing: [second], extra: [] });
    expect(changes['theme-kit']).toMatchObject({
      stale: [],
      missing: [],
      extra: ['packages/theme-kit/src/generated/left-over.ts'],
    });
  });
});
