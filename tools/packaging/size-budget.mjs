// Gzip size of every ESM file a package ships, checked against tools/size-budget.json.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './workspace.mjs';

/** Where the budgets live. */
export const BUDGET_FILE = join(repoRoot, 'tools', 'size-budget.json');

/**
 * @typedef {object} SizeBudgets
 * @property {Record<string, Record<string, number>>} packages
 *   package name -> (file path relative to the package, or the fallback key `dist/*.js`) -> max gzip bytes
 */

/** @returns {SizeBudgets} */
export function readBudgets() {
  return JSON.parse(readFileSync(BUDGET_FILE, 'utf8'));
}

/**
 * @typedef {object} FileSize
 * @property {string} file  path relative to the package, e.g. `dist/index.js`
 * @property {number} raw   bytes on disk
 * @property {number} gzip  bytes after gzip -9 (what a CDN or bundler report would show)
 */

/**
 * Every ESM JavaScript file under `dist/` (the `.js` files of a `type: module` package;
 * the `.cjs` twins hold the same code and are not budgeted separately).
 * @param {string} packageDir
 * @returns {FileSize[]}
 */
export function measureDist(packageDir) {
  const dist = join(packageDir, 'dist');
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => {
      const absolute = join(entry.parentPath, entry.name);
      const bytes = readFileSync(absolute);
      return {
        file: relative(packageDir, absolute).replaceAll('\\', '/'),
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * The budget for one file: its own entry, else the package's `dist/*.js` fallback, else null.
 * @param {SizeBudgets} budgets
 * @param {string} packageName
 * @param {string} file
 * @returns {number | null}
 */
export function budgetFor(budgets, packageName, file) {
  const forPackage = budgets.packages[packageName];
  if (!forPackage) return null;
  return forPackage[file] ?? forPackage['dist/*.js'] ?? null;
}

/**
 * A budget with `headroom` (0.3 = 30 %) over `gzip`, rounded up to the next 256 bytes so
 * small changes don't churn the file.
 * @param {number} gzip
 * @param {number} [headroom]
 */
export function budgetWithHeadroom(gzip, headroom = 0.3) {
  return Math.ceil((gzip * (1 + headroom)) / 256) * 256;
}

/** @param {number} bytes */
export function formatBytes(bytes) {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(2)} kB`;
}
