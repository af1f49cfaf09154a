/** Runs child processes that print one JSON line of results at the end, and collects them. */
import { spawn, type ChildProcess } from 'node:child_process';

export interface Child<T> {
  readonly process: ChildProcess;
  /** The child's last stdout line, parsed, once it exits with 0; rejects with its stderr otherwise. */
  readonly result: Promise<T>;
  /** Resolves with the first line (so far or later) that starts with `prefix`. */
  line(prefix: string): Promise<string>;
  /** Calls `listener` with every later stdout line. */
  onLine(listener: (line: string) => void): void;
}

export function startChild<T>(script: string, env: Record<string, string>): Child<T> {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  let stderr = '';
  const listeners: Array<(line: string) => void> = [];
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const listener of [...listeners]) listener(line);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-20_000);
  });
  const result = new Promise<T>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      const last = [...lines, partial].filter((line) => line.trim() !== '').pop() ?? '';
      if (code === 0) {
        try {
          resolve(JSON.parse(last) as T);
        } catch {
          reject(new Error(`child ${script} printed no JSON result:\n${lines.slice(-20).join('\n')}\n${stderr}`));
        }
      } else {
        reject(new Error(`child ${script} exited with ${signal ?? code}:\n${stderr || lines.slice(-20).join('\n')}`));
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
    line: (prefix) =>
      new Promise<string>((resolve, reject) => {
        const found = lines.find((line) => line.startsWith(prefix));
        if (found !== undefined) return resolve(found);
        const listener = (line: string): void => {
          if (!line.startsWith(prefix)) return;
          listeners.splice(listeners.indexOf(listener), 1);
          resolve(line);
        };
        listeners.push(listener);
        child.once('exit', () => reject(new Error(`child ${script} exited before printing "${prefix}":\n${stderr}`)));
      }),
    onLine: (listener) => {
      listeners.push(listener);
    },
  };
}
