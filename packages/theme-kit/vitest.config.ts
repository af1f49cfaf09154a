import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { isolationProjects } from '../../tools/testing/isolation.mjs';

export default defineConfig({
  // `.liquid` files and idiomorph's browser build are imported as text, as esbuild's `text` loader does in the build.
  plugins: [
    {
      name: 'liquid-as-text',
      load(id) {
        return id.endsWith('.liquid') || id.endsWith('/idiomorph/dist/idiomorph.min.js')
          ? `export default ${JSON.stringify(readFileSync(id, 'utf8'))};`
          : undefined;
      },
    },
  ],
  test: {
    // Files that share modules run without isolation (tools/testing/isolation.mjs).
    projects: isolationProjects(import.meta.dirname),
    globalSetup: ['test/global-setup.ts'],
    // Through the plugin above, not imported by Node as a module of node_modules.
    server: { deps: { inline: ['idiomorph'] } },
    testTimeout: 30_000,
  },
});
