// Validating theme kit config files: the package's precompiled validators against the two usual peers
// measured in the same run, on the same schemas and the same data:
//   - ajv compiling the published schemas at run time (what you would do without codegen);
//   - @cfworker/json-schema (an interpreter that needs no eval, for edge runtimes).
//
// Two figures:
//   1. throughput: validations per second of a full theme (the seven files of specs/theme-kit/examples/valid/complete),
//      schema checks only (apples to apples) and the package's whole pipeline (schema + semantic rules);
//   2. cold start: a fresh Node process doing import + first validation of the full theme (median of runs);
//      the package is imported through its main entry (no Node import, no mock generator).
//
// Run after building: `npm run build -w @commerce-kit/theme-config && npm run bench -w @commerce-kit/theme-config`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const DIST = path.join(ROOT, 'packages/theme-config/dist');
const THEME_DIR = path.join(ROOT, 'specs/theme-kit/examples/valid/complete');
const KINDS = ['store', 'page', 'blog', 'categories', 'editable-regions', 'menus', 'pagination'];
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 7);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const SLICE_MS = Number(process.env.BENCH_SLICE_MS ?? 300);

const theme = () =>
  KINDS.map((kind) => [kind, JSON.parse(readFileSync(path.join(THEME_DIR, `${kind}.stk.config.json`), 'utf8'))]);
const schemaOf = (kind) =>
  JSON.parse(readFileSync(path.join(DIST, 'schemas', `${kind}.stk.config.schema.json`), 'utf8'));
const dateLike = (s) => s.trim() !== '' && !Number.isNaN(Date.parse(s));

/** Each peer: () => Promise<(data) => boolean>, a validator of the whole theme that returns validity. */
const PEERS = {
  async precompiled() {
    const { VALIDATORS } = await import(path.join(DIST, 'index.js'));
    return (data) => data.every(([kind, value]) => VALIDATORS[kind](value));
  },
  async pipeline() {
    const { validateConfig } = await import(path.join(DIST, 'index.js'));
    return (data) => data.every(([kind, value]) => validateConfig(kind, value).valid);
  },
  async 'ajv-runtime'() {
    const { default: Ajv } = await import('ajv');
    const { default: addFormats } = await import('ajv-formats');
    const ajv = new Ajv({
      allErrors: true,
      discriminator: true,
      strict: true,
      strictTypes: false,
      strictRequired: false,
    });
    addFormats(ajv, ['uri', 'uri-reference']);
    ajv.addFormat('date-like', dateLike);
    const validators = Object.fromEntries(KINDS.map((kind) => [kind, ajv.compile(schemaOf(kind))]));
    return (data) => data.every(([kind, value]) => validators[kind](value));
  },
  async cfworker() {
    const { Validator } = await import('@cfworker/json-schema');
    const validators = Object.fromEntries(KINDS.map((kind) => [kind, new Validator(schemaOf(kind), '7', false)]));
    return (data) => data.every(([kind, value]) => validators[kind].validate(value).valid);
  },
};

async function child(name) {
  const started = performance.now();
  const validate = await PEERS[name]();
  const ok = validate(theme());
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ ms, ok }));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const data = theme();
  const validators = {};
  for (const name of Object.keys(PEERS)) {
    validators[name] = await PEERS[name]();
    if (!validators[name](data)) throw new Error(`${name} rejects the valid example theme`);
  }

  // JIT warm-up matters a lot here (ajv's code is large and straight-line): warm every validator for a
  // second first. Then measure in interleaved rounds (each peer for a slice, round after round) and take
  // each peer's median: on a shared machine, load drifts, and sequential runs would hand that drift to
  // whichever peer happens to run last.
  for (const name of Object.keys(PEERS)) {
    const until = performance.now() + 1000;
    while (performance.now() < until) validators[name](data);
  }
  const samples = Object.fromEntries(Object.keys(PEERS).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of Object.keys(PEERS)) {
      const validate = validators[name];
      let n = 0;
      const started = performance.now();
      let elapsed = 0;
      while (elapsed < SLICE_MS) {
        validate(data);
        n += 1;
        elapsed = performance.now() - started;
      }
      samples[name].push((n * 1000) / elapsed);
    }
  }
  const hz = Object.fromEntries(Object.entries(samples).map(([name, xs]) => [name, median(xs)]));

  const cold = {};
  for (const name of Object.keys(PEERS)) {
    const runs = [];
    for (let i = 0; i < COLD_RUNS; i += 1) {
      const out = JSON.parse(
        execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', name], { encoding: 'utf8' }),
      );
      if (!out.ok) throw new Error(`${name}: cold run rejected the theme`);
      runs.push(out.ms);
    }
    cold[name] = median(runs);
  }

  const fmt = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
  console.log(
    `Full theme (7 files, ${data.find(([k]) => k === 'editable-regions')[1][1].blocks.length} blocks), Node ${process.version}\n`,
  );
  console.log('validator                      themes/s    cold start (import + first validation, median)');
  for (const name of Object.keys(PEERS)) {
    console.log(`${name.padEnd(28)} ${fmt(hz[name]).padStart(10)}    ${cold[name].toFixed(1).padStart(7)} ms`);
  }
  const ratio = (a, b) => `${(a / b).toFixed(2)}x`;
  console.log('\nratios (precompiled vs peer): throughput higher is better, cold start lower is better');
  for (const peer of ['ajv-runtime', 'cfworker']) {
    console.log(
      `  vs ${peer.padEnd(12)} throughput ${ratio(hz.precompiled, hz[peer]).padStart(8)}   cold start ${ratio(cold.precompiled, cold[peer]).padStart(6)} of the peer's time`,
    );
  }
  console.log(
    `  full pipeline (schema + rules) runs at ${ratio(hz.pipeline, hz.precompiled)} of the bare precompiled validators`,
  );
}

if (process.argv[2] === '--child') await child(process.argv[3]);
else await main();
