import { defineConfig } from 'tsup';
import { packagePreset } from '../../tools/build/tsup-preset.mjs';

export default defineConfig(
  packagePreset({
    entry: { index: 'src/index.ts', oauth: 'src/oauth/index.ts', testing: 'src/testing/index.ts' },
    platform: 'neutral',
  }),
);
