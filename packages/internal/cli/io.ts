/** What a command line reads and writes, injectable so commands run in-process as well as in a binary. */
import { BrandedError } from '@commerce-kit/internal/brand';

/** An output stream of a CLI (process.stdout, or a test's writable); `isTTY` as Node sets it. */
export type OutputStream = NodeJS.WritableStream & { readonly isTTY?: boolean | undefined };

/** A CLI's environment. */
export interface CliIO {
  /** Normal output (reports, generated JSON). */
  readonly stdout: OutputStream;
  /** Errors, usage messages, and diagnostics when stdout carries data. */
  readonly stderr: OutputStream;
  /** Directory relative paths are resolved against. */
  readonly cwd: string;
  /** Environment variables (`NO_COLOR`, `FORCE_COLOR`, `SOURCE_DATE_EPOCH`, ...). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * Aborts when the user asks to stop (Ctrl-C): what ends a watch mode (`validate --watch`). A binary
   * aborts it on SIGINT and SIGTERM; without it, a watch mode runs until the process ends.
   */
  readonly interrupted?: AbortSignal | undefined;
}

/** The real process's IO; `interrupted` aborts on the first SIGINT or SIGTERM. */
export function processIO(): CliIO {
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    env: process.env,
    interrupted: controller.signal,
  };
}

/** Exit codes: 0 valid / done, 1 invalid / failed, 2 usage error. */
export const EXIT = Object.freeze({ OK: 0, INVALID: 1, USAGE: 2 });

/**
 * Thrown for a bad command line; `runCli` prints it with the command's usage and exits 2. Branded, so
 * a CLI recognises the usage errors of commands from another package's bundled copy of this module.
 */
export class UsageError extends BrandedError {
  static override readonly brand: string = '@commerce-kit/internal:UsageError';
}
