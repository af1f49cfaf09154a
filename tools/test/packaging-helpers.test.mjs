// The packaging checks must catch what they claim to: fed synthetic manifests and file
// lists, each helper reports the broken case and accepts the good one.
import { describe, expect, test } from 'vitest';
import { dualFormatProblems, exportEntries } from '../packaging/exports-map.mjs';
import { consumerTypeErrors } from '../packaging/consumer-typecheck.mjs';
import { lintTarball } from '../packaging/lint-tarball.mjs';
import { missingTarballFiles, unexpectedTarballFiles } from '../packaging/pack.mjs';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { budgetFor, budgetWithHeadroom, measureDist } from '../packaging/size-budget.mjs';
import { normalizeWhitespace, thirdPartyCode } from '../packaging/third-party.mjs';
import { declaredFiles } from '../packaging/workspace.mjs';
import { testTempDir } from '../testing/temp-dir.mjs';

const dual = (/** @type {string} */ name) => ({
  import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
  require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
});

const manifest = {
  name: '@scope/pkg',
  exports: {
    '.': dual('index'),
    './oauth': dual('oauth'),
    './schemas/*.json': './dist/schemas/*.json',
    './models/python/*': './dist/models/python/*',
    './internal/*': null,
    './package.json': './package.json',
  },
};

const tarball = [
  'CHANGELOG.md',
  'LICENSE',
  'README.md',
  'package.json',
  'dist/index.js',
  'dist/index.cjs',
  'dist/index.d.ts',
  'dist/index.d.cts',
  'dist/oauth.js',
  'dist/oauth.cjs',
  'dist/oauth.d.ts',
  'dist/oauth.d.cts',
  'dist/schemas/theme.json',
  'dist/schemas/blocks.json',
  'dist/models/python/models.py',
];

describe('exportEntries', () => {
  test('one entry per subpath, patterns expanded from the tarball, exclusions skipped', () => {
    const { entries, problems } = exportEntries(manifest, tarball);
    expect(problems).toEqual([]);
    expect(
      entries.map(({ specifier, kind, importFile, requireFile }) => ({ specifier, kind, importFile, requireFile })),
    ).toEqual([
      { specifier: '@scope/pkg', kind: 'module', importFile: 'dist/index.js', requireFile: 'dist/index.cjs' },
      { specifier: '@scope/pkg/oauth', kind: 'module', importFile: 'dist/oauth.js', requireFile: 'dist/oauth.cjs' },
      {
        specifier: '@scope/pkg/schemas/blocks.json',
        kind: 'json',
        importFile: 'dist/schemas/blocks.json',
        requireFile: 'dist/schemas/blocks.json',
      },
      {
        specifier: '@scope/pkg/models/python/models.py',
        kind: 'asset',
        importFile: 'dist/models/python/models.py',
        requireFile: 'dist/models/python/models.py',
      },
      { specifier: '@scope/pkg/package.json', kind: 'json', importFile: 'package.json', requireFile: 'package.json' },
    ]);
  });

  test('reports a pattern that matches nothing and a target missing from the tarball', () => {
    const files = tarball.filter((file) => !file.startsWith('dist/schemas/') && file !== 'dist/oauth.cjs');
    const { problems } = exportEntries(manifest, files);
    expect(problems).toEqual([
      '@scope/pkg: export "./oauth" points at dist/oauth.cjs, which is not in the tarball',
      '@scope/pkg: export "./schemas/*.json" -> "./dist/schemas/*.json" matches no file in the tarball',
    ]);
  });

  test('reports a package without an exports map', () => {
    expect(exportEntries({ name: 'x', main: './index.js' }, []).problems).toEqual([
      'x: package.json has no `exports` map',
    ]);
  });
});

describe('dualFormatProblems', () => {
  test('accepts import/require conditions with types first', () => {
    expect(dualFormatProblems(manifest)).toEqual([]);
  });

  test('reports ESM-only subpaths, types not first, and wrong extensions', () => {
    const broken = {
      name: 'x',
      exports: {
        '.': { import: { default: './dist/index.js', types: './dist/index.d.ts' } },
        './bare': './dist/bare.js',
        './cjs-as-js': { import: dual('a').import, require: { types: './dist/a.d.ts', default: './dist/a.js' } },
      },
    };
    expect(dualFormatProblems(broken)).toEqual([
      'x: export ".": `import.types` must be the first condition (found default, types)',
      'x: export "." has no `require` condition object',
      'x: export "./bare" is a bare string; it needs `import` and `require` conditions with `types`',
      'x: export "./cjs-as-js": `require.types` must be a .d.cts file',
      'x: export "./cjs-as-js": `require.default` must be a .cjs file',
    ]);
  });
});

describe('tarball contents', () => {
  test('only package.json, README.md, CHANGELOG.md, LICENSE and dist/** are allowed', () => {
    expect(unexpectedTarballFiles(tarball)).toEqual([]);
    expect(
      unexpectedTarballFiles([...tarball, 'src/index.ts', 'test/a.test.ts', 'tsconfig.json', 'distribution.txt']),
    ).toEqual(['src/index.ts', 'test/a.test.ts', 'tsconfig.json', 'distribution.txt']);
  });

  test('the four top-level files and dist/ are required', () => {
    expect(missingTarballFiles(tarball)).toEqual([]);
    expect(missingTarballFiles(['package.json', 'README.md'])).toEqual(['CHANGELOG.md', 'LICENSE', 'dist/**']);
  });

  test('declaredFiles lists main/module/types and every exports leaf once', () => {
    expect(declaredFiles({ ...manifest, main: './dist/index.cjs', types: 'dist/index.d.cts' })).toEqual(
      expect.arrayContaining([
        './dist/index.cjs',
        './dist/index.d.cts',
        './dist/oauth.d.ts',
        './dist/schemas/*.json',
        './package.json',
      ]),
    );
  });
});

describe('thirdPartyCode', () => {
  test('finds what dist/ bundles (esbuild markers) and what it imports, by package name', () => {
    const dist = testTempDir('third-party-');
    mkdirSync(join(dist, 'sub'));
    writeFileSync(
      join(dist, 'index.js'),
      [
        '// ../../node_modules/jsonc-parser/lib/esm/main.js',
        '// ../../node_modules/@scope/bundled/index.js',
        'import { x } from "liquidjs";',
        'import "side-effect";',
        'const lazy = () => import("@faker-js/faker/locale/de");',
        "const url = require('u' + 'rl');",
        'const text = "see node_modules/not-a-marker/ in prose";',
        'export { y } from "./local.js";',
        'import fs from "node:fs";',
      ].join('\n'),
    );
    writeFileSync(
      join(dist, 'sub', 'chunk.cjs'),
      'var require_pc = __commonJS({\n  "../../node_modules/picocolors/picocolors.js"(exports, module) {}\n});\nrequire("ioredis");\n',
    );
    // Types only: imported, never bundled.
    writeFileSync(
      join(dist, 'index.d.ts'),
      "import { Node } from 'types-only';\n// ../../node_modules/not-code/x.js\n",
    );
    const { bundled, imported } = thirdPartyCode(dist);
    expect([...bundled].sort()).toEqual(['@scope/bundled', 'jsonc-parser', 'picocolors']);
    expect([...imported].sort()).toEqual(['@faker-js/faker', 'ioredis', 'liquidjs', 'side-effect', 'types-only']);
  });

  test('normalizeWhitespace lets a license be found however it was wrapped', () => {
    expect(normalizeWhitespace('  MIT License\n\nCopyright (c)\t2020  X\n')).toBe('MIT License Copyright (c) 2020 X');
  });
});

describe('size budget helpers', () => {
  const budgets = { packages: { '@scope/pkg': { 'dist/index.js': 1000, 'dist/*.js': 500 } } };

  test('a file uses its own budget, else the package fallback, else none', () => {
    expect(budgetFor(budgets, '@scope/pkg', 'dist/index.js')).toBe(1000);
    expect(budgetFor(budgets, '@scope/pkg', 'dist/oauth.js')).toBe(500);
    expect(budgetFor(budgets, '@scope/other', 'dist/index.js')).toBeNull();
  });

  test('an entry is measured with the chunks it imports; chunks are not budgeted alone', () => {
    const pkg = testTempDir('ck-size-');
    mkdirSync(join(pkg, 'dist'));
    const big = `export const data = ${JSON.stringify('x'.repeat(5000))};\n`;
    writeFileSync(join(pkg, 'dist', 'chunk-AAA.js'), big);
    const chunkB = "export { data } from './chunk-AAA.js';\nexport const b = 1;\n";
    const entry = "import { data } from './chunk-BBB.js';\nimport './chunk-AAA.js';\nexport { data };\n";
    writeFileSync(join(pkg, 'dist', 'chunk-BBB.js'), chunkB);
    writeFileSync(join(pkg, 'dist', 'index.js'), entry);
    writeFileSync(join(pkg, 'dist', 'small.js'), 'export const small = 1;\n');
    const sizes = measureDist(pkg);
    expect(sizes.map((s) => s.file)).toEqual(['dist/index.js', 'dist/small.js']);
    const [index, small] = sizes;
    expect(index.raw).toBe(big.length + chunkB.length + entry.length);
    expect(small.raw).toBe(24);
  });

  test('headroom is 30 % rounded up to 256 bytes', () => {
    expect(budgetWithHeadroom(1000)).toBe(1536);
    expect(budgetWithHeadroom(10_000)).toBe(13_056);
  });
});

describe('lintTarball', () => {
  /**
   * A .tgz laid out as npm packs one (everything under package/), from a file table; removed when the test ends.
   * @param {Record<string, string>} files
   */
  function tarballOf(files) {
    const dir = testTempDir('commerce-kit-lint-tarball-');
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, 'package', name)), { recursive: true });
      writeFileSync(join(dir, 'package', name), text);
    }
    execFileSync('tar', ['-czf', 'pkg.tgz', 'package'], { cwd: dir });
    return join(dir, 'pkg.tgz');
  }
  const manifestOf = (/** @type {unknown} */ exports) =>
    JSON.stringify({
      name: 'probe',
      version: '1.0.0',
      type: 'module',
      license: 'MIT',
      engines: { node: '>=20' },
      exports,
    });
  const sources = {
    'index.js': 'export const answer = 42;\n',
    'index.d.ts': 'export declare const answer: number;\n',
    'index.cjs': 'exports.answer = 42;\n',
    'index.d.cts': 'export declare const answer: number;\n',
  };

  test('a dual package with types first in each condition passes', async () => {
    const good = tarballOf({
      'package.json': manifestOf({
        '.': {
          import: { types: './index.d.ts', default: './index.js' },
          require: { types: './index.d.cts', default: './index.cjs' },
        },
      }),
      ...sources,
    });
    expect(await lintTarball(good)).toEqual({ failures: [], suggestions: [] });
  });

  test('types after a JS condition fail publint; ESM types for require fail attw', async () => {
    const bad = tarballOf({
      'package.json': manifestOf({
        '.': {
          require: { types: './index.d.ts', default: './index.cjs' },
          import: './index.js',
          types: './index.d.ts',
        },
      }),
      ...sources,
    });
    const { failures } = await lintTarball(bad);
    expect(failures.join('\n')).toMatch(
      /^publint error: pkg\.exports\["\."\]\.require\.types types is interpreted as ESM/m,
    );
    expect(failures.join('\n')).toMatch(/^attw FalseESM \(types \S*index\.d\.ts, JS \S*index\.cjs\): /m);
  });
});

describe('consumerTypeErrors', () => {
  /** A consumer project: its file, one of our packages and another library, each declaration as given. */
  function project(ours, theirs) {
    const dir = testTempDir('consumer-typecheck-');
    const write = (file, text) => {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    };
    write('node_modules/@commerce-kit/x/package.json', '{ "name": "@commerce-kit/x", "types": "index.d.ts" }');
    write('node_modules/@commerce-kit/x/index.d.ts', ours);
    write('node_modules/other/package.json', '{ "name": "other", "types": "index.d.ts" }');
    write('node_modules/other/index.d.ts', theirs);
    write(
      'usage.ts',
      "import { x } from '@commerce-kit/x';\nimport { y } from 'other';\nexport const z: number = x + y;\n",
    );
    return dir;
  }
  const check = {
    compilerOptions: { strict: true, skipLibCheck: false, types: [], lib: ['es2022'] },
    files: ['usage.ts'],
  };

  test("reports an error in our declarations and in the consumer's file, with file and position", () => {
    const dir = project(
      'export declare const x: number;\nexport declare const broken: Missing;\n',
      'export declare const y: number;\n',
    );
    expect(consumerTypeErrors(dir, check)).toEqual([
      "node_modules/@commerce-kit/x/index.d.ts(2,30): error TS2304: Cannot find name 'Missing'.",
    ]);
    const wrong = project('export declare const x: string;\n', 'export declare const y: number;\n');
    expect(consumerTypeErrors(wrong, check)).toEqual([
      "usage.ts(3,14): error TS2322: Type 'string' is not assignable to type 'number'.",
    ]);
  });

  test("another library's own declarations are not checked, its types where ours use them are", () => {
    const dir = project(
      'export declare const x: number;\n',
      'export declare const y: number;\nexport declare const z: Missing;\n',
    );
    expect(consumerTypeErrors(dir, check)).toEqual([]);
  });
});
