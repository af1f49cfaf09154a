import { defineConfig } from 'vitest/config';
import { isolationProjects } from '../../tools/testing/isolation.mjs';

export default defineConfig({
  test: {
    // Files that share modules run without isolation (tools/testing/isolation.mjs).
    projects: isolationProjects(import.meta.dirname),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
