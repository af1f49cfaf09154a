// Copies of the theme kit's starter theme for a test file: `theme-kit init` (its built CLI, a Node process)
// runs once per file, and each test gets a copy of what it wrote, free to change.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { testTempDir } from '../../../../tools/testing/temp-dir.mjs';

const THEME_KIT_CLI = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@commerce-kit/theme-kit/package.json')),
  'dist',
  'cli.js',
);

/**
 * A function that returns a new copy of the starter theme on each call. Call it at the top of a file (or
 * of a `describe`): the template and every copy are in one `testTempDir` (named after `prefix`), removed
 * when the file's (or the describe's) tests have all run.
 */
export function starterThemes(prefix: string): () => string {
  const root = testTempDir(prefix);
  const template = path.join(root, 'template');
  let copies = 0;
  return () => {
    if (!existsSync(template)) execFileSync(process.execPath, [THEME_KIT_CLI, 'init', template], { stdio: 'ignore' });
    copies += 1;
    const copy = path.join(root, `theme-${copies}`);
    cpSync(template, copy, { recursive: true });
    return copy;
  };
}
