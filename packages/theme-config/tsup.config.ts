import { defineConfig } from 'tsup';
import { packagePreset } from '../../tools/build/tsup-preset.mjs';

export default defineConfig(
  packagePreset({
    entry: { index: 'src/index.ts', validate: 'src/validate-entry.ts', mock: 'src/mock-entry.ts', cli: 'src/cli.ts' },
    platform: 'node',
    // The CLI, the edge-safe `validate` entry and `mock` reuse the library instead of each bundling a copy.
    splitting: true,
    copy: [['src/generated/schemas', 'dist/schemas']],
  }),
);
