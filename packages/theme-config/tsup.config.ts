import { defineConfig } from 'tsup';
import { packagePreset } from '../../tools/build/tsup-preset.mjs';

export default defineConfig(
  packagePreset({
    entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
    platform: 'node',
    copy: [['src/generated/schemas', 'dist/schemas']],
  }),
);
