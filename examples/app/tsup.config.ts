import { defineConfig } from 'tsup';

// One file to run: `node dist/dev.js` (what `npm run example` starts). The packages stay imports,
// as an app's dependencies would: the sandbox is a devDependency, so it is named here (tsup bundles
// devDependencies otherwise).
export default defineConfig({
  entry: { dev: 'src/dev.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  clean: true,
  external: ['@commerce-kit/sandbox'],
});
