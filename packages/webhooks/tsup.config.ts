import { defineConfig } from 'tsup';
import { packagePreset } from '../../tools/build/tsup-preset.mjs';

const preset = packagePreset({ entry: { index: 'src/index.ts', testing: 'src/testing.ts' }, platform: 'neutral' });

export default defineConfig({
  ...preset,
  // The declaration bundler reaches @commerce-kit/internal through its node_modules symlink; a
  // module of it that another one imports relatively (manual-clock -> ./clock.js) is then seen
  // as an external library file and left untranslated. Mapping the package to its real directory
  // keeps every internal module inside the build (same output otherwise).
  dts: { compilerOptions: { paths: { '@commerce-kit/internal/*': ['../internal/*.ts'] } } },
});
