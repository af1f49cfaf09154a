import { mkdtemp, readFile, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, diffGenerated, writeGenerated } from '../lib/generated-files.mjs';

describe('diffGenerated / writeGenerated', () => {
  it('reports stale, missing and extra files, and writing fixes all three', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ck-gen-'));
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
