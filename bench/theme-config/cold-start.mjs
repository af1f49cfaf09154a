// Cold start of each entry of @commerce-kit/theme-config: a fresh Node process importing the entry
// (ESM `import()` and CJS `require()`), median of several runs, measured inside the child from just
// before the import to just after it. Peers in the same run: an empty Node process's start-up (the
// floor every figure sits on) and the other entries, so the ratios say what each entry costs.
//
// Run after building: `npm run build -w @commerce-kit/theme-config && node bench/theme-config/cold-start.mjs`.
// Entries that do not exist in the build (e.g. `/mock` before it was split out) are reported as absent.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 15);
const ENTRIES = ['@commerce-kit/theme-config', '@commerce-kit/theme-config/validate', '@commerce-kit/theme-config/mock'];

async function child(entry, format) {
  const started = performance.now();
  if (format === 'cjs') createRequire(path.join(HERE, 'x.cjs'))(entry);
  else await import(entry);
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
    const out = JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', entry, format], { encoding: 'utf8' }));
    runs.push(out.ms);
    totals.push(out.total);
  }
  return { ms: median(runs), total: median(totals) };
}

function main() {
  const floor = [];
  for (let i = 0; i < RUNS; i += 1) {
    floor.push(Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(performance.now()))'], { encoding: 'utf8' })));
  }
  console.log(`Cold start, Node ${process.version}, median of ${RUNS} fresh processes each`);
  console.log(`empty process: ${median(floor).toFixed(1)} ms from process start to the end of the script\n`);
  console.log('entry                                   format   import    process start -> imported');
  const results = {};
  for (const entry of ENTRIES) {
    for (const format of ['esm', 'cjs']) {
      if (!resolves(entry)) {
        console.log(`${entry.padEnd(40)}${format.padEnd(9)}(absent from this build)`);
        continue;
      }
      const { ms, total } = measure(entry, format);
      results[`${entry} ${format}`] = ms;
      console.log(`${entry.padEnd(40)}${format.padEnd(9)}${ms.toFixed(1).padStart(6)} ms ${total.toFixed(1).padStart(9)} ms`);
    }
  }
  const main = results['@commerce-kit/theme-config esm'];
  const mock = results['@commerce-kit/theme-config/mock esm'];
  if (main !== undefined && mock !== undefined) {
    console.log(`\nratio: the main entry imports in ${(main / mock).toFixed(2)}x the time of the /mock entry (ESM)`);
  }
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
else main();
