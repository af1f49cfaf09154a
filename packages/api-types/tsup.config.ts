import { defineConfig } from 'tsup';
import { packagePreset } from '../../tools/build/tsup-preset.mjs';

export default defineConfig(
  packagePreset({
    entry: { index: 'src/index.ts', validators: 'src/validators.ts' },
    copy: [
      ['src/generated/schemas', 'dist/schemas'],
      ['src/generated/models', 'dist/models'],
    ],
  }),
);
