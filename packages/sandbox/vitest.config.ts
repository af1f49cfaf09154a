import { defineConfig } from 'vitest/config';
import { isolationProjects } from '../../tools/testing/isolation.mjs';

export default defineConfig({
  test: {
    // Files that share modules run without isolation (tools/testing/isolation.mjs). No test runs nx: the root
    // scripts they run (`npm run sandbox`, `tools/start.mjs`) get COMMERCE_KIT_NO_BUILD=1.
    projects: isolationProjects(import.meta.dirname),
    // Two files at a time even on two cores: most of this suite waits on processes, sockets and a browser
    // (391 tests: 230 s with vitest's default of one worker here, 128 s with two).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
