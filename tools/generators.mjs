// The codegen pipeline's registry: every generator turns specs/ into files under one package's
// src/generated/. `npm run generate` runs them through nx (each package's `generate` target).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/** Every file under the generators' output folders: repo-relative path -> contents. */
export function readGeneratedFiles() {
  /** @type {Map<string, Buffer>} */
  const files = new Map();
  for (const { outDir } of Object.values(GENERATORS)) {
    const dir = path.join(REPO_ROOT, outDir);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(REPO_ROOT, file).split(path.sep).join('/'), readFileSync(file));
    }
  }
  return files;
}

/**
 * The drift check of `npm test`, which generates once (nx's `generate` targets, before the builds): what the
 * generation changed in the files read by `readGeneratedFiles()` before it, per generator, shaped as
 * `checkDrift()`'s results. Files it rewrote are stale, files it added were missing, files it removed are
 * not generated any more.
 * @param {Map<string, Buffer>} before
 */
export function generatedChanges(before) {
  const after = readGeneratedFiles();
  return Object.entries(GENERATORS).map(([name, { outDir }]) => {
    const inDir = (rel) => rel.startsWith(`${outDir}/`);
    const changed = [...after].filter(([rel]) => inDir(rel));
    return {
      name,
      stale: changed
        .filter(([rel, contents]) => before.has(rel) && !before.get(rel).equals(contents))
        .map(([rel]) => rel),
      missing: changed.filter(([rel]) => !before.has(rel)).map(([rel]) => rel),
      extra: [...before.keys()].filter((rel) => inDir(rel) && !after.has(rel)),
      error: null,
    };
  });
}
