// `npm start`: build the sandbox and what it depends on (nx, cached), then run it on 127.0.0.1:4010.
// Extra arguments go to the sandbox: `npm start -- --seed 7 --data ./sandbox.db`.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './lib/generated-files.mjs';

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
process.stderr.write('npm start: building @commerce-kit/sandbox and its dependencies (nx, cached)…\n');
const build = spawnSync(
  process.execPath,
  ['node_modules/nx/dist/bin/nx.js', 'run', '@commerce-kit/sandbox:build', '--outputStyle=static'],
  { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env, encoding: 'utf8' },
);
if (build.status !== 0) {
  process.stderr.write(build.stdout + build.stderr);
  console.error('\nnpm start: the build failed (output above).');
  process.exit(1);
}
const cacheLine = build.stdout.split('\n').find((line) => line.includes('Nx read the output from the cache') || line.includes('Successfully ran target'));
if (cacheLine) process.stderr.write(`npm start: ${cacheLine.trim()}\n\n`);

// The sandbox runs as a child in the same terminal: Ctrl-C reaches both; the child stops cleanly
// (pending webhooks sent, database closed) and this process exits with its code.
const cli = path.join(REPO_ROOT, 'packages/sandbox/dist/cli.js');
const child = spawn(process.execPath, [cli, '--port', '4010', '--host', '127.0.0.1', ...process.argv.slice(2)], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // The terminal already sent SIGINT to the child (same process group); forward SIGTERM from a supervisor.
    if (signal === 'SIGTERM') child.kill('SIGTERM');
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
