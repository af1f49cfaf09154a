// The commands the start banner prints work as printed, pasted into another terminal where the sandbox
// runs: in this repository `npm run sandbox -- …` (the root script: nx build, cached, then the CLI), where
// the package is installed `npx commerce-sandbox …`. Each printed line is run by a shell against the
// running sandbox, and its effect checked.
//
// The package is built before its tests (`nx run @commerce-kit/sandbox:test` depends on the build). The lines
// run with COMMERCE_KIT_NO_BUILD=1, so the root script never runs nx here: nx would rewrite `dist/` under the
// other test files. A stale build fails this test with "run `npm run build` first" instead.
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { CLI, startCli, type RunningCli } from './support/cli.js';
import { controlFetch } from './support/start.js';

const PACKAGE_DIR = path.resolve(import.meta.dirname, '..');
const REPO_ROOT = path.resolve(PACKAGE_DIR, '../..');

interface LineRun {
  readonly line: string;
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * A terminal's environment: none of the npm, nx or COMMERCE_SANDBOX_ variables the test run may carry; and
 * the root script may not build (see above).
 */
function terminalEnv(): NodeJS.ProcessEnv {
  return {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(npm_|NX_|COMMERCE_SANDBOX_|INIT_CWD$)/i.test(name)),
    ),
    COMMERCE_KIT_NO_BUILD: '1',
  };
}

/** Runs one printed command line with `sh -c`, as a terminal would. */
function runLine(line: string, cwd: string): Promise<LineRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', line], { cwd, env: terminalEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ line, status, stdout, stderr }));
  });
}

/** Every command the banner prints: the lines of the "Control it" block and the ones in backquotes. */
function printedCommands(banner: string, prefix: string): string[] {
  const block = /^Control it from another terminal.*\n((?: {2}.+\n)+)/m.exec(banner)?.[1] ?? '';
  const quoted = [...banner.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  const lines = [...quoted, ...block.split('\n').map((l) => l.trim())].filter((l) => l !== '');
  for (const line of lines) expect(line.startsWith(`${prefix} `), line).toBe(true);
  return lines;
}

async function api(cli: RunningCli, route: string): Promise<Response> {
  return fetch(`${cli.url}${route}`, { headers: { authorization: `Bearer ${cli.accessToken}` } });
}

/** Runs the printed lines one after the other, checks each exits 0, then checks what they did. */
async function runPrinted(cli: RunningCli, prefix: string, cwd: string): Promise<LineRun[]> {
  const lines = printedCommands(cli.stdout(), prefix);
  expect(lines).toEqual([
    `${prefix} report --url ${cli.url}`,
    `${prefix} --help`,
    `${prefix} snapshot seeded --url ${cli.url}`,
    `${prefix} fault 503 --count 2 --url ${cli.url}`,
  ]);
  const runs: LineRun[] = [];
  for (const line of lines) {
    const run = await runLine(line, cwd);
    expect(run.status, `${line}\n${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stderr).not.toMatch(/command not found|E404|could not determine executable/);
    runs.push(run);
  }
  const [report, help, snapshot, fault] = runs as [LineRun, LineRun, LineRun, LineRun];
  expect(report.stdout).toContain('<testsuite name="commerce-sandbox contract"');
  expect(report.stderr).toMatch(/^report: 0 violations in 0 operations/m);
  expect(help.stdout).toContain('Usage: commerce-sandbox [options]');
  expect(snapshot.stdout).toMatch(/^snapshot: seeded \(/m);
  const snapshots = (await (await controlFetch(cli.url, `/_sandbox/snapshots`)).json()) as {
    data: Array<{ name: string }>;
  };
  expect(snapshots.data.map((s) => s.name)).toEqual(['seeded']);
  expect(fault.stdout).toMatch(/^fault flt_\w+: 503, the next 2 requests$/m);
  expect([
    (await api(cli, '/customers')).status,
    (await api(cli, '/customers')).status,
    (await api(cli, '/customers')).status,
  ]).toEqual([503, 503, 200]);
  return runs;
}

describe('the banner prints commands that work where it runs', () => {
  test('in this repository: `npm run sandbox -- …`, from the repository root', { timeout: 300_000 }, async () => {
    const cli = await startCli(['--customers', '2']);
    try {
      const runs = await runPrinted(cli, 'npm run sandbox --', REPO_ROOT);
      // The root script finds the build up to date (it may not build here); a command controls the running
      // sandbox, which was built when it started, with the CLI as built.
      for (const run of runs) {
        if (run.line.startsWith('npm run sandbox -- -')) {
          expect(run.stderr).toContain(
            'npm run sandbox: building @commerce-kit/sandbox and what it needs (nx, cached)…',
          );
          expect(run.stderr).toMatch(
            /^npm run sandbox: all \d+ packages up to date \(built after their last change\)$/m,
          );
        } else {
          expect(run.stderr).toContain('npm run sandbox: running packages/sandbox/dist/cli.js as built');
          expect(run.stderr).not.toContain('building');
        }
      }
    } finally {
      cli.child.kill('SIGINT');
      expect(await cli.exited).toBe(0);
    }
  });

  describe('installed as a dependency: `npx commerce-sandbox …`, from the project', () => {
    // A project inside the repository (under the ignored .tmp/) so that the copy's own dependencies
    // (hono, better-sqlite3…) resolve to the repository's node_modules; the package itself is a copy,
    // not a link, so it sits in node_modules as an installed one does.
    const project = path.join(REPO_ROOT, '.tmp', `sandbox-npx-${process.pid}`);
    const installed = path.join(project, 'node_modules', '@commerce-kit', 'sandbox');
    afterAll(() => rmSync(project, { recursive: true, force: true }));

    test('the printed lines run against the sandbox', { timeout: 120_000 }, async () => {
      mkdirSync(installed, { recursive: true });
      writeFileSync(
        path.join(project, 'package.json'),
        JSON.stringify({ name: 'my-app', private: true, devDependencies: { '@commerce-kit/sandbox': '*' } }),
      );
      cpSync(path.join(PACKAGE_DIR, 'package.json'), path.join(installed, 'package.json'));
      cpSync(path.dirname(CLI), path.join(installed, 'dist'), { recursive: true });
      // What npm does when it installs the package: the bin, linked and executable.
      const cli = path.join(installed, 'dist', 'cli.js');
      chmodSync(cli, 0o755);
      mkdirSync(path.join(project, 'node_modules', '.bin'));
      symlinkSync(
        path.relative(path.join(project, 'node_modules', '.bin'), cli),
        path.join(project, 'node_modules', '.bin', 'commerce-sandbox'),
      );

      const running = await startCli(['--customers', '2'], { cli });
      try {
        await runPrinted(running, 'npx commerce-sandbox', project);
      } finally {
        running.child.kill('SIGINT');
        expect(await running.exited).toBe(0);
      }
    });
  });
});
