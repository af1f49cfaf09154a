import { readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';
import { packagePreset } from '../../tools/build/tsup-preset.mjs';

const preset = packagePreset({
  entry: {
    index: 'src/index.ts',
    mock: 'src/mock/index.ts',
    testing: 'src/testing/index.ts',
    'cli-commands': 'src/cli/index.ts',
    cli: 'src/bin.ts',
  },
  platform: 'node',
  // The CLI, its commands (`/cli`) and the `mock` entry reuse the library instead of each bundling a copy.
  splitting: true,
  copy: [['src/generated/schemas', 'dist/schemas']],
});

/**
 * The generated JSON Schemas (about 200 kB, read only to word a failed validation) as `JSON.parse` of a
 * string: V8 scans a string literal and parses JSON faster than it compiles the same data as an object
 * literal at the top level of the module, which it does at every start of a process that imports it.
 */
const schemasAsJsonParse: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'schemas-as-json-parse',
  setup(build) {
    build.onLoad({ filter: /[\\/]generated[\\/]schemas[\\/][^\\/]+\.json$/ }, (args) => ({
      contents: `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(readFileSync(args.path, 'utf8'))))});`,
      loader: 'js',
    }));
  },
};

export default defineConfig({
  ...preset,
  // jsonc-parser is bundled from its ESM build (only the parser and scanner the code uses): its main entry
  // is a UMD build of six CommonJS files, which an ESM import makes Node lex and load one by one at every
  // start (about 15 ms of `theme-kit check`'s start, its largest module cost after the validators).
  // fastest-levenshtein (one function, 4 kB) likewise, from its ESM build rather than its CommonJS main.
  noExternal: [...(preset.noExternal ?? []), /^jsonc-parser$/, /^fastest-levenshtein$/],
  esbuildPlugins: [schemasAsJsonParse],
  esbuildOptions(options) {
    options.alias = {
      ...options.alias,
      'jsonc-parser': 'jsonc-parser/lib/esm/main.js',
      'fastest-levenshtein': 'fastest-levenshtein/esm/mod.js',
    };
  },
});
