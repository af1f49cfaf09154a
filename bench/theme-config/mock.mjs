// Mock data at scale: 1,000 categories x 100 products (100,000 generated products), written as JSON
// to a file. Compares the package's streaming writer (writeMockDataFile: categories generated one at a
// time, written with backpressure) with the obvious peer: JSON.stringify(generateMockData(...)) then
// writeFile (the whole object and the whole string in memory at once).
//
// Each variant runs in a fresh child process so its peak memory (max RSS) is its own; time is the
// median of the runs. Run after building: `npm run build -w @commerce-kit/theme-config`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CATEGORIES = 1_000;
const PRODUCTS = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const NOW = '2024-06-01T00:00:00Z';

const config = {
  categories: Array.from({ length: CATEGORIES }, (_, i) => ({
    title: `Category ${i + 1}`,
    description: 'Generated for the benchmark.',
    numItems: PRODUCTS,
  })),
};

async function child(variant, out) {
  const { generateMockData, writeMockDataFile } = await import('../../packages/theme-config/dist/mock.js');
  const started = performance.now();
  if (variant === 'stream') {
    await writeMockDataFile(config, { seed: 1, clock: NOW }, out);
  } else if (variant === 'stringify') {
    await writeFile(out, `${JSON.stringify(generateMockData(config, { seed: 1, clock: NOW }))}\n`);
  } else if (variant === 'generate') {
    generateMockData(config, { seed: 1, clock: NOW }); // generation alone, kept in memory
  } // 'baseline': the import only
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ ms, maxRssKb: process.resourceUsage().maxRSS }));
}

function runChild(variant, out) {
  const text = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', variant, out], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(text);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mock-bench-'));
  try {
    const baseline = runChild('baseline', path.join(dir, 'none.json'));
    const results = {};
    for (const variant of ['stream', 'stringify', 'generate']) {
      const runs = Array.from({ length: RUNS }, () => runChild(variant, path.join(dir, `${variant}.json`)));
      results[variant] = { ms: median(runs.map((r) => r.ms)), maxRssMb: median(runs.map((r) => r.maxRssKb)) / 1024 };
    }
    const bytes = statSync(path.join(dir, 'stream.json')).size;
    const same = statSync(path.join(dir, 'stringify.json')).size === bytes;
    const baseMb = baseline.maxRssKb / 1024;
    console.log(
      `mock data: ${CATEGORIES} categories x ${PRODUCTS} products, ${(bytes / 1e6).toFixed(1)} MB of JSON, median of ${RUNS} runs (node ${process.version})`,
    );
    console.log(`baseline (import only): peak RSS ${baseMb.toFixed(0)} MB`);
    for (const [name, label] of [
      ['stream', 'writeMockDataFile (streaming)'],
      ['stringify', 'JSON.stringify + writeFile (peer)'],
      ['generate', 'generateMockData only (in memory)'],
    ]) {
      const r = results[name];
      console.log(
        `${label.padEnd(36)} ${r.ms.toFixed(0).padStart(6)} ms  peak RSS ${r.maxRssMb.toFixed(0).padStart(5)} MB (+${(r.maxRssMb - baseMb).toFixed(0)} MB over baseline)`,
      );
    }
    const s = results.stream;
    const p = results.stringify;
    console.log(
      `streaming vs peer: ${(p.ms / s.ms).toFixed(2)}x the speed, ${((p.maxRssMb - baseMb) / Math.max(1, s.maxRssMb - baseMb)).toFixed(1)}x less memory above baseline; identical size: ${same}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
else await main();
