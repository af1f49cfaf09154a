// The published packages' entry points, read from their manifests: every JavaScript subpath of each
// `exports` map, traced through the package's tsup `entry` table back to the source file it is built
// from. TypeDoc documents the sources (no build needed), under the name a user imports.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * @typedef {object} EntryPoint
 * @property {string} packageName  e.g. `@commerce-kit/api-client`
 * @property {string} packageDir   e.g. `packages/api-client` (relative to the repository's root)
 * @property {string} specifier    what a user imports, e.g. `@commerce-kit/api-client/oauth`
 * @property {string} source       the source file, relative to the repository's root
 */

/**
 * tsup's `entry` table of a package (`name -> source`), read from its tsup.config.ts.
 * @param {string} dir absolute package directory
 * @returns {Record<string, string>}
 */
export function tsupEntries(dir) {
  const config = readFileSync(path.join(dir, 'tsup.config.ts'), 'utf8');
  const table = /\bentry:\s*\{([^}]*)\}/.exec(config);
  if (!table) throw new Error(`${path.relative(REPO_ROOT, dir)}/tsup.config.ts has no \`entry: { ... }\` table`);
  /** @type {Record<string, string>} */
  const entries = {};
  for (const match of (table[1] ?? '').matchAll(/['"]?([\w.-]+)['"]?\s*:\s*['"]([^'"]+)['"]/g))
    entries[match[1] ?? ''] = match[2] ?? '';
  return entries;
}

/** The published (non-private) packages under packages/, sorted by directory. */
export function publishedPackageDirs() {
  const root = path.join(REPO_ROOT, 'packages');
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(root, entry.name, 'package.json')))
    .map((entry) => path.join(root, entry.name))
    .filter((dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).private !== true)
    .sort();
}

/** @returns {EntryPoint[]} every JavaScript entry point of every published package */
export function entryPoints() {
  return publishedPackageDirs().flatMap((dir) => {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const entries = tsupEntries(dir);
    const packageDir = path.relative(REPO_ROOT, dir).replaceAll('\\', '/');
    return Object.entries(manifest.exports ?? {}).flatMap(([subpath, target]) => {
      const built = typeof target === 'object' && target !== null ? target.import?.default : undefined;
      // Patterns (schemas, models, blocks) and package.json are files, not modules.
      if (typeof built !== 'string' || subpath.includes('*') || !built.endsWith('.js')) return [];
      const name = /^\.\/dist\/(.+)\.js$/.exec(built)?.[1];
      const source = name === undefined ? undefined : entries[name];
      if (source === undefined)
        throw new Error(`${manifest.name}: exports["${subpath}"] is ${built}, which no tsup entry builds`);
      return [
        {
          packageName: manifest.name,
          packageDir,
          specifier: subpath === '.' ? manifest.name : `${manifest.name}${subpath.slice(1)}`,
          source: `${packageDir}/${source}`,
        },
      ];
    });
  });
}
