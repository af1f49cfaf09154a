import { defineConfig } from 'tsup';
import { packagePreset } from '../../tools/build/tsup-preset.mjs';

export default defineConfig({
  ...packagePreset({
    entry: { index: 'src/index.ts', testing: 'src/testing/index.ts', cli: 'src/bin.ts' },
    platform: 'node',
    // The CLI reuses the library instead of bundling a copy.
    splitting: true,
    copy: [
      ['src/generated/schemas', 'dist/schemas'],
      ['src/blocks', 'dist/blocks'],
    ],
  }),
  // The built-in block templates are embedded as text (and shipped as files in dist/blocks/).
  loader: { '.liquid': 'text' },
});
