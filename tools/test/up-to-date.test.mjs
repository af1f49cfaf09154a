// The root scripts skip nx when every build of the chain is newer than its inputs (tools/lib/up-to-date.mjs):
// nx without its daemon would delete and copy back every cached output, under the tests reading them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildChain, buildUpToDate } from '../lib/up-to-date.mjs';
import { testTempDir } from '../testing/temp-dir.mjs';

const T0 = new Date('2026-01-01T00:00:00Z');
const at = (minutes) => new Date(T0.getTime() + minutes * 60_000);

/** Writes `file` under `root` with the modification time `time` (and its directory's). */
function put(root, file, time, text = 'x') {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  utimesSync(full, time, time);
  utimesSync(path.dirname(full), time, time);
}

/**
 * A git checkout of three workspaces: `@r/app` builds with `@r/lib` (a dependency) and `@r/internal`
 * (private, no build, inlined); sources at T0, builds at T0 + 10 min; `dist/` and `.tmp/` ignored.
 */
function repository() {
  const root = testTempDir('up-to-date-');
  execFileSync('git', ['init', '-q'], { cwd: root });
  put(root, '.gitignore', at(0), 'dist/\n.tmp/\n');
  put(root, 'package.json', at(0), JSON.stringify({ workspaces: ['packages/*'] }));
  put(root, 'tsconfig.base.json', at(0));
  put(root, 'package-lock.json', at(0));
  put(root, 'specs/openapi.yaml', at(0));
  const manifests = {
    app: { name: '@r/app', scripts: { build: 'tsup' }, dependencies: { '@r/lib': '*', ms: '*' } },
    lib: { name: '@r/lib', scripts: { build: 'tsup' }, devDependencies: { '@r/internal': '*' } },
    internal: { name: '@r/internal', private: true },
  };
  for (const [dir, manifest] of Object.entries(manifests)) {
    put(root, `packages/${dir}/package.json`, at(0), JSON.stringify(manifest));
    put(root, `packages/${dir}/src/index.ts`, at(0));
    put(root, `packages/${dir}/test/index.test.ts`, at(0));
    if (manifest.scripts) put(root, `packages/${dir}/dist/index.js`, at(10));
    for (const folder of ['/src', '/test']) utimesSync(path.join(root, `packages/${dir}${folder}`), at(0), at(0));
  }
  return root;
}

describe('buildUpToDate', () => {
  test('the chain is the package and every workspace it depends on, of any kind', () => {
    const root = repository();
    expect(buildChain('@r/app', root)?.map((dir) => path.basename(dir))).toEqual(['app', 'lib', 'internal']);
    expect(buildChain('@r/missing', root)).toBeUndefined();
  });

  test('every build newer than its inputs: up to date, counting the packages that build', () => {
    const root = repository();
    expect(buildUpToDate('@r/app', root)).toEqual({ upToDate: true, packages: 2 });
    // A test, a test report, what git ignores (a test's .tmp/) or a new entry of a project's own folder is
    // not a build input.
    put(root, 'packages/lib/test/index.test.ts', at(20));
    put(root, 'packages/lib/.vitest-report.json', at(20));
    put(root, 'packages/lib/.tmp/scratch/file.txt', at(20));
    put(root, 'packages/lib/src/.tmp/file.txt', at(20));
    utimesSync(path.join(root, 'packages/lib'), at(20), at(20));
    utimesSync(path.join(root, 'packages/lib/src'), at(0), at(0));
    expect(buildUpToDate('@r/app', root).upToDate).toBe(true);
  });

  test('a source of a dependency, of the inlined package or a shared input changed since: not up to date', () => {
    for (const file of [
      'packages/lib/src/index.ts',
      'packages/internal/src/index.ts',
      'specs/openapi.yaml',
      'package-lock.json',
    ]) {
      const root = repository();
      put(root, file, at(20));
      expect(buildUpToDate('@r/app', root), file).toEqual({ upToDate: false, packages: 0 });
    }
  });

  test('a file deleted from the sources changes its folder: not up to date', () => {
    const root = repository();
    put(root, 'packages/app/src/util/extra.ts', at(0));
    utimesSync(path.join(root, 'packages/app/src/util'), at(20), at(20));
    expect(buildUpToDate('@r/app', root).upToDate).toBe(false);
    // A committed file deleted from disk.
    const committed = repository();
    execFileSync('git', ['add', '-A'], { cwd: committed });
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'x'], { cwd: committed });
    expect(buildUpToDate('@r/app', committed).upToDate).toBe(true);
    rmSync(path.join(committed, 'packages/lib/src/index.ts'));
    expect(buildUpToDate('@r/app', committed).upToDate).toBe(false);
  });

  test('outside a git checkout nothing is up to date (nx decides)', () => {
    const root = repository();
    rmSync(path.join(root, '.git'), { recursive: true });
    expect(buildUpToDate('@r/app', root)).toEqual({ upToDate: false, packages: 0 });
  });

  test('a dependent changed does not make its dependency stale, but itself', () => {
    const root = repository();
    put(root, 'packages/app/src/index.ts', at(20));
    expect(buildUpToDate('@r/lib', root).upToDate).toBe(true);
    expect(buildUpToDate('@r/app', root).upToDate).toBe(false);
  });

  test('a missing or empty dist, or an unknown package: not up to date', () => {
    const root = repository();
    expect(buildUpToDate('@r/missing', root)).toEqual({ upToDate: false, packages: 0 });
    mkdirSync(path.join(root, 'packages/internal/dist'));
    put(
      root,
      'packages/internal/package.json',
      at(0),
      JSON.stringify({ name: '@r/internal', scripts: { build: 'x' } }),
    );
    expect(buildUpToDate('@r/app', root).upToDate).toBe(false);
  });
});
