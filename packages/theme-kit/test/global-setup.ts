/**
 * The binary tests run `dist/cli.js` as a user would. Under nx the `build` target runs first (see
 * package.json `nx.targets.test.dependsOn`); when vitest is run by hand on a missing or stale build,
 * this builds the package once before the tests.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

export default function setup(): void {
  const cli = path.join(ROOT, 'dist/cli.js');
  const sources = Math.max(newest(path.join(ROOT, 'src')), statSync(path.join(ROOT, 'package.json')).mtimeMs, statSync(path.join(ROOT, 'tsup.config.ts')).mtimeMs);
  if (existsSync(cli) && statSync(cli).mtimeMs >= sources) return;
  const tsup = createRequire(path.join(ROOT, 'package.json')).resolve('tsup/dist/cli-default.js');
  execFileSync(process.execPath, [tsup], { cwd: ROOT, stdio: 'inherit' });
}
