// `npm run lint`: the repository's style and static checks, configured once at the root.
//  - Biome (biome.json): formatting and lint rules, every script and source file but generated code;
//  - ESLint (eslint.config.mjs): the type-aware rules Biome has no checker for (floating and misused
//    promises, `await` on a non-thenable, a `switch` that misses a union member);
//  - with `--packages` (the default for `npm run lint`): each project's own `lint` target through nx
//    (Redocly on the spec, publint and attw on each package).
// `npm test` runs it with `--no-packages` beside nx, which runs the package targets itself.
// Exit 1 when any check fails; `--fix` lets Biome format and apply its safe fixes first.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runChild as run } from './lib/child.mjs';

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
  let packages = 0;
  if (values.packages) {
    const nx = await run(process.execPath, [
      'node_modules/nx/dist/bin/nx.js',
      'run-many',
      '-t',
      'lint',
      '--outputStyle=static',
    ]);
    packages = nx.status;
  }
  if (!sources.ok) console.error('lint: Biome or ESLint found problems (see above; `npm run lint -- --fix` formats)');
  process.exit(sources.ok && packages === 0 ? 0 : 1);
}
