// Vitest projects that share modules between test files where that is safe.
//
// Isolation (a fresh module graph per test file) costs an import of the package and its dependencies for
// every file: about a third of a suite's CPU here. A file that mocks a module, stubs a global or the
// environment, fakes timers or changes the working directory needs it, since what it changes would stay
// for the next file of its worker; every other file runs with `isolate: false`. Which file needs it is
// read from its source at each run, so no list is kept by hand.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What makes a test file change state that outlives it. */
export const NEEDS_ISOLATION =
  /\bvi\.(?:mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn\(\s*process\b)|\bprocess\.chdir\(|\bglobalThis\.\w+\s*=[^=]/;

/** The test files under `dir` (relative to `root`) whose names end in one of `suffixes`. */
function testFiles(root, dir, suffixes) {
  const found = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !suffixes.some((suffix) => entry.name.endsWith(suffix))) continue;
    const file = path.relative(root, path.join(entry.parentPath, entry.name));
    if (!file.split(path.sep).includes('node_modules')) found.push(file.split(path.sep).join('/'));
  }
  return found.sort();
}

/**
 * Inline projects for a package's vitest config (`test.projects`): `isolated` for the files that need it,
 * `shared` (`isolate: false`) for the rest, and `last` for the files named in `last`: they run after every
 * other file of the package is done (vitest's `sequence.groupOrder`), for a test that rewrites what the
 * others read (a build of the package's own `dist`). All extend the root config (timeouts, setup, reporters).
 * @param {string} root the package directory (the config's `import.meta.dirname`)
 * @param {{ dir?: string, suffixes?: string[], last?: string[] }} [options]
 */
export function isolationProjects(root, { dir = 'test', suffixes = ['.test.ts'], last = [] } = {}) {
  const files = testFiles(root, dir, suffixes);
  for (const file of last) if (!files.includes(file)) throw new Error(`isolationProjects: no test file ${file}`);
  const rest = files.filter((file) => !last.includes(file));
  const isolated = rest.filter((file) => NEEDS_ISOLATION.test(readFileSync(path.join(root, file), 'utf8')));
  const shared = rest.filter((file) => !isolated.includes(file));
  return [
    ...(isolated.length > 0 ? [{ extends: true, test: { name: 'isolated', include: isolated } }] : []),
    ...(shared.length > 0 ? [{ extends: true, test: { name: 'shared', include: shared, isolate: false } }] : []),
    ...(last.length > 0 ? [{ extends: true, test: { name: 'last', include: last, sequence: { groupOrder: 1 } } }] : []),
  ];
}
