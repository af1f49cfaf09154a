import { defineConfig } from 'vitest/config';
import { isolationProjects } from '../../tools/testing/isolation.mjs';

export default defineConfig({
  test: {
    // Files that share modules run without isolation (tools/testing/isolation.mjs). The banner test runs
    // `npm run sandbox -- --help`, an nx build of this package: when nx misses its cache that rewrites
    // `dist` under the files that read it, so it runs last, alone.
    projects: isolationProjects(import.meta.dirname, { last: ['test/cli-banner-commands.test.ts'] }),
    // Two files at a time even on two cores: most of this suite waits on processes, sockets and a browser
    // (391 tests: 230 s with vitest's default of one worker here, 128 s with two).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
