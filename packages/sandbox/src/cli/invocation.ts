/**
 * How a user runs `commerce-sandbox` where this copy of it is, so the commands the CLI prints (the
 * banner's, "Run … --help") work when pasted: in the commerce-kit repository the package's bin is not on
 * any PATH (npm links it at `npm ci`, before `dist` exists) and `npx` would ask the registry, so there it is
 * the root script, `npm run sandbox --`; installed as a dependency (or globally) it is `npx commerce-sandbox`.
 *
 * The repository is recognised by where the running file is: the package's directory is
 * `<repo>/packages/sandbox` (not inside `node_modules`), and `<repo>/package.json` is commerce-kit's, with
 * its `sandbox` script.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_NAME = '@commerce-kit/sandbox';
/** The command line before the arguments, outside the repository. */
export const NPX_INVOCATION = 'npx commerce-sandbox';
/** The command line before the arguments, in the commerce-kit repository. */
export const REPOSITORY_INVOCATION = 'npm run sandbox --';

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The directory of the nearest `package.json` above `file` that is this package's. */
function packageDirectory(file: string): string | undefined {
  let dir = path.dirname(file);
  for (let depth = 0; depth < 5; depth++) {
    if (readJson(path.join(dir, 'package.json'))?.['name'] === PACKAGE_NAME) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

/** Whether the package at `packageDir` is the commerce-kit repository's own workspace. */
export function isRepositoryCheckout(packageDir: string): boolean {
  if (packageDir.split(path.sep).includes('node_modules')) return false;
  if (path.basename(path.dirname(packageDir)) !== 'packages') return false;
  const root = readJson(path.join(packageDir, '..', '..', 'package.json'));
  const scripts = root?.['scripts'];
  return root?.['name'] === 'commerce-kit' && typeof scripts === 'object' && scripts !== null && 'sandbox' in scripts;
}

/** This module's file; undefined where `import.meta.url` is not (the CommonJS build). */
function moduleFile(): string | undefined {
  const url: unknown = import.meta.url;
  return typeof url === 'string' ? fileURLToPath(url) : undefined;
}

/**
 * `npm run sandbox --` in the commerce-kit repository, `npx commerce-sandbox` anywhere else.
 * @param file a file of the running package (default: this module's, after symlinks are resolved)
 */
export function invocation(file: string | undefined = moduleFile()): string {
  const dir = file === undefined ? undefined : packageDirectory(file);
  return dir !== undefined && isRepositoryCheckout(dir) ? REPOSITORY_INVOCATION : NPX_INVOCATION;
}
