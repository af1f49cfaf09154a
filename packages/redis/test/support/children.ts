/** Runs child processes that print one JSON line of results, and collects them. */
import { spawn, type ChildProcess } from 'node:child_process';

export interface Child<T> {
  readonly process: ChildProcess;
  /** The child's last stdout line, parsed, once it exits with 0; rejects with its stderr otherwise. */
  readonly result: Promise<T>;
  /** Resolves when the child prints a line starting with `marker`. */
  waitFor(marker: string): Promise<void>;
}

export function startChild<T>(script: string, env: Record<string, string>): Child<T> {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waiters: Array<{ marker: string; resolve: () => void }> = [];
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    for (const waiter of [...waiters]) {
      if (stdout.split('\n').some((line) => line.startsWith(waiter.marker))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-20_000);
  });
  const result = new Promise<T>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      const lines = stdout.trim().split('\n');
      if (code === 0) {
        try {
          resolve(JSON.parse(lines[lines.length - 1] ?? '') as T);
        } catch {
          reject(new Error(`child ${script} printed no JSON result:\n${stdout}\n${stderr}`));
        }
      } else {
        reject(new Error(`child ${script} exited with ${signal ?? code}:\n${stderr || stdout}`));
      }
    });
  });
  result.catch(() => undefined);
  const kill = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', kill);
  child.once('exit', () => process.removeListener('exit', kill));
  return {
    process: child,
    result,
    waitFor: (marker) =>
      new Promise<void>((resolve) => {
        if (stdout.split('\n').some((line) => line.startsWith(marker))) resolve();
        else waiters.push({ marker, resolve });
      }),
  };
}
