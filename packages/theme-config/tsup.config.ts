import { defineConfig } from 'tsup';
import { packagePreset } from '../../tools/build/tsup-preset.mjs';

const preset = packagePreset({
  entry: { index: 'src/index.ts', mock: 'src/mock-entry.ts', testing: 'src/testing-entry.ts', cli: 'src/cli.ts' },
  platform: 'node',
  // The CLI and the `mock` entry reuse the library instead of each bundling a copy.
  splitting: true,
  copy: [['src/generated/schemas', 'dist/schemas']],
});

export default defineConfig({
  ...preset,
  dts: {
    ...(typeof preset.dts === 'object' ? preset.dts : {}),
    // Resolve @commerce-kit/internal to its real files, not through node_modules: otherwise the
    // relative imports between its modules (manual-clock.ts -> ./clock.js) count as external library
    // imports and stay unresolved in the bundled declarations of `/testing`.
    compilerOptions: { paths: { '@commerce-kit/internal/*': ['../internal/*.ts'] } },
  },
});
