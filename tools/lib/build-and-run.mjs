// Root scripts that build one package (nx, cached) and run its binary in this terminal: `npm start` and
// `npm run sandbox -- <arguments>` (the sandbox), `npm run theme-kit -- <command>`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './generated-files.mjs';
import { CHILD_ENV } from './child.mjs';
import { buildUpToDate } from './up-to-date.mjs';

const ANSI = /\u001b\[[0-9;]*m/g;
/** What asks this process to stop; each is passed on to the running child as SIGTERM. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** nx's line at the start of each task (`--outputStyle=stream`): `> nx run <project>:<target>  [local cache]`. */
const TASK_LINE = /^> nx run (\S+):(\S+?)(?:\s+\[([^\]]+)\])?\s*$/;
/** nx's first line: `NX   Running target build for project @commerce-kit/sandbox and 8 tasks it depends on:`. */
const PLAN_LINE = /Running target \S+ for project \S+(?: and (\d+) tasks? it depends on)?/;

/**
 * Follows nx's stream output (one line at a time) and says, for people, what is being built.
 * `line(text)` returns the progress line to print for a task that really runs (cache hits are only
 * counted), or undefined; `summary(ms)` is the last line: `built 6 packages (4 from cache) in 63 s`, or
 * `all 6 packages from cache (0.5 s)`.
 * @returns {{ line(text: string): string | undefined, summary(elapsedMs: number): string, readonly tasks: ReadonlyArray<{ project: string, target: string, cached: boolean }> }}
 */
export function buildProgress() {
  /** @type {Array<{ project: string, target: string, cached: boolean }>} */
  const tasks = [];
  /** @type {number | undefined} */
  let total;
  return {
    tasks,
    line(text) {
      const plain = text.replace(ANSI, '').trim();
      const plan = PLAN_LINE.exec(plain);
      if (plan && total === undefined) {
        total = 1 + Number(plan[1] ?? 0);
        return undefined;
      }
      const task = TASK_LINE.exec(plain);
      if (!task) return undefined;
      const [, project = '', target = '', note = ''] = task;
      // `[local cache]`, `[remote cache]`, `[existing outputs match the cache, left as is]`.
      const cached = /cache/.test(note);
      tasks.push({ project, target, cached });
      if (cached) return undefined;
      const step = total === undefined ? `${tasks.length}` : `${tasks.length}/${total}`;
      return `[${step}] ${target === 'build' ? 'building' : target === 'generate' ? 'generating code of' : `${target}:`} ${project}`;
    },
    summary(elapsedMs) {
      const builds = tasks.filter((t) => t.target === 'build');
      const fromCache = builds.filter((t) => t.cached).length;
      const packages = `${builds.length} package${builds.length === 1 ? '' : 's'}`;
      const time = elapsedMs < 10_000 ? `${(elapsedMs / 1000).toFixed(1)} s` : `${Math.round(elapsedMs / 1000)} s`;
      if (builds.length > 0 && fromCache === builds.length && tasks.every((t) => t.cached))
        return `all ${packages} from cache (${time})`;
      return `built ${packages} (${fromCache} from cache) in ${time}`;
    },
  };
}

/**
 * Builds `project` and what it depends on, saying which package is being built, then runs `bin`
 * (repo-relative) with `args` as a child in the same terminal, from `cwd`; exits with the child's code.
 * Ctrl-C reaches both (same process group); the child stops cleanly and this process exits after it. A stop
 * sent to this process alone (`kill -INT`, `kill -TERM`, a hang-up, a supervisor) is passed on to the child as
 * SIGTERM, the clean stop, which a child that also had the terminal's SIGINT takes as the same stop (a second
 * SIGINT, not a SIGTERM, is what forces an exit), and this process exits with the child.
 * When `runAsBuilt(args)` is true and `bin` exists, `bin` runs at once, without the build (nx's start-up
 * alone takes seconds). When every package of the chain was built after its last change, nx is not run
 * either: without its daemon nx rewrites every output it restores from its cache, even unchanged ones, under
 * whatever else reads them (tools/lib/up-to-date.mjs). With `COMMERCE_KIT_NO_BUILD=1` nx is never run: a
 * chain that is not up to date is an error (exit 1), for tests that must not rewrite `dist/` under others.
 * @param {{ script: string, project: string, bin: string, args: string[], cwd?: string, runAsBuilt?: (args: string[]) => boolean }} options
 */
export function buildAndRun({ script, project, bin, args, cwd = REPO_ROOT, runAsBuilt }) {
  const say = (text) => process.stderr.write(`${script}: ${text}\n`);
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let current;
  let building = false;
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      current?.kill('SIGTERM');
      // Stopped while building: nothing to wait for.
      if (building) process.exit(130);
    });
  }
  /** Runs the binary as it is built; this process exits with it. */
  const runBuilt = () => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, bin), ...args], {
      stdio: 'inherit',
      env: CHILD_ENV,
      cwd,
    });
    current = child;
    child.on('exit', (exitCode, signal) => process.exit(exitCode ?? (signal ? 1 : 0)));
  };
  if (runAsBuilt?.(args) && existsSync(path.join(REPO_ROOT, bin))) {
    say(`running ${bin} as built`);
    runBuilt();
    return;
  }
  say(`building ${project} and what it needs (nx, cached)…`);
  const fresh = buildUpToDate(project);
  if (fresh.upToDate) {
    say(`all ${fresh.packages} package${fresh.packages === 1 ? '' : 's'} up to date (built after their last change)\n`);
    runBuilt();
    return;
  }
  if (process.env.COMMERCE_KIT_NO_BUILD === '1') {
    say(
      `${project} or a package it needs changed since it was built, and COMMERCE_KIT_NO_BUILD=1: run \`npm run build\` first`,
    );
    process.exit(1);
  }
  const started = Date.now();
  const progress = buildProgress();
  building = true;
  const build = spawn(
    process.execPath,
    ['node_modules/nx/dist/bin/nx.js', 'run', `${project}:build`, '--outputStyle=stream'],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: CHILD_ENV,
    },
  );
  current = build;
  // Everything nx printed, shown only when the build fails.
  let output = '';
  let pending = '';
  build.stdout.setEncoding('utf8');
  build.stderr.setEncoding('utf8');
  build.stdout.on('data', (chunk) => {
    output += chunk;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const shown = progress.line(line);
      if (shown !== undefined) say(shown);
    }
  });
  build.stderr.on('data', (chunk) => (output += chunk));
  build.on('error', (error) => {
    say(`cannot run nx: ${error.message}`);
    process.exit(1);
  });
  build.on('close', (code) => {
    if (pending !== '') progress.line(pending);
    if (code !== 0) {
      process.stderr.write(`${output}\n`);
      say('the build failed (output above).');
      process.exit(1);
    }
    say(`${progress.summary(Date.now() - started)}\n`);
    building = false;
    runBuilt();
  });
}
