import type { TestProjectInlineConfiguration } from 'vitest/config';

/** What makes a test file change state that outlives it (a mock, a stubbed global or env, fake timers, chdir). */
export declare const NEEDS_ISOLATION: RegExp;

/**
 * Inline projects for a package's vitest config: `isolated` for the test files that need it, `shared`
 * (`isolate: false`) for the rest, `last` for the files in `last`, run after all the others (they rewrite
 * what the others read); all extend the root config.
 */
export declare function isolationProjects(
  root: string,
  options?: { dir?: string; suffixes?: string[]; last?: string[] },
): TestProjectInlineConfiguration[];
