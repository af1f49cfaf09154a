import { readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';
import { packagePreset } from '../../tools/build/tsup-preset.mjs';

const preset = packagePreset({
  entry: { index: 'src/index.ts', testing: 'src/testing/index.ts', cli: 'src/bin.ts' },
  platform: 'node',
  // The CLI reuses the library instead of bundling a copy.
  splitting: true,
  copy: [
    ['src/generated/schemas', 'dist/schemas'],
    ['src/blocks', 'dist/blocks'],
  ],
});

/**
 * LiquidJS's main entry is its CommonJS build: imported from ESM, Node lexes its 180 kB for the names it
 * exports and compiles it whole at every start (about a third of `theme-kit check`'s start). The ESM files
 * import its ESM build (`liquidjs/dist/liquid.node.mjs`, a file of the same package) instead; the CJS
 * files keep its main entry. Still external either way (liquidjs is a dependency, never bundled).
 */
const liquidjsEsmBuild: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'liquidjs-esm-build',
  setup(build) {
    const cjs = build.initialOptions.define?.TSUP_FORMAT === '"cjs"';
    build.onResolve({ filter: /^liquidjs$/ }, () => ({
      path: cjs ? 'liquidjs' : 'liquidjs/dist/liquid.node.mjs',
      external: true,
    }));
  },
};

/** idiomorph's browser build, embedded as text in the dev server's client (it runs in the page, not in Node). */
const idiomorphAsText: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'idiomorph-as-text',
  setup(build) {
    build.onLoad({ filter: /[\\/]idiomorph[\\/]dist[\\/]idiomorph\.min\.js$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8'),
      loader: 'text',
    }));
  },
};

export default defineConfig({
  ...preset,
  // tsup's own rule for dependencies (external, as written) would answer first: liquidjs is left to the plugin.
  noExternal: [...(preset.noExternal ?? []), /^liquidjs$/],
  esbuildPlugins: [liquidjsEsmBuild, idiomorphAsText],
  // The built-in block templates are embedded as text (and shipped as files in dist/blocks/).
  loader: { '.liquid': 'text' },
});
