// `theme-kit check` against Theme Check (`@shopify/theme-check-node`, Shopify's linter for Liquid themes)
// on the same files: the starter theme `theme-kit init` writes (layout/, templates/, snippets/, assets/ and
// the seven *.stk.config.json files: the folders Theme Check expects of a Shopify theme; it also reads
// the JSON files).
//
// They do not check the same things. theme-kit check validates the config files against their schemas
// and rules and checks config against templates (a real LiquidJS parse of every file: regions, menus,
// snippets, objects/filters/tags of the template contract). Theme Check runs its recommended checks
// (84 of them: Liquid HTML parse, unknown objects and filters against Shopify's docs, HTML and asset
// rules, translations, the theme graph). It does not know the theme kit's objects, so it reports them;
// the offenses it raises on our theme are listed below the figures.
//
// Theme Check and the network: at every run, its docs manager (theme-check-docs-updater) fetches
// `latest.json` from raw.githubusercontent.com and downloads Shopify's docs (objects, filters, tags, JSON
// schemas) into its cache when the revision changed, falling back to the copy bundled in the package.
// Its offline option is the SHOPIFY_TLD_ROOT environment variable (a local copy of the
// Shopify/theme-liquid-docs layout, read with `file:`): here a temp directory built from the package's
// own bundled data, with XDG_CACHE_HOME in a temp directory too (filled by an unmeasured first run), so
// nothing is fetched and nothing outside the temp directory is written. Nothing else needs the network.
// The "default" row runs without it (on this machine the fetch fails at DNS at once and the bundled docs
// are used; with a network it is a request per run).
//
// Figures:
//   - cold: a fresh process each (median of BENCH_COLD_RUNS, interleaved round by round): the theme-kit
//     CLI (`theme-kit check --theme DIR --format json`), our API (`checkTheme`) in a `node -e` process,
//     Theme Check's API (`themeCheckRun(root)`, it has no CLI of its own: `shopify theme check` of
//     Shopify's CLI wraps it) in a `node -e` process, and an empty Node process. Time from spawn to exit,
//     and the CPU time each process used (user + system, all threads: ./cpu-usage.cjs, preloaded into every
//     one of them, prints it at exit), which a machine busy with other work disturbs less than the wall time.
//   - warm: both APIs in this process, BENCH_WARM_RUNS calls each after warm-up, interleaved. Theme
//     Check's `themeCheckRun` creates a new docs manager per call (so it reads and parses Shopify's docs
//     JSON again each time): that is its API's cost per call.
//
// Build first: `npx nx run @commerce-kit/theme-kit:build`. Env: BENCH_COLD_RUNS (default 9),
// BENCH_WARM_RUNS (default 30), BENCH_THEME_KIT_DIST (another build of the package), BENCH_BASELINE_DIST
// (an earlier build of the package, inside the repository so that it finds its dependencies: its CLI
// as one more cold row, to compare two builds in one run).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT, DIST, CLI } from './paths.mjs';
import { offlineEnv, THEME_CHECK } from './theme-check-docs.mjs';
import { summary } from '../lib/stats.mjs';

const CPU_USAGE = fileURLToPath(new URL('./cpu-usage.cjs', import.meta.url));

const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 9);
const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 30);
const GOAL = 0.3;
const BASELINE = process.env.BENCH_BASELINE_DIST ? path.resolve(process.env.BENCH_BASELINE_DIST) : undefined;

const require = createRequire(path.join(ROOT, 'package.json'));
const themeCheckVersion = require('@shopify/theme-check-node/package.json').version;

const ms = (value) => value.toFixed(1);

/** Runs `node ...args` to its exit; returns ms from spawn to exit, the CPU ms it used and its stdout. */
function timed(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const proc = spawn(process.execPath, ['--require', CPU_USAGE, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', ...env },
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (c) => (out += c));
    proc.stderr.on('data', (c) => (err += c));
    proc.on('exit', (code) => {
      const elapsed = performance.now() - started;
      // theme-kit check exits 1 when the theme has errors: that would be a broken benchmark here.
      if (code !== 0) reject(new Error(`node ${args.join(' ')} exited ${code}:\n${out}\n${err}`));
      else resolve({ ms: elapsed, cpuMs: Number(/^cpu-ms ([\d.]+)$/m.exec(err)?.[1] ?? Number.NaN), out });
    });
  });
}

// The Theme Check child: import, one run, print offenses and the time split.
const themeCheckChild = (root) =>
  `const t0 = performance.now(); const tc = require(${JSON.stringify(THEME_CHECK)}); const t1 = performance.now();` +
  `tc.themeCheckRun(${JSON.stringify(root)}).then((run) => process.stdout.write(JSON.stringify({ importMs: t1 - t0, runMs: performance.now() - t1, files: run.theme.length, offenses: run.offenses.length })));`;
const checkThemeChild = (root) =>
  `const t0 = performance.now(); import(${JSON.stringify(pathToFileURL(path.join(DIST, 'index.js')).href)}).then(async ({ checkTheme }) => { const t1 = performance.now();` +
  `const r = await checkTheme({ theme: ${JSON.stringify(root)} }); process.stdout.write(JSON.stringify({ importMs: t1 - t0, runMs: performance.now() - t1, files: r.files, diagnostics: r.diagnostics.length })); });`;

const tmp = mkdtempSync(path.join(tmpdir(), 'theme-kit-check-bench-'));
try {
  const dir = path.join(tmp, 'starter');
  execFileSync(process.execPath, [CLI, 'init', dir], { stdio: 'ignore' });
  const offline = offlineEnv(tmp);
  const noNetworkCache = { XDG_CACHE_HOME: path.join(tmp, 'cache-default') };

  const cold = {
    'node -e (empty process)': { args: ['-e', ''] },
    'theme-kit check (CLI)': { args: [CLI, 'check', '--theme', dir, '--format', 'json'] },
    ...(BASELINE && {
      'theme-kit check (CLI, BENCH_BASELINE_DIST)': {
        args: [path.join(BASELINE, 'cli.js'), 'check', '--theme', dir, '--format', 'json'],
      },
    }),
    'theme-kit checkTheme() (API, node -e)': { args: ['--input-type=module', '-e', checkThemeChild(dir)], split: true },
    'Theme Check themeCheckRun() (offline docs, node -e)': {
      args: ['-e', themeCheckChild(dir)],
      env: offline,
      split: true,
    },
    'Theme Check themeCheckRun() (default docs setup, node -e)': {
      args: ['-e', themeCheckChild(dir)],
      env: noNetworkCache,
      split: true,
      info: true,
    },
  };
  const coldTimes = Object.fromEntries(
    Object.keys(cold).map((name) => [name, { ms: [], cpuMs: [], importMs: [], runMs: [], last: undefined }]),
  );
  // The first round is not counted: it fills the file system cache and Theme Check's docs cache.
  for (let round = -1; round < COLD_RUNS; round++) {
    for (const [name, peer] of Object.entries(cold)) {
      const { ms: elapsed, cpuMs, out } = await timed(peer.args, peer.env);
      if (round < 0) continue;
      const t = coldTimes[name];
      t.ms.push(elapsed);
      t.cpuMs.push(cpuMs);
      if (peer.split) {
        const parsed = JSON.parse(out);
        t.importMs.push(parsed.importMs);
        t.runMs.push(parsed.runMs);
        t.last = parsed;
      } else if (out.trim().startsWith('{')) t.last = JSON.parse(out);
    }
  }
  const cliResult = coldTimes['theme-kit check (CLI)'].last;
  if (!cliResult.valid)
    throw new Error(`theme-kit check finds errors in the starter theme: ${JSON.stringify(cliResult.diagnostics)}`);

  // Warm, in this process: both APIs, interleaved.
  Object.assign(process.env, offline);
  const { checkTheme } = await import(pathToFileURL(path.join(DIST, 'index.js')).href);
  const themeCheck = require(THEME_CHECK);
  const silence = console.error;
  console.error = () => undefined; // Theme Check logs the missing locales/ folder (handled: it then assumes `en`)
  const warm = { 'theme-kit checkTheme()': [], 'Theme Check themeCheckRun()': [] };
  let run;
  for (let i = -5; i < WARM_RUNS; i++) {
    let started = performance.now();
    await checkTheme({ theme: dir });
    if (i >= 0) warm['theme-kit checkTheme()'].push(performance.now() - started);
    started = performance.now();
    run = await themeCheck.themeCheckRun(dir);
    if (i >= 0) warm['Theme Check themeCheckRun()'].push(performance.now() - started);
  }
  console.error = silence;

  const c = Object.fromEntries(
    Object.entries(coldTimes).map(([name, t]) => [
      name,
      {
        ...summary(t.ms),
        cpu: summary(t.cpuMs).p50,
        import: t.importMs.length ? summary(t.importMs).p50 : undefined,
        run: t.runMs.length ? summary(t.runMs).p50 : undefined,
      },
    ]),
  );
  const w = Object.fromEntries(Object.entries(warm).map(([name, list]) => [name, summary(list)]));
  const tcCold = c['Theme Check themeCheckRun() (offline docs, node -e)'];
  const oursCli = c['theme-kit check (CLI)'];
  const oursApi = c['theme-kit checkTheme() (API, node -e)'];

  console.log(
    `\ntheme-kit check vs Theme Check ${themeCheckVersion} (@shopify/theme-check-node, recommended config) on the starter theme (${cliResult.summary.files} files for theme-kit, ${run.theme.length} for Theme Check), ` +
      `Node ${process.version}, ${availableParallelism()} CPUs, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ${new Date().toISOString()}`,
  );
  console.log(
    `\nCold: a fresh process each, ${COLD_RUNS} interleaved rounds; spawn to exit and the CPU time the process used (import and run: as the child measured them, median)\n`,
  );
  console.table(
    Object.entries(c).map(([name, t]) => ({
      process: name,
      'median ms': ms(t.p50),
      'p95 ms': ms(t.p95),
      'import ms': t.import === undefined ? '' : ms(t.import),
      'run ms': t.run === undefined ? '' : ms(t.run),
      'x Theme Check (offline)': `${(t.p50 / tcCold.p50).toFixed(2)}x`,
      'CPU ms': ms(t.cpu),
      'CPU x Theme Check': `${(t.cpu / tcCold.cpu).toFixed(2)}x`,
    })),
  );
  console.log(`\nWarm: both APIs in one process, ${WARM_RUNS} interleaved calls each after 5 warm-up\n`);
  console.table(
    Object.entries(w).map(([name, t]) => ({
      call: name,
      'p50 ms': ms(t.p50),
      'p95 ms': ms(t.p95),
      'x Theme Check': `${(t.p50 / w['Theme Check themeCheckRun()'].p50).toFixed(2)}x`,
    })),
  );

  const ratio = oursCli.p50 / tcCold.p50;
  console.log(
    `\nratios (ours / Theme Check, median): CLI cold ${ratio.toFixed(2)}x (goal <= ${GOAL}x: ${ratio <= GOAL ? 'met' : 'missed'}; CPU time ${(oursCli.cpu / tcCold.cpu).toFixed(2)}x); API cold ${(oursApi.p50 / tcCold.p50).toFixed(2)}x; API warm ${(w['theme-kit checkTheme()'].p50 / w['Theme Check themeCheckRun()'].p50).toFixed(2)}x`,
  );
  const empty = c['node -e (empty process)'].p50;
  console.log(
    `beyond an empty Node process (${ms(empty)} ms): theme-kit check ${ms(oursCli.p50 - empty)} ms, Theme Check ${ms(tcCold.p50 - empty)} ms (${((oursCli.p50 - empty) / (tcCold.p50 - empty)).toFixed(2)}x)`,
  );

  const byCheck = new Map();
  for (const o of run.offenses) {
    const key = `${o.check} (${['error', 'warning', 'info'][o.severity] ?? o.severity})`;
    byCheck.set(key, (byCheck.get(key) ?? 0) + 1);
  }
  const unknown = [
    ...new Set(run.offenses.filter((o) => o.check === 'UndefinedObject').map((o) => /'([^']+)'/.exec(o.message)?.[1])),
  ];
  console.log(
    `\ntheme-kit check: ${cliResult.summary.errors} errors, ${cliResult.summary.warnings} warnings. Theme Check: ${run.offenses.length} offenses on our theme:`,
  );
  for (const [key, n] of [...byCheck].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(3)}  ${key}`);
  console.log(
    `  UndefinedObject names the theme kit's own objects (${unknown.join(', ')}): Theme Check knows Shopify's objects, not the theme kit's contract.`,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
