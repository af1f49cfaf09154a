// The codegen pipeline's registry: every generator turns specs/ into files under one package's
// src/generated/. `npm run generate` runs them through nx (each package's `generate` target).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, diffGenerated } from './lib/generated-files.mjs';

/** name -> { module (repo-relative), outDir (repo-relative) } */
export const GENERATORS = {
  'api-types': { module: 'tools/api-types/generate.mjs', outDir: 'packages/api-types/src/generated' },
  'theme-config': { module: 'tools/theme-config/generate.mjs', outDir: 'packages/theme-config/src/generated' },
  'api-client': { module: 'tools/api-client/generate.mjs', outDir: 'packages/api-client/src/generated' },
  sandbox: { module: 'tools/sandbox/generate.mjs', outDir: 'packages/sandbox/src/generated' },
  'theme-kit': { module: 'tools/theme-kit/generate.mjs', outDir: 'packages/theme-kit/src/generated' },
};

/** @returns {Promise<Array<{ name: string, outDir: string, generate: () => Promise<Map<string, string | Uint8Array>> }>>} */
export async function loadGenerators() {
  const loaded = [];
  for (const [name, { module, outDir }] of Object.entries(GENERATORS)) {
    const file = path.join(REPO_ROOT, module);
    if (!existsSync(file)) continue;
    const { generate } = await import(pathToFileURL(file).href);
    loaded.push({ name, outDir, generate });
  }
  return loaded;
}

/**
 * The drift check: runs every generator in memory and compares with the committed files.
 * @returns {Promise<Array<{ name: string, stale: string[], missing: string[], extra: string[], error: string | null }>>}
 */
export async function checkDrift() {
  const results = [];
  for (const { name, outDir, generate } of await loadGenerators()) {
    try {
      results.push({ name, ...(await diffGenerated(await generate(), outDir)), error: null });
    } catch (error) {
      results.push({
        name,
        stale: [],
        missing: [],
        extra: [],
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return results;
}
