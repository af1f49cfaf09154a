// `npm run lint`: the repository's style and static checks, configured once at the root.
//  - Biome (biome.json): formatting and lint rules, every script and source file but generated code;
//  - ESLint (eslint.config.mjs): the type-aware rules Biome has no checker for (floating and misused
//    promises, `await` on a non-thenable, a `switch` that misses a union member);
//  - with `--packages` (the default for `npm run lint`): Redocly on the spec (the tools project's `lint`
//    target, through nx), and publint --strict and attw (node16 profile) on each package's tarball
//    (tools/packaging/lint-tarball.mjs; the packages must be built).
// `npm test` runs it with `--no-packages`: nx runs Redocly there, and the packaging test checks the
// tarballs it packs anyway.
// Exit 1 when any check fails; `--fix` lets Biome format and apply its safe fixes first.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runChild as run } from './lib/child.mjs';
import { lintTarball } from './packaging/lint-tarball.mjs';
import { packPackages } from './packaging/pack.mjs';
import { assertBuilt, publishedPackages, repoRoot } from './packaging/workspace.mjs';

const require = createRequire(import.meta.url);

const BIOME = path.join(path.dirname(require.resolve('@biomejs/biome/package.json')), 'bin', 'biome');
const ESLINT = path.join(path.dirname(require.resolve('eslint/package.json')), 'bin', 'eslint.js');

/**
 * Biome then ESLint. `capture` keeps their output to print in one piece (when run beside nx);
 * ESLint keeps a content cache under node_modules/.cache outside CI, where every run is cold anyway.
 */
export async function lintSources({ fix = false, capture = false } = {}) {
  const biome = await run(process.execPath, [BIOME, fix ? 'check' : 'ci', ...(fix ? ['--write'] : []), '.'], {
    capture,
  });
  const cache = process.env.CI
    ? []
    : ['--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/'];
  const eslint = await run(process.execPath, [ESLINT, ...cache, '--max-warnings', '0', '.'], { capture });
  return {
    ok: biome.status === 0 && eslint.status === 0,
    output: `$ biome ${fix ? 'check --write' : 'ci'} .\n${biome.output}\n$ eslint .\n${eslint.output}`,
  };
}

/**
 * Packs every published package (npm pack, as publishing would) and runs publint --strict and attw on
 * each tarball; prints what they find. Resolves true when nothing fails.
 */
async function lintPackages() {
  const packages = publishedPackages();
  for (const pkg of packages) assertBuilt(pkg);
  const destination = await mkdtemp(path.join(tmpdir(), 'commerce-kit-lint-'));
  try {
    const packed = await packPackages(
      packages.map((pkg) => pkg.dir),
      destination,
      repoRoot,
    );
    const results = await Promise.all(
      packages.map(async (pkg) => ({ pkg, ...(await lintTarball(packed.get(pkg.dir).tarball)) })),
    );
    console.log('\n$ publint --strict and attw --profile node16 on each package tarball');
    for (const { pkg, failures, suggestions } of results) {
      console.log(`${pkg.name}: ${failures.length === 0 ? 'ok' : `${failures.length} problem(s)`}`);
      for (const line of [...failures, ...suggestions]) console.log(`  ${line}`);
    }
    return results.every((result) => result.failures.length === 0);
  } finally {
    await rm(destination, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let values;
  try {
    ({ values } = parseArgs({
      options: { fix: { type: 'boolean', default: false }, packages: { type: 'boolean', default: true } },
      allowNegative: true,
    }));
  } catch (error) {
    console.error(`lint: ${error instanceof Error ? error.message : String(error)}`);
    console.error('usage: node tools/lint.mjs [--fix] [--no-packages]');
    process.exit(2);
  }
  const sources = await lintSources({ fix: values.fix });
  let packagesOk = true;
  if (values.packages) {
    const nx = await run(process.execPath, [
      'node_modules/nx/dist/bin/nx.js',
      'run-many',
      '-t',
      'lint',
      '--outputStyle=static',
    ]);
    const tarballsOk = await lintPackages();
    packagesOk = nx.status === 0 && tarballsOk;
  }
  if (!sources.ok) console.error('lint: Biome or ESLint found problems (see above; `npm run lint -- --fix` formats)');
  if (!packagesOk) console.error('lint: Redocly, publint or attw found problems (see above)');
  process.exit(sources.ok && packagesOk ? 0 : 1);
}
