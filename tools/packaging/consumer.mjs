// A throwaway consumer project that installs the packed tarballs the way a user would.
import { cpSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { run, runNpm } from './run.mjs';
import { repoRoot } from './workspace.mjs';

/**
 * @typedef {object} PackedPackage
 * @property {string} name
 * @property {string} tarball absolute .tgz path
 * @property {Record<string, any>} manifest
 */

/**
 * Writes a consumer package.json into `dir` and installs every tarball into it.
 *
 * The primary path is a real `npm install --offline` of all tarballs at once (so
 * api-client/webhooks find @commerce-kit/api-types among them, and third-party
 * runtime deps come from the npm cache that `npm ci` filled). If npm cannot install
 * offline (e.g. a cold cache), the tarballs are unpacked with `tar` and the third-party
 * dependencies linked from the repo's node_modules: the package contents under test are
 * the same either way.
 * @param {string} dir
 * @param {readonly PackedPackage[]} packages
 * @returns {Promise<{ method: 'npm' | 'tar', note: string }>}
 */
export async function installConsumer(dir, packages) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'commerce-kit-consumer', version: '0.0.0', private: true, type: 'module' }, null, 2)}\n`,
  );
  let method = /** @type {'npm' | 'tar'} */ ('npm');
  let note = 'npm install --offline';
  try {
    // Lets the fallback path be exercised on purpose (it is otherwise only taken on a cold npm cache).
    if (process.env.COMMERCE_KIT_CONSUMER_INSTALL === 'tar') throw new Error('COMMERCE_KIT_CONSUMER_INSTALL=tar');
    await runNpm(
      [
        'install',
        '--offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        '--no-package-lock',
        '--loglevel=error',
        ...packages.map((pkg) => pkg.tarball),
      ],
      { cwd: dir },
    );
  } catch (error) {
    method = 'tar';
    note = `npm install --offline failed, unpacked the tarballs with tar instead:\n${/** @type {Error} */ (error).message}`;
    await unpackInto(dir, packages);
  }
  linkTypesNode(dir);
  return { method, note };
}

/**
 * Fallback install: node_modules/<name> from each tarball, third-party deps symlinked.
 * @param {string} dir
 * @param {readonly PackedPackage[]} packages
 */
async function unpackInto(dir, packages) {
  const ours = new Set(packages.map((pkg) => pkg.name));
  for (const pkg of packages) {
    const target = join(dir, 'node_modules', pkg.name);
    mkdirSync(target, { recursive: true });
    await run('tar', ['-xzf', pkg.tarball, '-C', target, '--strip-components=1'], { cwd: dir });
    for (const dependency of Object.keys(pkg.manifest.dependencies ?? {})) {
      if (ours.has(dependency)) continue;
      linkFromRepo(dir, dependency);
    }
  }
}

/**
 * Consumers on Node have @types/node; link the repo's copy so the consumer type-check
 * can resolve `node:*` imports inside our .d.ts files without touching the network.
 * @param {string} dir
 */
function linkTypesNode(dir) {
  if (!existsSync(join(dir, 'node_modules', '@types', 'node'))) linkFromRepo(dir, '@types/node');
}

/** @param {string} dir @param {string} name */
function linkFromRepo(dir, name) {
  const source = join(repoRoot, 'node_modules', name);
  if (!existsSync(source)) throw new Error(`${name} is not installed in the repo's node_modules: run \`npm ci\` first`);
  const link = join(dir, 'node_modules', name);
  if (existsSync(link)) return;
  mkdirSync(dirname(link), { recursive: true });
  try {
    symlinkSync(source, link, 'junction');
  } catch {
    cpSync(source, link, { recursive: true });
  }
}
