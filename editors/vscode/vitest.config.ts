import { defineConfig } from 'vitest/config';
import { isolationProjects } from '../../tools/testing/isolation.mjs';

export default defineConfig({
  test: {
    // Files that share modules run without isolation (tools/testing/isolation.mjs).
    projects: isolationProjects(import.meta.dirname),
    // Packages the .vsix when it is missing or stale (under nx the build target has made it).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
  },
});
