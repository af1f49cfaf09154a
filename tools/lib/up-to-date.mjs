// Whether a workspace package's build, and the builds of every workspace package it depends on, are newer
// than everything they are built from. The root scripts (`npm start`, `npm run sandbox`, `npm run theme-kit`,
// `npm run example`) skip nx when they are: nx without its daemon cannot tell that outputs on disk already
// match its cache, so even an all-cache run deletes every `dist/` (and `src/generated/`) of the dependency
// chain and copies it back — while a test, an editor or a second terminal may be reading them (a packaging
// test once found `packages/api-types/dist` missing mid-run). It also saves nx's start-up (about 2 s).
// The inputs mirror nx.json's `build` inputs (the project's files but its tests, the specs, the build and
// codegen tooling, tsconfig.base.json, package-lock.json); when in doubt the answer is "not up to date", and
// nx decides.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './generated-files.mjs';
import { workspaceDirs } from './workspaces.mjs';

/** Entries of a project that are not build inputs (nx.json's `production` excludes tests; dist is the output). */
const NOT_INPUTS = new Set(['dist', 'node_modules', 'test', '.vitest-report.json', 'vitest.config.ts', '.turbo']);

/** Files and folders of the repository every build reads (nx.json: sharedGlobals, specs, buildTooling, codegen). */
const SHARED_INPUTS = [
  'tsconfig.base.json',
  'package-lock.json',
  'specs',
  'tools/build',
  'tools/lib',
  'tools/generators.mjs',
  'tools/api-types',
  'tools/api-client',
  'tools/theme-config',
  'tools/theme-kit',
  'tools/sandbox',
];

/**
 * The files under `root` that git would commit (tracked ones, and untracked ones it does not ignore), as
 * repository-relative POSIX paths; nx's inputs leave ignored files out the same way (a test's `.tmp/`, a
 * screenshot folder). Undefined when git cannot say (not a checkout): then nothing counts as up to date.
 * @param {string} root
 * @returns {string[] | undefined}
 */
function committableFiles(root) {
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return listed.split('\0').filter((file) => file !== '');
  } catch {
    return undefined;
  }
}

/**
 * The newest modification time among `files` (repository-relative) under the folder or file `target`; a
 * file's folder counts too (a deleted file changes it), except `target` itself, which gains entries that
 * are no inputs (a test report, `dist/`). A listed file missing from disk (deleted, not yet committed)
 * counts as changed now.
 * @param {string} root
 * @param {readonly string[]} files
 * @param {string} target repository-relative
 * @param {ReadonlySet<string>} [skip] names to leave out directly under `target`
 */
function newest(root, files, target, skip) {
  const prefix = `${target}/`;
  let latest = 0;
  for (const file of files) {
    if (file !== target && !file.startsWith(prefix)) continue;
    const rest = file.slice(prefix.length);
    if (file.endsWith('.test.ts') || skip?.has(rest.split('/')[0] ?? '')) continue;
    try {
      latest = Math.max(latest, statSync(path.join(root, file)).mtimeMs);
    } catch {
      return Number.POSITIVE_INFINITY;
    }
    const folder = path.posix.dirname(file);
    if (folder !== target && folder.startsWith(prefix))
      latest = Math.max(latest, statSync(path.join(root, folder)).mtimeMs);
  }
  return latest;
}

/**
 * The oldest modification time of the files under `dir`, or 0 when it is missing or holds no file.
 * @param {string} dir
 */
function oldestFile(dir) {
  let oldest = Number.POSITIVE_INFINITY;
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else oldest = Math.min(oldest, statSync(full).mtimeMs);
    }
  };
  try {
    walk(dir);
  } catch {
    return 0;
  }
  return Number.isFinite(oldest) ? oldest : 0;
}

/**
 * The workspace packages `project` builds with: itself and, transitively, every workspace package among its
 * dependencies of any kind (nx's `^build`), as directories.
 * @param {string} project an npm name
 * @param {string} [root] the repository
 * @returns {string[] | undefined} undefined when `project` is not a workspace
 */
export function buildChain(project, root = REPO_ROOT) {
  return chainIn(workspaces(root), project);
}

/**
 * Every workspace package by npm name: its directory, its workspace dependencies and whether it builds.
 * @param {string} root
 * @returns {Map<string, { dir: string, deps: string[], builds: boolean }>}
 */
function workspaces(root) {
  const byName = new Map();
  for (const dir of workspaceDirs(root)) {
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    const deps = Object.keys({
      ...manifest.dependencies,
      ...manifest.devDependencies,
      ...manifest.peerDependencies,
    });
    byName.set(manifest.name, { dir, deps, builds: typeof manifest.scripts?.build === 'string' });
  }
  return byName;
}

/**
 * @param {Map<string, { dir: string, deps: string[] }>} byName
 * @param {string} project
 */
function chainIn(byName, project) {
  if (!byName.has(project)) return undefined;
  const chain = new Set();
  const visit = (name) => {
    const found = byName.get(name);
    if (!found || chain.has(found.dir)) return;
    chain.add(found.dir);
    for (const dep of found.deps) visit(dep);
  };
  visit(project);
  return [...chain];
}

/**
 * Whether every package of `project`'s build chain has a `dist/` newer than all of its inputs (its own files
 * but its tests, those of the packages it builds with, and the shared tooling); with how many packages build.
 * @param {string} project an npm name
 * @param {string} [root] the repository
 * @returns {{ upToDate: boolean, packages: number }}
 */
export function buildUpToDate(project, root = REPO_ROOT) {
  const byName = workspaces(root);
  const chain = chainIn(byName, project);
  if (chain === undefined) return { upToDate: false, packages: 0 };
  const files = committableFiles(root);
  if (files === undefined) return { upToDate: false, packages: 0 };
  const shared = Math.max(...SHARED_INPUTS.map((input) => newest(root, files, input)));
  /** @type {Map<string, number>} */
  const own = new Map();
  const ownInputs = (dir) => {
    let time = own.get(dir);
    if (time === undefined) {
      time = newest(root, files, path.relative(root, dir).split(path.sep).join('/'), NOT_INPUTS);
      own.set(dir, time);
    }
    return time;
  };
  let packages = 0;
  for (const [name, { dir, builds }] of byName) {
    // A private package inlined into the others has no build of its own; its files count for theirs.
    if (!chain.includes(dir) || !builds) continue;
    packages += 1;
    const inputs = Math.max(shared, ...(chainIn(byName, name) ?? [dir]).map(ownInputs));
    const output = oldestFile(path.join(dir, 'dist'));
    if (output === 0 || output < inputs) return { upToDate: false, packages: 0 };
  }
  return { upToDate: true, packages };
}
