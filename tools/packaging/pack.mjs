// `npm pack` a package and judge what ends up in the tarball.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runNpm } from './run.mjs';

/** Files every tarball must carry besides dist/. */
export const REQUIRED_TOP_LEVEL_FILES = ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE'];

/**
 * @typedef {object} PackResult
 * @property {string} tarball absolute path of the .tgz
 * @property {string[]} files paths inside the tarball (relative to the package root)
 */

/**
 * Packs the packages in `dirs` into `destination` with the real npm CLI, so each file list is exactly
 * what `npm publish` would upload (honours `files`, .npmignore, always-included files). One npm run for
 * all of them (`npm pack -w DIR …` from the workspace root): an npm start costs about a second of CPU.
 * Lifecycle scripts are skipped: dist/ must already be built.
 * @param {readonly string[]} dirs absolute package directories inside the workspace at `root`
 * @param {string} destination
 * @param {string} root the workspace root
 * @returns {Promise<Map<string, PackResult>>} by package directory
 */
export async function packPackages(dirs, destination, root) {
  const workspaces = dirs.flatMap((dir) => ['-w', relative(root, dir)]);
  const { stdout } = await runNpm(
    ['pack', '--json', '--ignore-scripts', '--pack-destination', destination, ...workspaces],
    { cwd: root },
  );
  /** @type {Array<{ name: string, filename: string, files: Array<{ path: string }> }>} */
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    throw new Error(`\`npm pack --json\` in ${root} printed something that is not JSON:\n${stdout}`);
  }
  const byName = new Map(report.map((entry) => [entry.name, entry]));
  const packed = new Map();
  for (const dir of dirs) {
    const { name } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const entry = byName.get(name);
    if (!entry) throw new Error(`\`npm pack --json\` reported no tarball for ${name} (${dir})`);
    packed.set(dir, {
      tarball: join(destination, entry.filename),
      files: entry.files.map((file) => file.path).sort(),
    });
  }
  return packed;
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
