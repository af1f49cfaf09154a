// `npm test`: everything CI checks, in the order that keeps each check honest.
//  1. the generated files as committed are read first: after nx's generate targets (run by the builds)
//     they must be unchanged (the drift check: committed generated code matches specs/);
//  2. nx: build (with code generation), then lint (Redocly on the spec) and test; beside those, one process
//     (tools/lint.mjs --typecheck) runs Biome, the type check of every project and ESLint's type-aware
//     rules on the same TypeScript programs, and another counts the packages' exports against their
//     budget, and a third (tools/spec-diff.mjs) classifies the changes to specs/ since the last release;
//     their output is printed once nx is done;
//  3. the ten slowest test files, and one closing line that counts the tests of every vitest run.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './lib/generated-files.mjs';
import { reportDrift } from './check-drift.mjs';
import { generatedChanges, readGeneratedFiles } from './generators.mjs';
import { CHILD_ENV, runChild } from './lib/child.mjs';
import { workspaceDirs } from './lib/workspaces.mjs';

// One V8 helper thread per Node process (V8's default is four, for parallel GC and background compilation):
// the run keeps every core busy with processes of its own (nx's tasks, their vitest workers, the lint
// process, the CLIs and servers tests start), so more helpers only compete for the same cores. Measured on
// 2 cores: 633 -> 564 CPU-s for the whole run, checks 301 -> 257 s. A pool size the caller set is kept.
const nodeOptions = process.env.NODE_OPTIONS ?? '';
const env = {
  ...CHILD_ENV,
  FORCE_COLOR: process.env.FORCE_COLOR ?? '0',
  NODE_OPTIONS: /--v8-pool-size\b/.test(nodeOptions) ? nodeOptions : `${nodeOptions} --v8-pool-size=1`.trim(),
};

/**
 * Starts `node args` beside the rest with its output kept; resolves with its exit status and its output
 * under its command line, to print in one piece.
 */
async function captured(args) {
  const { status, output } = await runChild(process.execPath, args, { capture: true, env });
  return { status, text: `\n$ node ${args.join(' ')}\n${output.trimEnd()}` };
}

/** Runs a command with its output inherited; resolves with its exit status. */
async function run(command, args) {
  console.log(`\n$ ${[command === process.execPath ? 'node' : command, ...args].join(' ')}`);
  return (await runChild(command, args, { env })).status;
}

// The drift check is made on the generation the builds run anyway (nx's `generate` targets): the generated
// files as committed, before it, against what it leaves (tools/check-drift.mjs does the same in memory).
const committed = readGeneratedFiles();
// nx's cache is the clone's own (nx.json: cacheDirectory .nx/cache; nx 23 would otherwise share one between
// every checkout of the repository on the machine): a fresh clone, as in CI, runs every task. nx stores what
// they build, so a test that runs a root script (`npm run sandbox -- --help` builds the sandbox with nx) finds
// it; --skip-nx-cache stored nothing, and that test rebuilt every package at the end of the run.
/** Runs nx with inherited output; resolves with its exit status. */
function nx(args) {
  return run(process.execPath, [
    'node_modules/nx/dist/bin/nx.js',
    'run-many',
    ...args,
    '--outputStyle=static',
    '--nxBail=false',
  ]);
}
// Builds first (with the code generation they depend on): ESLint's type-aware rules and the type check
// see a workspace package's types through its built declarations, so they start once those exist. Then
// the checks, with Biome, the type check (every project, in as few TypeScript programs as their options
// allow) and ESLint on those programs beside them, in one process.
const started = performance.now();
const seconds = (from) => `${Math.round((performance.now() - from) / 1000)} s`;
const built = await nx(['-t', 'build']);
const buildTime = seconds(started);
const checksStarted = performance.now();
console.log('\n$ drift check (the files the generate targets left, against the committed ones)');
const drift = reportDrift(generatedChanges(committed));
// The public surface stays small enough to hold in mind (docs/house-style.md, "Entries and files"). It is
// counted from the sources, beside the rest, and printed after them.
const EXPORT_BUDGET = 330;
const surface = captured(['tools/count-exports.mjs', '--max', String(EXPORT_BUDGET)]);
// Breaking changes to specs/ since the last release need changesets (tools/spec-diff.mjs: a YAML parse and a
// few `git show`s, about a CPU-second).
const specDiff = captured(['tools/spec-diff.mjs']);
// A larger young generation: the TypeScript checker allocates fast, and fewer scavenges take about a
// sixth of the type check's CPU (measured: 34 -> 29 CPU-s alone, 64 -> 61 with ESLint).
const lint = captured(['--max-semi-space-size=64', 'tools/lint.mjs', '--no-packages', '--typecheck']);
const checked = await nx(['-t', 'lint', 'test', '--excludeTaskDependencies']);
const nxStatus = built !== 0 ? built : checked;
const { status: lintStatus, text: lintText } = await lint;
// Once nx and the lint process are both done (on a warm run nx is all cache hits and finishes first).
const checksTime = seconds(checksStarted);
console.log(lintText);
const { status: surfaceStatus, text: surfaceText } = await surface;
console.log(surfaceText);
const { status: specDiffStatus, text: specDiffText } = await specDiff;
console.log(specDiffText);

let passed = 0;
let failed = 0;
let skipped = 0;
/** Each test file's run time, from the vitest JSON reports. */
const durations = [];
for (const dir of workspaceDirs()) {
  const report = path.join(dir, '.vitest-report.json');
  if (!existsSync(report)) continue;
  const {
    numPassedTests,
    numFailedTests,
    numPendingTests,
    numTodoTests,
    testResults = [],
  } = JSON.parse(readFileSync(report, 'utf8'));
  passed += numPassedTests;
  failed += numFailedTests;
  skipped += numPendingTests + numTodoTests;
  for (const file of testResults)
    durations.push({ file: path.relative(REPO_ROOT, file.name), ms: file.endTime - file.startTime });
}
console.log('\nslowest test files:');
for (const { file, ms } of durations.sort((a, b) => b.ms - a.ms).slice(0, 10))
  console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
console.log('');
if (drift !== 0) console.log('FAILED: generated code is stale (see the drift check above)');
if (nxStatus !== 0) console.log('FAILED: an nx target failed (see above)');
if (surfaceStatus !== 0) console.log(`FAILED: the packages export more than ${EXPORT_BUDGET} names (see above)`);
if (specDiffStatus !== 0)
  console.log('FAILED: a breaking change to specs/ lacks a changeset with the breaking bump (see spec:diff above)');
if (lintStatus !== 0)
  console.log('FAILED: Biome, ESLint or the type check found problems (see above; `npm run lint -- --fix` formats)');
console.log(`builds ${buildTime}, checks and tests ${checksTime}, in all ${seconds(0)}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(
  drift !== 0 ||
    nxStatus !== 0 ||
    lintStatus !== 0 ||
    surfaceStatus !== 0 ||
    specDiffStatus !== 0 ||
    failed > 0 ||
    passed === 0
    ? 1
    : 0,
);
