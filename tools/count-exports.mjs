// `npm run exports`: how many names each published package exports, per entry point, counted with the
// TypeScript checker from the entry's source (what a user can import or name in a type annotation).
// A reviewer sees the public surface grow; `--max N` fails (exit 1) when the total is above N.
//
// Entries come from each package.json `exports` map: the subpath's `import` file `./dist/<name>.js` is
// built from the tsup entry `<name>` in the package's tsup.config.ts. Wildcard subpaths (`./schemas/*`,
// `./blocks/*`) are data files, not code, and are not counted.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { exportedNamesOf } from './testing/public-api.mjs';
import { REPO_ROOT } from './lib/generated-files.mjs';

/** The `import` target of an exports-map value (a string or nested conditions). */
function importTarget(value) {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return undefined;
  return importTarget(value.import ?? value.default ?? value.node);
}

/** tsup entry name → source file, read from the package's tsup.config.ts (`name: 'src/x.ts'`). */
function tsupEntries(dir) {
  const text = readFileSync(path.join(dir, 'tsup.config.ts'), 'utf8');
  const entries = new Map();
  for (const match of text.matchAll(/['"]?([\w-]+)['"]?\s*:\s*['"](src\/[^'"]+\.tsx?)['"]/g))
    entries.set(match[1], match[2]);
  return entries;
}

/** @returns {Array<{ name: string, entries: Array<{ subpath: string, count: number }> }>} */
export function countExports(root = REPO_ROOT) {
  const found = [];
  for (const folder of readdirSync(path.join(root, 'packages')).sort()) {
    const dir = path.join(root, 'packages', folder);
    const manifestFile = path.join(dir, 'package.json');
    if (!existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    if (manifest.private || !manifest.exports) continue;
    const sources = tsupEntries(dir);
    for (const [subpath, value] of Object.entries(manifest.exports)) {
      if (subpath.includes('*') || subpath === './package.json') continue;
      const target = importTarget(value);
      const built = target && /^\.\/dist\/([\w-]+)\.js$/.exec(target);
      if (!built)
        throw new Error(
          `${manifest.name} exports ${subpath} as ${JSON.stringify(target)}: not a ./dist/<entry>.js file`,
        );
      const source = sources.get(built[1]);
      if (!source) throw new Error(`${manifest.name}: no tsup entry "${built[1]}" in tsup.config.ts for ${subpath}`);
      found.push({ name: manifest.name, subpath, file: path.join(dir, source) });
    }
  }
  const counts = exportedNamesOf(found.map((f) => f.file)).map((names) => names.length);
  const packages = [];
  found.forEach((f, i) => {
    let pkg = packages.at(-1);
    if (pkg?.name !== f.name) {
      pkg = { name: f.name, entries: [] };
      packages.push(pkg);
    }
    pkg.entries.push({ subpath: f.subpath, count: counts[i] });
  });
  return packages;
}

function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: { max: { type: 'string' }, json: { type: 'boolean' }, root: { type: 'string' } },
    }));
  } catch (error) {
    console.error(`exports: ${error instanceof Error ? error.message : String(error)}`);
    console.error('usage: node tools/count-exports.mjs [--max N] [--json] [--root DIR]');
    process.exit(2);
  }
  const max = values.max === undefined ? undefined : Number(values.max);
  if (max !== undefined && !Number.isInteger(max)) {
    console.error(`--max must be a whole number, not ${JSON.stringify(values.max)}`);
    process.exit(2);
  }
  // --root: another checkout's packages/ (default: this repository's).
  const packages = countExports(values.root === undefined ? undefined : path.resolve(values.root));
  const total = packages.reduce((sum, p) => sum + p.entries.reduce((s, e) => s + e.count, 0), 0);
  if (values.json) {
    console.log(JSON.stringify({ total, packages }, null, 2));
  } else {
    for (const p of packages) {
      const sum = p.entries.reduce((s, e) => s + e.count, 0);
      console.log(
        `${p.name.padEnd(28)} ${String(sum).padStart(4)}   ${p.entries.map((e) => `${e.subpath} ${e.count}`).join(' · ')}`,
      );
    }
    console.log(`${'total'.padEnd(28)} ${String(total).padStart(4)}${max === undefined ? '' : ` (at most ${max})`}`);
  }
  if (max !== undefined && total > max) {
    console.error(
      `the public surface has ${total} exports, more than ${max}: remove internals from the entries (see docs/house-style.md)`,
    );
    // exitCode, not exit(): a piped stdout (npm test, CI logs) is written asynchronously and would lose the table.
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
