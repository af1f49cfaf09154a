// A child process of the repository's scripts, in the repository root, without nx's daemon, cloud,
// terminal UI or plugin workers; with `capture`, its output is kept (to print in one piece beside other
// output) instead of inherited.
import { spawn } from 'node:child_process';
import { REPO_ROOT } from './generated-files.mjs';

// NX_ISOLATE_PLUGINS=false: nx loads its project-graph plugins (only its own built-in ones here) in its
// process instead of three worker processes of their own, 1.3 s of start-up less per nx run.
export const CHILD_ENV = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
  NX_ISOLATE_PLUGINS: 'false',
};

/**
 * Runs `command args`; resolves with its exit status and (when `capture`) everything it printed.
 * @param {string} command
 * @param {string[]} args
 * @param {{ capture?: boolean, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<{ status: number, output: string }>}
 */
export function runChild(command, args, { capture = false, env = CHILD_ENV } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env,
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ status: code ?? 1, output }));
  });
}
