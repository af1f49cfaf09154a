import { defineConfig } from 'tsup';
import { packagePreset } from '../../tools/build/tsup-preset.mjs';

export default defineConfig(
  packagePreset({
    entry: {
      index: 'src/index.ts',
      mock: 'src/mock/index.ts',
      testing: 'src/testing/index.ts',
      'cli-commands': 'src/cli/index.ts',
      cli: 'src/bin.ts',
    },
    platform: 'node',
    // The CLI, its commands (`/cli`) and the `mock` entry reuse the library instead of each bundling a copy.
    splitting: true,
    copy: [['src/generated/schemas', 'dist/schemas']],
  }),
);
