import { defineConfig } from 'tsup';
import { packagePreset } from '../../tools/build/tsup-preset.mjs';

export default defineConfig(
  packagePreset({
    entry: {
      index: 'src/index.ts',
      mock: 'src/mock-entry.ts',
      testing: 'src/testing-entry.ts',
      'cli-commands': 'src/cli-entry.ts',
      cli: 'src/cli.ts',
    },
    platform: 'node',
    // The CLI, its commands (`/cli`) and the `mock` entry reuse the library instead of each bundling a copy.
    splitting: true,
    copy: [['src/generated/schemas', 'dist/schemas']],
  }),
);
