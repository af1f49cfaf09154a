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
 * @property {string} file  entry path relative to the package, e.g. `dist/index.js`
 * @property {number} raw   bytes on disk of the entry and the chunks it imports
 * @property {number} gzip  bytes after gzip -9 of the same files, each compressed on its own
 */

const RELATIVE_IMPORT = /\b(?:import|export)\b[^'"`;]*?['"](\.\/[^'"]+\.js)['"]/g;

/** The file and every chunk it imports statically, transitively (what loading the entry loads). */
function importClosure(dist, file) {
  const seen = new Set();
  const queue = [file];
  while (queue.length > 0) {
    const current = queue.pop();
    if (seen.has(current)) continue;
    seen.add(current);
    const code = readFileSync(join(dist, current), 'utf8');
    for (const match of code.matchAll(RELATIVE_IMPORT)) queue.push(join(current, '..', match[1]).replaceAll('\\', '/'));
  }
  return [...seen];
}

/**
 * Every ESM entry under `dist/` (the `.js` files of a `type: module` package; the `.cjs` twins hold
 * the same code), measured with the shared chunks it imports: code splitting must not hide bytes.
 * Chunks (`chunk-*.js`) are counted in the entries that load them, not budgeted on their own.
 * @param {string} packageDir
 * @returns {FileSize[]}
 */
export function measureDist(packageDir) {
  const dist = join(packageDir, 'dist');
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js') && !entry.name.startsWith('chunk-'))
    .map((entry) => {
      const file = relative(dist, join(entry.parentPath, entry.name)).replaceAll('\\', '/');
      let raw = 0;
      let gzip = 0;
      for (const part of importClosure(dist, file)) {
        const bytes = readFileSync(join(dist, part));
        raw += bytes.length;
        gzip += gzipSync(bytes, { level: 9 }).length;
      }
      return { file: `dist/${file}`, raw, gzip };
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
