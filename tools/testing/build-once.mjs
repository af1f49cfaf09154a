// A vitest global setup for packages whose tests run the built output (`dist/cli.js`): under nx the
// `build` target runs first (package.json `nx.targets.test.dependsOn`); when vitest is run by hand on a
// missing or stale build, this builds the package once before the tests.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/**
 * Builds the package at `root` with tsup when `dist/cli.js` is missing or older than its sources.
 * @param {string} root the package directory
 */
export function buildOnce(root) {
  const cli = path.join(root, 'dist/cli.js');
  const sources = Math.max(
    newest(path.join(root, 'src')),
    statSync(path.join(root, 'package.json')).mtimeMs,
    statSync(path.join(root, 'tsup.config.ts')).mtimeMs,
  );
  if (existsSync(cli) && statSync(cli).mtimeMs >= sources) return;
  const tsup = createRequire(path.join(root, 'package.json')).resolve('tsup/dist/cli-default.js');
  execFileSync(process.execPath, [tsup], { cwd: root, stdio: 'inherit' });
}
