// Child-process helpers whose failures carry the full command output, so a broken
// `npm pack` / `npm install` / `tsc` run explains itself in the test report.
import { spawn } from 'node:child_process';

/**
 * Runs a command and resolves with its stdout; rejects with an Error that holds the
 * command line, exit status, stdout and stderr.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {{ cwd: string, env?: NodeJS.ProcessEnv }} options
 * @returns {Promise<{ stdout: string, stderr: string }>}
 */
export function run(command, args, { cwd, env = process.env }) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */ const out = [];
    /** @type {Buffer[]} */ const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', (error) => reject(new Error(`could not start \`${command}\` in ${cwd}: ${error.message}`)));
    child.on('close', (code, signal) => {
      const stdout = Buffer.concat(out).toString('utf8');
      const stderr = Buffer.concat(err).toString('utf8');
      if (code === 0) return resolvePromise({ stdout, stderr });
      reject(new Error(formatFailure({ command, args, cwd, code, signal, stdout, stderr })));
    });
  });
}

/**
 * The npm CLI to use: the one that launched us (npm sets `npm_execpath`) when there
 * is one, so the test packs with the same npm as `npm test`, else `npm` from PATH.
 * @returns {{ command: string, prefixArgs: string[] }}
 */
export function npmCommand() {
  const execPath = process.env.npm_execpath;
  if (execPath && /npm-cli\.c?js$/.test(execPath)) return { command: process.execPath, prefixArgs: [execPath] };
  return { command: process.platform === 'win32' ? 'npm.cmd' : 'npm', prefixArgs: [] };
}

/**
 * Runs npm with the given arguments.
 * @param {readonly string[]} args
 * @param {{ cwd: string }} options
 */
export function runNpm(args, { cwd }) {
  const { command, prefixArgs } = npmCommand();
  // npm warns about unrelated user config on stderr; keep the environment as is but
  // make output machine-readable and free of update notices.
  const env = {
    ...process.env,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
  return run(command, [...prefixArgs, ...args], { cwd, env });
}

/** @param {{ command: string, args: readonly string[], cwd: string, code: number | null, signal: NodeJS.Signals | null, stdout: string, stderr: string }} f */
function formatFailure({ command, args, cwd, code, signal, stdout, stderr }) {
  const status = signal ? `signal ${signal}` : `exit code ${code}`;
  return [
    `\`${[command, ...args].join(' ')}\` failed (${status}) in ${cwd}`,
    stdout.trim() && `--- stdout ---\n${stdout.trim()}`,
    stderr.trim() && `--- stderr ---\n${stderr.trim()}`,
  ]
    .filter(Boolean)
    .join('\n');
}
