import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countExports } from '../count-exports.mjs';

function write(root, file, text) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

describe('count-exports', () => {
  it('counts each entry of each published package from its tsup source, skipping data subpaths and private packages', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'count-exports-'));
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
      "export default { entry: { index: 'src/index.ts', testing: 'src/testing-entry.ts' } };\n",
    );
    write(
      root,
      'packages/a/src/index.ts',
      "export const a = 1;\nexport type A = string;\nexport * from './more.js';\n",
    );
    write(root, 'packages/a/src/more.ts', 'export function b(): void {}\nexport interface C { c: 1 }\n');
    write(root, 'packages/a/src/testing-entry.ts', 'export class Fake {}\n');
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
    const root = mkdtempSync(path.join(tmpdir(), 'count-exports-'));
    write(root, 'packages/a/package.json', JSON.stringify({ name: '@s/a', exports: { './x': './dist/x.js' } }));
    write(root, 'packages/a/tsup.config.ts', "export default { entry: { index: 'src/index.ts' } };\n");
    expect(() => countExports(root)).toThrow(/@s\/a: no tsup entry "x" in tsup.config.ts for .\/x/);
  });
});
