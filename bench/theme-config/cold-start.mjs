// Cold start of each entry of @commerce-kit/theme-config: a fresh Node process importing the entry
// (ESM `import()` and CJS `require()`), median of several runs, measured inside the child from just
// before the import to just after it. Peers in the same run: an empty Node process's start-up (the
// floor every figure sits on) and the other entries, so the ratios say what each entry costs.
//
// Run after building: `npm run build -w @commerce-kit/theme-config && node bench/theme-config/cold-start.mjs`.
// BENCH_BASELINE_DIST=<another build's dist directory> adds that build's main entry to the same run
// (e.g. the release before mock generation moved to `/mock`), so before/after is a ratio too.
// Entries that do not exist in the build (`/mock` before it was split out, `/validate` after it was
// folded into the main entry) are reported as absent, so the script measures either side of the change.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 15);
const ENTRIES = [
  '@commerce-kit/theme-config',
  '@commerce-kit/theme-config/mock',
  '@commerce-kit/theme-config/validate',
];

const BASELINE = process.env.BENCH_BASELINE_DIST;

async function child(entry, format) {
  const started = performance.now();
  if (format === 'cjs') createRequire(path.join(HERE, 'x.cjs'))(entry);
  else await import(path.isAbsolute(entry) ? pathToFileURL(entry).href : entry);
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ ms, total: performance.now() }));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function resolves(entry) {
  try {
    createRequire(path.join(HERE, 'x.cjs')).resolve(entry);
    return true;
  } catch {
    return false;
  }
}

function measure(entry, format) {
  const runs = [];
  const totals = [];
  for (let i = 0; i < RUNS; i += 1) {
    const out = JSON.parse(
      execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', entry, format], { encoding: 'utf8' }),
    );
    runs.push(out.ms);
    totals.push(out.total);
  }
  return { ms: median(runs), total: median(totals) };
}

function main() {
  const floor = [];
  for (let i = 0; i < RUNS; i += 1) {
    floor.push(
      Number(
        execFileSync(process.execPath, ['-e', 'process.stdout.write(String(performance.now()))'], { encoding: 'utf8' }),
      ),
    );
  }
  console.log(`Cold start, Node ${process.version}, median of ${RUNS} fresh processes each`);
  console.log(`empty process: ${median(floor).toFixed(1)} ms from process start to the end of the script\n`);
  console.log('entry                                   format   import    process start -> imported');
  const results = {};
  const entries = BASELINE ? [...ENTRIES, `baseline:${BASELINE}`] : ENTRIES;
  for (const entry of entries) {
    for (const format of ['esm', 'cjs']) {
      const specifier = entry.startsWith('baseline:')
        ? path.join(entry.slice('baseline:'.length), format === 'cjs' ? 'index.cjs' : 'index.js')
        : entry;
      if (!entry.startsWith('baseline:') && !resolves(entry)) {
        console.log(`${entry.padEnd(40)}${format.padEnd(9)}(absent from this build)`);
        continue;
      }
      const { ms, total } = measure(specifier, format);
      results[`${entry} ${format}`] = ms;
      console.log(
        `${(entry.startsWith('baseline:') ? 'baseline build: main entry' : entry).padEnd(40)}${format.padEnd(9)}${ms.toFixed(1).padStart(6)} ms ${total.toFixed(1).padStart(9)} ms`,
      );
    }
  }
  const main = results['@commerce-kit/theme-config esm'];
  const mock = results['@commerce-kit/theme-config/mock esm'];
  if (main !== undefined && mock !== undefined) {
    console.log(`\nratio: the main entry imports in ${(main / mock).toFixed(2)}x the time of the /mock entry (ESM)`);
  }
  for (const format of ['esm', 'cjs']) {
    const before = results[`baseline:${BASELINE} ${format}`];
    const after = results[`@commerce-kit/theme-config ${format}`];
    if (before !== undefined && after !== undefined)
      console.log(
        `ratio: the main entry imports in ${(after / before).toFixed(2)}x the time of the baseline build's (${format})`,
      );
  }
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
else main();
