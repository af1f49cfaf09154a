// `npm ci && npm start` is the repository's first command: npm (11+) prints a warning for every
// dependency whose install script no one reviewed. The root package.json's `allowScripts` names each one
// the lockfile marks as having an install script (better-sqlite3 allowed: it fetches or builds the native
// module the sandbox needs; esbuild and nx denied), so `npm ci` installs without that warning.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')) as Record<string, unknown>;

test('every dependency with an install script is reviewed in the root allowScripts', () => {
  const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
  const withScripts = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript === true)
    .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
  expect(withScripts).toContain('better-sqlite3');
  const allowScripts = read('package.json')['allowScripts'] as Record<string, boolean>;
  for (const name of withScripts) expect(Object.keys(allowScripts), name).toContain(name);
  expect(allowScripts['better-sqlite3']).toBe(true);
});
