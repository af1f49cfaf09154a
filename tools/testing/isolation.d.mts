import type { TestProjectInlineConfiguration } from 'vitest/config';

/** What makes a test file change state that outlives it (a mock, a stubbed global or env, fake timers, chdir). */
export declare const NEEDS_ISOLATION: RegExp;

/**
 * Two inline projects for a package's vitest config: `isolated` for the test files that need it, `shared`
 * (`isolate: false`) for the rest; both extend the root config.
 */
export declare function isolationProjects(
  root: string,
  options?: { dir?: string; suffixes?: string[] },
): TestProjectInlineConfiguration[];
