// `npm start`: build every package from specs/ (nx: generate -> build) and summarise what was generated.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './lib/generated-files.mjs';
import { GENERATORS } from './generators.mjs';
import { measureDist } from './packaging/size-budget.mjs';

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const build = spawnSync(process.execPath, ['node_modules/nx/dist/bin/nx.js', 'run-many', '-t', 'build', '--outputStyle=static'], {
  cwd: REPO_ROOT,
  stdio: ['ignore', 'pipe', 'pipe'],
  env,
  encoding: 'utf8',
});
if (build.status !== 0) {
  process.stderr.write(build.stdout + build.stderr);
  console.error('\nnpm start: the build failed (output above).');
  process.exit(1);
}
const cacheLine = build.stdout.split('\n').find((line) => line.includes('Cache:'));

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

console.log('commerce-kit: every package built from specs/\n');
console.log('Generated (committed, drift-checked):');
for (const [name, { outDir }] of Object.entries(GENERATORS)) {
  const files = walk(path.join(REPO_ROOT, outDir));
  if (files.length === 0) continue;
  const groups = new Map();
  for (const file of files) {
    const rel = path.relative(path.join(REPO_ROOT, outDir), file);
    const group = rel.includes(path.sep) ? rel.split(path.sep).slice(0, -1).join('/') + '/' : rel;
    const entry = groups.get(group) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += statSync(file).size;
    groups.set(group, entry);
  }
  console.log(`  @commerce-kit/${name}  (${outDir})`);
  for (const [group, { count, bytes }] of [...groups].sort()) {
    console.log(`    ${group.padEnd(36)} ${String(count).padStart(3)} file${count === 1 ? ' ' : 's'}  ${kb(bytes).padStart(9)}`);
  }
}

const spec = readFileSync(path.join(REPO_ROOT, 'specs/openapi.yaml'), 'utf8');
const operationCount = (spec.match(/^\s+operationId:/gm) ?? []).length;
console.log(`\nspecs/openapi.yaml: ${operationCount} operations (paths + webhooks)`);

console.log('\nPackages (dist; gzip size of the ESM entry with the chunks it loads):');
for (const dir of readdirSync(path.join(REPO_ROOT, 'packages')).sort()) {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'packages', dir, 'package.json'), 'utf8'));
  const dist = path.join(REPO_ROOT, 'packages', dir, 'dist');
  const files = walk(dist);
  const entry = existsSync(dist) ? measureDist(path.join(REPO_ROOT, 'packages', dir)).find((f) => f.file === 'dist/index.js') : undefined;
  const gz = entry ? kb(entry.gzip) : '-';
  console.log(`  ${`${pkg.name}@${pkg.version}`.padEnd(36)} ${String(files.length).padStart(3)} files  index.js ${gz} gz`);
}
if (cacheLine) console.log(`\nnx ${cacheLine.trim()}`);
