import { defineConfig } from 'tsup';
import { packagePreset } from '../../tools/build/tsup-preset.mjs';

export default defineConfig(
  packagePreset({
    entry: { index: 'src/index.ts', testing: 'src/testing/index.ts', cli: 'src/bin.ts' },
    platform: 'node',
    // The CLI reuses the library's chunk instead of bundling a second copy of the server.
    splitting: true,
  }),
);
