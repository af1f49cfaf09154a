import { defineConfig } from 'tsup';
import { packagePreset } from '../../tools/build/tsup-preset.mjs';

export default defineConfig(
  packagePreset({
    entry: {
      index: 'src/index.ts',
      'rate-limit': 'src/rate-limit/index.ts',
      webhooks: 'src/webhooks/index.ts',
      testing: 'src/testing/index.ts',
    },
    platform: 'node',
  }),
);
