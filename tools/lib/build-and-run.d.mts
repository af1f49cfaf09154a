/** One task of an nx run, as its stream output announced it. */
export interface BuildTask {
  readonly project: string;
  readonly target: string;
  /** Taken from the cache (local, remote, or outputs already in place) instead of run. */
  readonly cached: boolean;
}

/** Follows nx's `--outputStyle=stream` output and words the progress of a build for people. */
export interface BuildProgress {
  /** One line of nx's output; returns the progress line to print for a task that really runs, or undefined. */
  line(text: string): string | undefined;
  /** `built 6 packages (4 from cache) in 63 s`, or `all 6 packages from cache (0.5 s)`. */
  summary(elapsedMs: number): string;
  readonly tasks: readonly BuildTask[];
}

export declare function buildProgress(): BuildProgress;

export interface BuildAndRunOptions {
  /** How the user started it (`npm start`): the first word of each line it prints. */
  readonly script: string;
  /** The nx project to build (`@commerce-kit/sandbox`). */
  readonly project: string;
  /** The binary to run after the build, relative to the repository root. */
  readonly bin: string;
  readonly args: string[];
  /** Where the binary runs (default: the repository root). */
  readonly cwd?: string | undefined;
}

/** Builds `project` (nx, cached) saying what it builds, then runs `bin` in this terminal and exits with its code. */
export declare function buildAndRun(options: BuildAndRunOptions): void;
