import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countExports } from '../count-exports.mjs';
import { REPO_ROOT } from '../lib/generated-files.mjs';
import { testTempDir } from '../testing/temp-dir.mjs';

function write(root, file, text) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

describe('count-exports', () => {
  it('counts each entry of each published package from its tsup source, skipping data subpaths and private packages', () => {
    const root = testTempDir('count-exports-');
    write(
      root,
      'packages/a/package.json',
      JSON.stringify({
        name: '@s/a',
        exports: {
          '.': { import: { types: './dist/index.d.ts', default: './dist/index.js' } },
          './testing': { import: './dist/testing.js' },
          './schemas/*': './dist/schemas/*',
          './package.json': './package.json',
        },
      }),
    );
    write(
      root,
      'packages/a/tsup.config.ts',
      "export default { entry: { index: 'src/index.ts', testing: 'src/testing/index.ts' } };\n",
    );
    write(
      root,
      'packages/a/src/index.ts',
      "export const a = 1;\nexport type A = string;\nexport * from './more.js';\n",
    );
    write(root, 'packages/a/src/more.ts', 'export function b(): void {}\nexport interface C { c: 1 }\n');
    write(root, 'packages/a/src/testing/index.ts', 'export class Fake {}\n');
    write(
      root,
      'packages/p/package.json',
      JSON.stringify({ name: '@s/p', private: true, exports: { './*': './*.ts' } }),
    );
    expect(countExports(root)).toEqual([
      {
        name: '@s/a',
        entries: [
          { subpath: '.', count: 4 },
          { subpath: './testing', count: 1 },
        ],
      },
    ]);
  });

  it('an exported subpath with no tsup entry is an error naming it', () => {
    const root = testTempDir('count-exports-');
    write(root, 'packages/a/package.json', JSON.stringify({ name: '@s/a', exports: { './x': './dist/x.js' } }));
    write(root, 'packages/a/tsup.config.ts', "export default { entry: { index: 'src/index.ts' } };\n");
    expect(() => countExports(root)).toThrow(/@s\/a: no tsup entry "x" in tsup.config.ts for .\/x/);
  });

  it('the command fails above --max with the total, and names a bad flag with exit 2', () => {
    const cli = (...args) =>
      spawnSync(process.execPath, ['tools/count-exports.mjs', ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
    // A checkout of one package with two exports (counting this repository takes seconds; npm test does).
    const root = testTempDir('count-exports-');
    write(root, 'packages/a/package.json', JSON.stringify({ name: '@s/a', exports: { '.': './dist/index.js' } }));
    write(root, 'packages/a/tsup.config.ts', "export default { entry: { index: 'src/index.ts' } };\n");
    write(root, 'packages/a/src/index.ts', 'export const a = 1;\nexport type A = string;\n');
    const over = cli('--max', '1', '--root', root);
    expect(over.status).toBe(1);
    expect(over.stdout).toMatch(/^@s\/a\s+2 {3}\. 2$/m);
    expect(over.stdout).toMatch(/^total\s+2 \(at most 1\)$/m);
    expect(over.stderr).toMatch(/the public surface has 2 exports, more than 1/);
    expect(cli('--max', '2', '--root', root).status).toBe(0);
    expect(cli('--max', 'many')).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('--max must be a whole number'),
    });
    expect(cli('--nope')).toMatchObject({ status: 2, stderr: expect.stringContaining("'--nope'") });
  });
});
