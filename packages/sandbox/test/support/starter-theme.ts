// Copies of the theme kit's starter theme for a test file: `theme-kit init` (its built CLI, a Node process)
// runs once per file, and each test gets a copy of what it wrote, free to change.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const THEME_KIT_CLI = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@commerce-kit/theme-kit/package.json')),
  'dist',
  'cli.js',
);

/**
 * A function that returns a new copy of the starter theme on each call, in a directory of its own under
 * the system temp directory (named after `prefix`); every directory it made is pushed to `dirs`, for the
 * file's `afterAll` to remove.
 */
export function starterThemes(prefix: string, dirs: string[]): () => string {
  let template: string | undefined;
  return () => {
    if (template === undefined) {
      template = mkdtempSync(path.join(tmpdir(), `${prefix}template-`));
      dirs.push(template);
      execFileSync(process.execPath, [THEME_KIT_CLI, 'init', template], { stdio: 'ignore' });
    }
    const copy = mkdtempSync(path.join(tmpdir(), prefix));
    dirs.push(copy);
    cpSync(template, copy, { recursive: true });
    return copy;
  };
}
