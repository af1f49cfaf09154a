/** What the CLI reads and writes, injectable so the commands run in-process as well as in the binary. */
import { ThemeConfigError } from '../errors.js';

/** An output stream of the CLI (process.stdout, or a test's writable); `isTTY` as Node sets it. */
export type OutputStream = NodeJS.WritableStream & { readonly isTTY?: boolean | undefined };

/** The CLI's environment. */
export interface CliIO {
  /** Normal output (reports, mock JSON). */
  readonly stdout: OutputStream;
  /** Errors, usage messages, and the diagnostics of `mock`. */
  readonly stderr: OutputStream;
  /** Directory relative paths are resolved against. */
  readonly cwd: string;
  /** Environment variables (`NO_COLOR`, `FORCE_COLOR`, `SOURCE_DATE_EPOCH`). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * Resolves when the user asks to stop (Ctrl-C): what ends `validate --watch`. The binary listens for
   * SIGINT and SIGTERM; without it, watch mode runs until `signal` aborts.
   */
  readonly interrupted?: AbortSignal | undefined;
}

/** The real process's IO; `interrupted` aborts on the first SIGINT or SIGTERM. */
export function processIO(): CliIO {
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env, interrupted: controller.signal };
}

/** Exit codes: 0 valid / done, 1 invalid / failed, 2 usage error. */
export const EXIT = Object.freeze({ OK: 0, INVALID: 1, USAGE: 2 });

/** Thrown for bad command lines; the dispatcher prints it with the usage and exits 2. */
export class UsageError extends ThemeConfigError {
  static override readonly brand: string = '@commerce-kit/theme-config:UsageError';
}
