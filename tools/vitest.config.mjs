import { defineConfig } from 'vitest/config';
import { isolationProjects } from './testing/isolation.mjs';

export default defineConfig({
  test: {
    // Files that share modules run without isolation (testing/isolation.mjs).
    projects: isolationProjects(import.meta.dirname, { suffixes: ['.test.mjs', '.test.ts'] }),
    // Two files at a time even on two cores (vitest's default there is one): most of these files wait on
    // child processes (npm pack, Prism, TypeDoc, CLIs), and in \`npm test\` this suite often runs last, alone.
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
