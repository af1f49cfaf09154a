import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
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

/**
 * CommonJS packages the ESM files load with `require` (`createRequire(import.meta.url)`), not `import`:
 * imported from ESM, Node's lexer reads every file a package re-exports from to find the names it exports,
 * and then the CommonJS loader reads them again. vscode-languageserver re-exports the protocol and JSON-RPC
 * libraries, file by file: about 0.2 s of CPU at every start of `theme-kit language-server` (0.79 -> 0.57 s
 * to the first diagnostics). The names the ESM files may import are the package's own (read here, at build
 * time); the CJS files keep `require` as written. Still external (dependencies, never bundled).
 */
const REQUIRED_CJS = ['vscode-languageserver/node.js'];
const requiredCjs: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'required-cjs',
  setup(build) {
    const cjs = build.initialOptions.define?.TSUP_FORMAT === '"cjs"';
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (!REQUIRED_CJS.includes(args.path)) return undefined;
      return cjs ? { path: args.path, external: true } : { path: args.path, namespace: 'required-cjs' };
    });
    build.onLoad({ filter: /.*/, namespace: 'required-cjs' }, (args) => {
      const names = Object.keys(createRequire(path.resolve('package.json'))(args.path) as object).filter(
        (name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default',
      );
      return {
        contents: [
          `import { createRequire } from 'node:module';`,
          `const required = createRequire(import.meta.url)(${JSON.stringify(args.path)});`,
          `export const { ${names.join(', ')} } = required;`,
          'export default required;',
        ].join('\n'),
        loader: 'js',
      };
    });
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
  // tsup's own rule for dependencies (external, as written) would answer first: these are left to the plugins.
  // jsonc-parser is the exception: bundled, from its ESM build (only the functions the code uses). Its main
  // entry is a UMD build of six CommonJS files, which an ESM import makes Node lex and load one by one at
  // every start (about 15 ms of CPU of `theme-kit check`).
  noExternal: [...(preset.noExternal ?? []), /^liquidjs$/, ...REQUIRED_CJS, /^jsonc-parser$/],
  esbuildOptions(options) {
    options.alias = { ...options.alias, 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' };
  },
  esbuildPlugins: [liquidjsEsmBuild, requiredCjs, idiomorphAsText],
  // The built-in block templates are embedded as text (and shipped as files in dist/blocks/).
  loader: { '.liquid': 'text' },
});
