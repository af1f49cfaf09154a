// Shared tsup settings: every package ships ESM + CJS + .d.ts/.d.cts from the same entry points.
import { cp } from 'node:fs/promises';
import { existsSync } from 'node:fs';

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
    // and into the declarations, so no package depends on it at run time or for its types.
    dts: { resolve: [INTERNAL] },
    noExternal: [INTERNAL],
    clean: true,
    sourcemap: false,
    // Shared chunks between entry points (ESM and CJS); off by default: one file per entry is simpler.
    splitting,
    treeshake: true,
    target: 'es2022',
    platform,
    external,
    outExtension: ({ format }) => ({ js: format === 'cjs' ? '.cjs' : '.js' }),
    async onSuccess() {
      for (const [from, to] of copy) {
        if (existsSync(from)) await cp(from, to, { recursive: true });
      }
    },
  };
}
