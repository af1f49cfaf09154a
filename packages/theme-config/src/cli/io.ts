/** What the CLI reads and writes, injectable so tests run it in-process. */

/** Something text can be written to (process.stdout, or a test buffer). */
export interface TextSink {
  /** Writes a chunk of text. */
  write(chunk: string): unknown;
}

/** The CLI's environment. */
export interface CliIO {
  /** Normal output. */
  stdout: TextSink;
  /** Errors and usage messages. */
  stderr: TextSink;
  /** Directory relative paths are resolved against. */
  cwd: string;
  /** Whether stdout is a terminal (colour is used only then). */
  isTTY: boolean;
  /** Environment variables (`NO_COLOR`, `FORCE_COLOR`). */
  env: Readonly<Record<string, string | undefined>>;
}

/** The real process's IO. */
export function processIO(): CliIO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    isTTY: Boolean(process.stdout.isTTY),
    env: process.env,
  };
}

/** Exit codes: 0 valid / done, 1 invalid / failed, 2 usage error. */
export const EXIT = Object.freeze({ OK: 0, INVALID: 1, USAGE: 2 });

/** Thrown for bad command lines; the dispatcher prints it with the usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
