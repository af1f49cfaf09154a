import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { starterContents } from '../src/cli/starter.js';

export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(PACKAGE_ROOT, '../..');
export const EXAMPLES = path.join(REPO_ROOT, 'specs/theme-kit/examples');

/**
 * A store config that is valid without warnings (the one `theme-config init` writes, without its
 * `$schema` line): tests break one field at a time.
 */
export const VALID_STORE: Readonly<Record<string, unknown>> = (({ $schema: _schema, ...store }) => store)(
  starterContents('store') as Record<string, unknown>,
);

/** Directories (recursively) under `dir` that hold at least one *.stk.config.json file. */
export function themeDirs(dir: string): string[] {
  const out: string[] = [];
  const entries = readdirSync(dir).sort();
  if (entries.some((e) => e.endsWith('.stk.config.json'))) out.push(dir);
  for (const e of entries) {
    const full = path.join(dir, e);
    if (statSync(full).isDirectory() && !e.endsWith('.stk.config.json')) out.push(...themeDirs(full));
  }
  return out;
}
