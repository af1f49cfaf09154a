// Root scripts that build one package (nx, cached) and run its binary in this terminal: `npm start`
// (the sandbox) and `npm run theme-kit -- <command>`.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './generated-files.mjs';

/**
 * Builds `project` and what it depends on, then runs `bin` (repo-relative) with `args` as a child in the
 * same terminal; exits with the child's code. Ctrl-C reaches both (same process group); the child stops
 * cleanly and this process exits after it.
 * @param {{ script: string, project: string, bin: string, args: string[], cwd?: string }} options
 */
export function buildAndRun({ script, project, bin, args, cwd = REPO_ROOT }) {
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
  process.stderr.write(`${script}: building ${project} and its dependencies (nx, cached)…\n`);
  const build = spawnSync(process.execPath, ['node_modules/nx/dist/bin/nx.js', 'run', `${project}:build`, '--outputStyle=static'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    process.stderr.write(build.stdout + build.stderr);
    console.error(`\n${script}: the build failed (output above).`);
    process.exit(1);
  }
  const cacheLine = build.stdout.split('\n').find((line) => line.includes('Nx read the output from the cache') || line.includes('Successfully ran target'));
  if (cacheLine) process.stderr.write(`${script}: ${cacheLine.trim()}\n\n`);
  const child = spawn(process.execPath, [path.join(REPO_ROOT, bin), ...args], { stdio: 'inherit', env, cwd });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      // The terminal already sent SIGINT to the child (same process group); forward SIGTERM from a supervisor.
      if (signal === 'SIGTERM') child.kill('SIGTERM');
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
