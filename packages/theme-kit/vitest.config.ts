import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `.liquid` files are imported as text, as esbuild's `text` loader does in the build.
  plugins: [
    {
      name: 'liquid-as-text',
      load(id) {
        return id.endsWith('.liquid') ? `export default ${JSON.stringify(readFileSync(id, 'utf8'))};` : undefined;
      },
    },
  ],
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
  },
});
