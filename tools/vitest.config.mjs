import { defineConfig } from 'vitest/config';
import { isolationProjects } from './testing/isolation.mjs';

export default defineConfig({
  test: {
    // Files that share modules run without isolation (testing/isolation.mjs).
    projects: isolationProjects(import.meta.dirname, { suffixes: ['.test.mjs', '.test.ts'] }),
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
