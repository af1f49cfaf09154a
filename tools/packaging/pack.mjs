// `npm pack` a package and judge what ends up in the tarball.
import { join } from 'node:path';
import { runNpm } from './run.mjs';

/** Files every tarball must carry besides dist/. */
export const REQUIRED_TOP_LEVEL_FILES = ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE'];

/**
 * @typedef {object} PackResult
 * @property {string} tarball absolute path of the .tgz
 * @property {string[]} files paths inside the tarball (relative to the package root)
 */

/**
 * Packs the package in `dir` into `destination` with the real npm CLI, so the file list
 * is exactly what `npm publish` would upload (honours `files`, .npmignore, always-included files).
 * Lifecycle scripts are skipped: dist/ must already be built.
 * @param {string} dir
 * @param {string} destination
 * @returns {Promise<PackResult>}
 */
export async function packPackage(dir, destination) {
  const { stdout } = await runNpm(['pack', '--json', '--ignore-scripts', '--pack-destination', destination], {
    cwd: dir,
  });
  /** @type {Array<{ filename: string, files: Array<{ path: string }> }>} */
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    throw new Error(`\`npm pack --json\` in ${dir} printed something that is not JSON:\n${stdout}`);
  }
  const [entry] = report;
  if (!entry) throw new Error(`\`npm pack --json\` in ${dir} reported no tarball`);
  return { tarball: join(destination, entry.filename), files: entry.files.map((file) => file.path).sort() };
}

/**
 * Files that must not be published: anything outside dist/ except the four
 * top-level files. Returns the offenders (empty when the tarball is clean).
 * @param {readonly string[]} files
 * @returns {string[]}
 */
export function unexpectedTarballFiles(files) {
  return files.filter((file) => !file.startsWith('dist/') && !REQUIRED_TOP_LEVEL_FILES.includes(file));
}

/**
 * Top-level files that every tarball must carry but this one lacks.
 * @param {readonly string[]} files
 * @returns {string[]}
 */
export function missingTarballFiles(files) {
  const missing = REQUIRED_TOP_LEVEL_FILES.filter((file) => !files.includes(file));
  if (!files.some((file) => file.startsWith('dist/'))) missing.push('dist/**');
  return missing;
}
