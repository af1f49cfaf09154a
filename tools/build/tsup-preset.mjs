// Shared tsup settings: every package ships ESM + CJS + .d.ts/.d.cts from the same entry points.
// tsup builds the JS; the declarations are built after it by ./declarations.mjs (one TypeScript program,
// bundled by rollup-plugin-dts), several times faster than tsup's own `dts` step.
import { cp } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { buildDeclarations } from './declarations.mjs';

const INTERNAL = /^@commerce-kit\/internal(\/|$)/;

/**
 * @param {{ entry: Record<string, string>, platform?: 'neutral' | 'node', copy?: Array<[string, string]>, external?: string[], splitting?: boolean }} options
 * @returns {import('tsup').Options}
 */
export function packagePreset({ entry, platform = 'neutral', copy = [], external = [], splitting = false }) {
  return {
    entry,
    format: ['esm', 'cjs'],
    // @commerce-kit/internal (house-style building blocks, never published) is inlined into the code
    // and (by buildDeclarations) into the declarations, so no package depends on it at run time or for its types.
    dts: false,
    noExternal: [INTERNAL],
    // Empties dist/ first, .d.ts files included (tsup keeps them only when its `dts` option is on).
    clean: true,
    sourcemap: false,
    // Shared chunks between entry points (ESM and CJS); off by default: one file per entry is simpler.
    splitting,
    treeshake: true,
    target: 'es2022',
    platform,
    external,
    outExtension: ({ format }) => ({ js: format === 'cjs' ? '.cjs' : '.js' }),
    // Runs once the ESM and CJS builds are written; a type error throws, and tsup exits with 1.
    async onSuccess() {
      for (const [from, to] of copy) {
        if (existsSync(from)) await cp(from, to, { recursive: true });
      }
      await buildDeclarations({ entry });
    },
  };
}
