// Where the publishable packages live and what their manifests say.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the repository root (this file is tools/packaging/workspace.mjs). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The command that produces every package's dist/, quoted in "not built" errors. */
export const BUILD_HINT = 'run `npx nx run-many -t build` first';

/**
 * @typedef {object} PublishedPackage
 * @property {string} name      npm name, e.g. `@commerce-kit/api-client`
 * @property {string} dir       absolute package directory
 * @property {string} relDir    directory relative to the repo root, e.g. `packages/api-client`
 * @property {Record<string, any>} manifest parsed package.json
 */

/**
 * Every non-private package under packages/, sorted by directory name.
 * @returns {PublishedPackage[]}
 */
export function publishedPackages() {
  const packagesDir = join(repoRoot, 'packages');
  return readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(packagesDir, entry.name, 'package.json')))
    .map((entry) => {
      const dir = join(packagesDir, entry.name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      return { name: manifest.name, dir, relDir: `packages/${entry.name}`, manifest };
    })
    .filter((pkg) => pkg.manifest.private !== true)
    .sort((a, b) => a.relDir.localeCompare(b.relDir));
}

/**
 * Throws a clear error when a package has not been built: its dist/ directory or any
 * concrete (non-pattern) file its `exports`, `main`, `module` or `types` point at is missing.
 * @param {PublishedPackage} pkg
 */
export function assertBuilt(pkg) {
  const missing = [];
  if (!existsSync(join(pkg.dir, 'dist'))) missing.push('dist/');
  for (const target of declaredFiles(pkg.manifest)) {
    if (target.includes('*') || !target.startsWith('./dist/')) continue;
    if (!existsSync(join(pkg.dir, target))) missing.push(target.slice(2));
  }
  if (missing.length > 0) {
    throw new Error(`${pkg.name} is not built (missing in ${pkg.relDir}: ${missing.join(', ')}): ${BUILD_HINT}`);
  }
}

/**
 * Every file path a manifest promises: `main`, `module`, `types` and all leaf targets of
 * the `exports` map (including `types` conditions and wildcard patterns).
 * @param {Record<string, any>} manifest
 * @returns {string[]}
 */
export function declaredFiles(manifest) {
  /** @type {string[]} */ const files = [];
  for (const field of ['main', 'module', 'types']) {
    if (typeof manifest[field] === 'string') files.push(normalizeTarget(manifest[field]));
  }
  for (const value of Object.values(manifest.exports ?? {})) collectTargets(value, files);
  return [...new Set(files)];
}

/** @param {unknown} value @param {string[]} into */
function collectTargets(value, into) {
  if (typeof value === 'string') into.push(normalizeTarget(value));
  else if (Array.isArray(value)) for (const item of value) collectTargets(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) collectTargets(item, into);
}

/** @param {string} target */
function normalizeTarget(target) {
  return target.startsWith('./') ? target : `./${target}`;
}
