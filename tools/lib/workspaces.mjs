// The directories of the root package.json's workspaces (`tools`, `packages/*`, `editors/*`, `examples/*`), sorted.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './generated-files.mjs';

/** Absolute directories of every workspace of the repository at `root`. */
export function workspaceDirs(root = REPO_ROOT) {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return workspaces
    .flatMap((pattern) => {
      if (!pattern.endsWith('/*')) return [path.join(root, pattern)];
      const parent = path.join(root, pattern.slice(0, -2));
      if (!existsSync(parent)) return [];
      return readdirSync(parent, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => path.join(parent, entry.name));
    })
    .sort();
}
